/**
 * Progress on stderr (src/cli/progress.ts, DESIGN.md sec. 8): on a terminal, the long commands
 * (anonymize, check, evaluate, attack, sweep, distribute) draw a line with the stage, a bar or a count and
 * the time so far, and end with the stages' times; piped, they write nothing there; `--quiet`
 * writes nothing even on a terminal. The terminal is a real pseudo-terminal: the CLI spawned under
 * `script` (util-linux), whose output is what the terminal showed.
 */
import { spawnSync } from 'node:child_process';
import { gunzipSync } from 'node:zlib';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { terminalProgress, type ProgressStream } from '../src/cli/progress.ts';
import { scratch } from './cliInProcess.ts';
import { SPAWNS_LIMIT_MS } from './limits.ts';

const dir = scratch('progress');
const data = dir.file(
  'mushroom-600.dat',
  gunzipSync(readFileSync('test/data/mushroom.dat.gz')).toString().split('\n').slice(0, 600).join('\n') +
    '\n',
);
const release = dir.path('r.json');
const audit = dir.path('a.json');
const spec = dir.path('spec.json');
writeFileSync(
  spec,
  JSON.stringify({ dataset: 'mushroom-600.dat', runs: [{ method: 'pta', params: { k: [2, 3, 4] } }] }),
);

const CLI = [process.execPath, '--import', 'tsx', 'src/cli/main.ts'];
const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/** The command line run on a pseudo-terminal (stdout and stderr both on it): what it showed. */
function onTerminal(...args: string[]): { code: number | null; shown: string } {
  const r = spawnSync('script', ['-qfec', [...CLI, ...args].map(quote).join(' '), '/dev/null'], {
    encoding: 'utf8',
    env: { ...process.env, COLUMNS: '120' },
  });
  return { code: r.status, shown: r.stdout };
}

/** The command line with stderr piped. */
function piped(...args: string[]) {
  const [node, ...rest] = CLI;
  return spawnSync(node, [...rest, ...args], { encoding: 'utf8' });
}

/** What starts each drawing of the line: a carriage return and "clear to the end of the line". */
const CLEAR = '\r\x1b[K';

/** The progress lines a terminal was sent (each drawn after a carriage return and a line clear). */
const progressLines = (shown: string, command: string) =>
  shown
    .split(CLEAR)
    .map((line) => line.trim())
    .filter((line) => line.startsWith(`txanon ${command} ·`));

