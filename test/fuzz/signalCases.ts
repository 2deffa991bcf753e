/**
 * Interrupted writing commands (DESIGN.md sec. 8, issue 43 F6): every command that writes files
 * (all but `distribute`, whose driver has its own handling), run over existing outputs as a
 * process of its own (the CLI from the sources) and sent SIGINT, SIGTERM or SIGHUP in a phase of
 * its writing, or after a delay. What must hold: the process ends by the signal, or (sent late)
 * finishes with exit 0; no temporary is left; and the outputs are either all old, byte for byte
 * (an output that did not exist still does not), or all new, never a mix. A phase is reached
 * through the test hook TXANON_TEST_PAUSE_MS (src/cli/outputFiles.ts): `publish` says each phase
 * on stderr (`txanon-test: writing`, `temporary K`, `placed`) and pauses in it. Used by
 * test/signals.test.ts (every phase of every writer) and by the fuzz's `signals` category (random
 * writers, phases, signals and delays).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { caseRng, pickOf, type CaseSource } from './fuzzCase.ts';
import { DATA_TEXT, fixture } from './fixtures.ts';

export const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type Signal = (typeof SIGNALS)[number];

/** A writing command: the files it reads, its command line, the files it writes. */
export interface Writer {
  name: string;
  /** Writes its inputs into `dir`. */
  inputs(dir: string): void;
  argv: string[];
  /** Every file it writes, in `dir`. */
  outputs: string[];
  /** The outputs that do not exist before the run (the others hold old bytes). */
  fresh?: string[];
}

/** 3,000 rows of 3 to 6 items: a run of a few seconds with its writes. */
export const ROWS =
  Array.from({ length: 3000 }, (_, i) =>
    Array.from({ length: 3 + (i % 4) }, (_, j) => (i * 7 + j * 31) % 120).join(' '),
  ).join('\n') + '\n';

const data = (text: string) => (dir: string) => writeFileSync(join(dir, 'data.dat'), text);

export const WRITERS: readonly Writer[] = [
  {
    name: 'anonymize --out --audit --export --rules-out',
    inputs: data(ROWS),
    argv: ['anonymize', 'data.dat', '--method', 'pta', '--k', '4', '--workers', '1'].concat([
      '--out',
      'A.json',
      '--audit',
      'B.json',
      '--export',
      'C.dat',
      '--rules-out',
      'R.json',
    ]),
    outputs: ['A.json', 'B.json', 'C.dat', 'R.json'],
  },
  {
    name: 'anonymize --export to Parquet with its generalized table',
    inputs: data(DATA_TEXT),
    argv: [
      'anonymize',
      'data.dat',
      '--method',
      'apriori-km',
      '--k',
      '2',
      '--m',
      '2',
      '--workers',
      '1',
    ].concat(['--out', 'A.json', '--export', 'C.parquet', '--export-format', 'parquet']),
    outputs: ['A.json', 'C.parquet', 'C-generalized.parquet'],
    fresh: ['C-generalized.parquet'],
  },
  {
    name: 'apply --export --out',
    inputs: (dir) => {
      data(DATA_TEXT)(dir);
      fixture(dir, 'pta-rules.json');
      fixture(dir, 'pta-audit.json');
    },
    argv: ['apply', 'data.dat', '--rules', 'pta-rules.json', '--audit', 'pta-audit.json'].concat([
      '--export',
      'E.dat',
      '--out',
      'O.json',
    ]),
    outputs: ['E.dat', 'O.json'],
  },
  {
    name: 'sweep --out',
    inputs: (dir) => {
      data(DATA_TEXT)(dir);
      fixture(dir, 'spec.json');
    },
    argv: ['sweep', 'spec.json', '--workers', '1', '--out', 'S.json'],
    outputs: ['S.json'],
  },
  {
    name: 'generate --out (streamed)',
    inputs: () => {},
    argv: ['generate', '--D', '2000', '--seed', '1', '--out', 'G.dat'],
    outputs: ['G.dat'],
  },
  {
    name: 'pgen --out',
    inputs: data(DATA_TEXT),
    argv: ['pgen', 'data.dat', '--k', '2', '--out', 'P.json'],
    outputs: ['P.json'],
  },
  {
    name: 'teach --out --deck',
    inputs: data(DATA_TEXT),
    argv: ['teach', 'data.dat', '--method', 'pta', '--k', '2', '--out', 'T.json', '--deck', 'D.html'],
    outputs: ['T.json', 'D.html'],
    fresh: ['D.html'],
  },
];

/** The phases of a writer's `publish`, as the test hook says them, in order. */
export function phasesOf(writer: Writer): string[] {
  return ['writing', ...writer.outputs.map((_, i) => `temporary ${i + 1}`), 'placed'];
}

/** When the signal is sent: once the run says a phase (the hook pausing there), or after a delay. */
export type When = { phase: string } | { delayMs: number };

export interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** tsx and the CLI by their full addresses: a run starts in its own directory. */
const TSX = import.meta.resolve('tsx');
const MAIN = resolve(fileURLToPath(import.meta.url), '../../../src/cli/main.ts');
/** The pause in a phase: long enough for the signal to arrive on a loaded 2-core machine. */
const PAUSE_MS = '2000';

