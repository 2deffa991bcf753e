/**
 * Signals (DESIGN.md sec. 8, issue 43 F6): SIGINT, SIGTERM and SIGHUP end a writing command at any
 * point with the old outputs byte for byte as they were, no temporary beside them, and the process
 * ended by the signal. Each run is a process of its own (the CLI from the sources). The moment
 * "temporaries exist" is made sure by the test hook TXANON_TEST_PAUSE_MS (outputFiles.ts: a pause
 * after each temporary is written); other moments by signals sent at staggered delays, where a run
 * that finished first must have put every new file in place instead.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_TEXT } from './fuzz/fixtures.ts';

/** 3,000 rows of 3 to 6 items: a run of a few seconds with its writes. */
const ROWS =
  Array.from({ length: 3000 }, (_, i) =>
    Array.from({ length: 3 + (i % 4) }, (_, j) => (i * 7 + j * 31) % 120).join(' '),
  ).join('\n') + '\n';

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** tsx by its full address: the runs start in their own directories. */
const TSX = import.meta.resolve('tsx');

const temporaries = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.txanon-tmp'));

/**
 * Runs `args` in `dir`; sends `signal` once `temps` temporaries exist (with the pause hook), or
 * after `delayMs`.
 */
function interrupted(
  dir: string,
  args: string[],
  signal: NodeJS.Signals,
  when: { temps: number } | { delayMs: number },
): Promise<Ended> {
  const pause = 'temps' in when ? { TXANON_TEST_PAUSE_MS: '1500' } : {};
  const child = spawn(process.execPath, ['--import', TSX, join(process.cwd(), 'src/cli/main.ts'), ...args], {
    cwd: dir,
    env: { ...process.env, ...pause },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let timer: NodeJS.Timeout | undefined;
  if ('temps' in when)
    timer = setInterval(() => {
      if (temporaries(dir).length >= when.temps) {
        clearInterval(timer);
        child.kill(signal);
      }
    }, 10);
  else timer = setTimeout(() => child.kill(signal), when.delayMs);
  return new Promise((resolve) =>
    child.on('exit', (code, sig) => {
      clearInterval(timer);
      clearTimeout(timer);
      resolve({ code, signal: sig, stderr });
    }),
  );
}

/** A directory with `files` written into it. */
function directory(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'txanon-signals-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const OLD = { 'A.json': 'old release\n', 'B.json': 'old audit\n', 'C.dat': 'old export\n' };
const ANONYMIZE = [
  'anonymize',
  'data.dat',
  '--method',
  'pta',
  '--k',
  '4',
  '--workers',
  '1',
  '--out',
  'A.json',
  '--audit',
  'B.json',
  '--export',
  'C.dat',
];

function expectOldKept(dir: string, ended: Ended, signal: NodeJS.Signals): void {
  expect(ended.signal, ended.stderr).toBe(signal);
  for (const [name, text] of Object.entries(OLD)) expect(readFileSync(join(dir, name), 'utf8')).toBe(text);
  expect(temporaries(dir)).toEqual([]);
}

describe('a signal while temporaries exist: old outputs kept, none left, ended by the signal', () => {
  for (const [signal, temps] of [
    ['SIGINT', 1],
    ['SIGTERM', 2],
    ['SIGHUP', 3],
    ['SIGINT', 3],
  ] as const)
    it(`anonymize --out A --audit B --export C, ${signal} once ${temps} temporaries exist`, async () => {
      const dir = directory({ 'data.dat': ROWS, ...OLD });
      expectOldKept(dir, await interrupted(dir, ANONYMIZE, signal, { temps }), signal);
    }, 60_000);
});

describe('a signal at staggered moments: killed with the old files, or finished with the new', () => {
  it('SIGINT after 0.3 s to 6 s', async () => {
    const outcomes: string[] = [];
    for (const delayMs of [300, 1200, 2500, 4000, 6000]) {
      const dir = directory({ 'data.dat': ROWS, ...OLD });
      const ended = await interrupted(dir, ANONYMIZE, 'SIGINT', { delayMs });
      expect(temporaries(dir)).toEqual([]);
      if (ended.signal === 'SIGINT') {
        expectOldKept(dir, ended, 'SIGINT');
        outcomes.push('killed');
      } else {
        // The run ended before the signal: every file new, and whole.
        expect(ended.code, ended.stderr).toBe(0);
        expect(JSON.parse(readFileSync(join(dir, 'A.json'), 'utf8')).format).toBe('txanon-release/1');
        expect(JSON.parse(readFileSync(join(dir, 'B.json'), 'utf8'))).toHaveProperty('rowOf');
        expect(readFileSync(join(dir, 'C.dat'), 'utf8')).not.toBe(OLD['C.dat']);
        outcomes.push('finished');
      }
    }
    expect(outcomes[0]).toBe('killed');
  }, 180_000);
});

describe('every writing command keeps its old output when stopped while its temporary exists', () => {
  const commands: [string, Record<string, string>, string[]][] = [
    ['generate', {}, ['generate', '--D', '2000', '--seed', '1', '--out', 'C.dat']],
    ['pgen', { 'data.dat': DATA_TEXT }, ['pgen', 'data.dat', '--k', '2', '--out', 'C.dat']],
    [
      'teach',
      { 'data.dat': DATA_TEXT },
      ['teach', 'data.dat', '--method', 'pta', '--k', '2', '--out', 'C.dat'],
    ],
    [
      'sweep',
      {
        'data.dat': DATA_TEXT,
        'spec.json': JSON.stringify({ dataset: 'data.dat', runs: [{ method: 'pta', params: { k: 2 } }] }),
      },
      ['sweep', 'spec.json', '--workers', '1', '--out', 'C.dat'],
    ],
  ];
  for (const [name, files, args] of commands)
    it(`${name}: SIGTERM`, async () => {
      const dir = directory({ ...files, 'C.dat': OLD['C.dat'] });
      const ended = await interrupted(dir, args, 'SIGTERM', { temps: 1 });
      expect(ended.signal, ended.stderr).toBe('SIGTERM');
      expect(readFileSync(join(dir, 'C.dat'), 'utf8')).toBe(OLD['C.dat']);
      expect(temporaries(dir)).toEqual([]);
    }, 60_000);
});