const COMMANDS: [string, string[], RegExp][] = [
  [
    'anonymize',
    ['anonymize', data, '--method', 'pta', '--k', '3', '--out', release, '--audit', audit],
    /^txanon anonymize · [\d.]+ m?s \(reading .*running .*verifying .*measuring .*publishing/,
  ],
  [
    'check',
    ['check', data, '--model', 'km-anonymity', '--k', '3', '--m', '2'],
    /^txanon check · [\d.]+ m?s \(reading .*grouping .*verifying .*measuring/,
  ],
  ['evaluate', ['evaluate', data, release, '--audit', audit], /^txanon evaluate · .*\(reading .*verifying/],
  [
    'attack',
    ['attack', data, release, '--audit', audit, '--targets', '50'],
    /^txanon attack · .*\(reading .*attacking/,
  ],
  ['sweep', ['sweep', spec, '--out', dir.path('results.json')], /^txanon sweep · .*\(reading .*runs /],
  [
    'distribute',
    ['distribute', data, '--method', 'pta', '--k', '3', '--parts', '2', '--out', dir.path('d.json')],
    /^txanon distribute · .*\(reading .*partitioning .*partitions .*merging .*publishing/,
  ],
];

describe('progress on a terminal (a pseudo-terminal through script)', () => {
  // The anonymize run writes the release evaluate reads: the commands run in order.
  it.each(COMMANDS)(
    '%s draws its stages and ends with their times',
    (command, args, last) => {
      const { code, shown } = onTerminal(...args);
      expect(code, shown).toBe(0);
      const lines = progressLines(shown, command);
      expect(lines.length, shown).toBeGreaterThanOrEqual(2);
      expect(lines.at(-1), shown).toMatch(last);
      // While it ran: a stage and the time so far (a bar, or a count for sweep and distribute).
      expect(
        lines.slice(0, -1).some((line) => /· (reading|running|verifying|runs|partitions) ·/.test(line)),
      ).toBe(true);
      if (command === 'sweep') expect(shown).toMatch(/· runs · 3\/3 /);
      if (command === 'distribute') expect(shown).toMatch(/· partitions · 2\/2 /);
    },
    // Each a process of its own (distribute starts two more), on a loaded machine.
    SPAWNS_LIMIT_MS,
  );

  it(
    'writes none with --quiet',
    () => {
      const { code, shown } = onTerminal('check', data, '--model', 'k-anonymity', '--k', '2', '--quiet');
      expect(code).toBe(0);
      expect(shown).toMatch(/"model": "k-anonymity"/);
      expect(progressLines(shown, 'check')).toEqual([]);
      expect(shown).not.toContain(CLEAR);
    },
    SPAWNS_LIMIT_MS,
  );
});

describe('progress piped', () => {
  it(
    'anonymize and check write nothing on stderr',
    () => {
      for (const [command, args] of COMMANDS.slice(0, 2)) {
        const r = piped(...args);
        expect(r.status, r.stderr).toBe(0);
        expect(r.stderr, command).toBe('');
        expect(r.stdout).toMatch(/^\{/);
      }
    },
    SPAWNS_LIMIT_MS,
  );
});

describe('the progress line', () => {
  /** A terminal that keeps what it was sent, and a clock moved by hand. */
  function terminal() {
    const sent: string[] = [];
    const stream: ProgressStream = { isTTY: true, columns: 100, write: (text) => sent.push(text) };
    let time = 0;
    const progress = terminalProgress('check', stream, () => time);
    return { sent, progress, tick: (ms: number) => (time += ms) };
  }

  it('draws the stage, a bar and the time; at most one redraw per 100 ms within a stage', () => {
    const { sent, progress, tick } = terminal();
    progress.stage('verifying');
    tick(50);
    progress.fraction(0.25, 'itemsets');
    tick(100);
    progress.fraction(0.5, 'itemsets');
    expect(sent).toEqual([
      '\r\x1b[Ktxanon check · verifying · 0.0 ms',
      '\r\x1b[Ktxanon check · verifying · [############------------] 50% · itemsets · 150 ms',
    ]);
    tick(1850);
    progress.stage('measuring', 4);
    progress.count(3);
    tick(200);
    progress.count(4, 'the last');
    expect(sent.at(-1)).toBe('\r\x1b[Ktxanon check · measuring · 4/4 · the last · 2.2 s');
    progress.end();
    progress.end();
    expect(sent.at(-1)).toBe('\r\x1b[Ktxanon check · 2.2 s (verifying 2.0 s, measuring 200 ms)\n');
    expect(sent.filter((s) => s.endsWith('\n'))).toHaveLength(1);
  });

  it('writes a log line above the progress line and cuts a line wider than the terminal', () => {
    const { sent, progress, tick } = terminal();
    progress.stage('partitions', 2);
    progress.line('partition 0: attempt 1 started');
    expect(sent.slice(-2)).toEqual([
      '\r\x1b[Kpartition 0: attempt 1 started\n',
      '\r\x1b[Ktxanon check · partitions · 0/2 · 0.0 ms',
    ]);
    tick(200);
    progress.count(1, 'x'.repeat(300));
    expect(sent.at(-1)!.length).toBeLessThanOrEqual('\r\x1b[K'.length + 99);
    expect(sent.at(-1)).toMatch(/…$/);
  });
});