/** Old bytes in `dir` for each output the writer replaces, and its inputs. */
export function prepareWriter(writer: Writer, dir: string): Map<string, Buffer> {
  writer.inputs(dir);
  const old = new Map<string, Buffer>();
  for (const name of writer.outputs) {
    if (writer.fresh?.includes(name)) continue;
    const bytes = Buffer.from(`old ${name}\n`);
    writeFileSync(join(dir, name), bytes);
    old.set(name, bytes);
  }
  return old;
}

/** Runs `argv` in `dir` and sends `signal` when `when` says. */
export function interrupted(dir: string, argv: string[], signal: Signal, when: When): Promise<Ended> {
  const child = spawn(process.execPath, ['--import', TSX, MAIN, ...argv], {
    cwd: dir,
    env: { ...process.env, ...('phase' in when && { TXANON_TEST_PAUSE_MS: PAUSE_MS }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  let sent = false;
  let timer: NodeJS.Timeout | undefined;
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
    if ('phase' in when && !sent && stderr.includes(`txanon-test: ${when.phase}\n`)) {
      sent = true;
      child.kill(signal);
    }
  });
  if ('delayMs' in when) timer = setTimeout(() => child.kill(signal), when.delayMs);
  return new Promise((done) =>
    child.on('exit', (code, sig) => {
      clearTimeout(timer);
      done({ code, signal: sig, stdout, stderr });
    }),
  );
}

export const temporaries = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.txanon-tmp'));

/**
 * What is wrong after the run, or null: `expected` says which outcomes are right ('old': ended by
 * the signal before anything was put in place; 'new': every file in place, ended by the signal
 * once they were; 'either': a delay, where the run may have finished first).
 */
export function interruptedProblem(
  writer: Writer,
  dir: string,
  old: ReadonlyMap<string, Buffer>,
  signal: Signal,
  ended: Ended,
  expected: 'old' | 'new' | 'either',
): string | null {
  const said = `(exit ${ended.code}, signal ${ended.signal}, stderr ${JSON.stringify(ended.stderr.slice(-400))})`;
  const left = temporaries(dir);
  if (left.length > 0) return `temporaries left: ${left.join(', ')} ${said}`;
  const killed = ended.signal === signal;
  if (!killed && !(expected === 'either' && ended.code === 0))
    return `expected the process ended by ${signal}${expected === 'either' ? ' or exit 0' : ''} ${said}`;
  const isOld = (name: string) =>
    old.has(name) ? readFileSync(join(dir, name)).equals(old.get(name)!) : !existsSync(join(dir, name));
  const olds = writer.outputs.filter(isOld);
  const state = olds.length === writer.outputs.length ? 'old' : olds.length === 0 ? 'new' : 'mixed';
  if (state === 'mixed') return `some outputs old (${olds.join(', ')}), the others new ${said}`;
  if (expected !== 'either' && state !== expected)
    return `expected every output ${expected}, found them ${state} ${said}`;
  if (!killed && state !== 'new') return `exit 0 with the old outputs ${said}`;
  return null;
}

/** The exit status a shell shows for a process ended by `signal`. */
export const signalStatus = (signal: Signal) => 128 + constants.signals[signal];

/**
 * The fuzz's `signals` category: a random writer over its old outputs, a random signal, sent in a
 * random phase of its writing (the hook pausing there) or after a random delay (0 to 6 s: before
 * the work, during it, or after the run). The case's exit is 128 + the signal's number when the
 * signal ended it.
 */
export const signalCase: CaseSource = (seed, index) => {
  const rng = caseRng(seed, 'signals', index);
  const writer = pickOf(rng, WRITERS);
  const signal = pickOf(rng, SIGNALS);
  const phases = phasesOf(writer);
  const when: When = rng.int(3) === 0 ? { delayMs: rng.int(6000) } : { phase: pickOf(rng, phases) };
  const expected = 'delayMs' in when ? 'either' : when.phase === 'placed' ? 'new' : 'old';
  const at = 'delayMs' in when ? `after ${when.delayMs} ms` : `in phase '${when.phase}'`;
  return {
    category: 'signals',
    name: `${writer.name}: ${signal} ${at}`,
    prepare(dir) {
      const old = prepareWriter(writer, dir);
      const inputs = readdirSync(dir).filter((n) => !writer.outputs.includes(n));
      let problem: string | null = null;
      return {
        argv: writer.argv,
        expect: { code: [0, signalStatus(signal)] },
        unchanged: inputs.map((n) => join(dir, n)),
        mayWrite: writer.fresh ?? [],
        run: async (argv) => {
          const ended = await interrupted(dir, argv, signal, when);
          problem = interruptedProblem(writer, dir, old, signal, ended, expected);
          const code = ended.signal ? 128 + constants.signals[ended.signal] : (ended.code ?? -1);
          return { code, stdout: ended.stdout, stderr: ended.stderr };
        },
        after: () => problem,
      };
    },
  };
};
