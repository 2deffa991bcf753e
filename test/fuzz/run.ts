/**
 * `npm run fuzz [-- --seed N] [--seconds S] [--category a,b] [--case-seconds T]`: the command-line
 * fuzz (fuzzCase.ts) for a time budget (default 120 s, shared equally by the categories), with a
 * fixed seed (default 29; the same seed draws the same cases). Each category runs in a child
 * process, case after case from its first; a case with no answer within --case-seconds (default
 * 60) is a failure (a hang), its child is stopped and the next case goes on in a new one. Prints
 * per category the cases tried and passed and the exit codes seen, then every failure with its
 * command line; exits 1 when a case failed.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { readInteger } from '../../src/core/base/strictNumber.ts';
import { CATEGORIES, runCase, type CaseResult, type Category } from './fuzzCase.ts';
import { DEFAULT_SEED, SOURCES } from './sources.ts';

interface Options {
  seed: number;
  seconds: number;
  caseSeconds: number;
  categories: Category[];
}

type Message = { type: 'start'; index: number } | { type: 'done'; index: number; result: CaseResult };

/** The child: runs a category's cases from `start` on, telling the parent before and after each. */
async function child(category: Category, seed: number, start: number): Promise<void> {
  fc.configureGlobal({ seed });
  const root = mkdtempSync(join(tmpdir(), `txanon-fuzz-${category}-`));
  process.on('exit', () => rmSync(root, { recursive: true, force: true }));
  for (let index = start; ; index++) {
    process.send!({ type: 'start', index } satisfies Message);
    const result = await runCase(SOURCES[category](seed, index), root);
    process.send!({ type: 'done', index, result } satisfies Message);
  }
}

interface Tally {
  tried: number;
  passed: number;
  codes: Record<string, number>;
  failures: CaseResult[];
}

/** Runs one category for `budgetMs`, restarting its child after a hang. */
function runCategory(category: Category, options: Options, budgetMs: number): Promise<Tally> {
  const tally: Tally = { tried: 0, passed: 0, codes: {}, failures: [] };
  const end = Date.now() + budgetMs;
  return new Promise((resolve) => {
    let current: ChildProcess | null = null;
    let watchdog: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(watchdog);
      current?.kill('SIGKILL');
      current = null;
      resolve(tally);
    };
    const start = (from: number) => {
      const proc = fork(
        fileURLToPath(import.meta.url),
        ['--child', category, String(options.seed), String(from)],
        {
          execArgv: ['--import', 'tsx'],
          stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
        },
      );
      current = proc;
      proc.on('message', (message: Message) => {
        clearTimeout(watchdog);
        if (message.type === 'start') {
          if (Date.now() > end) return finish();
          watchdog = setTimeout(() => {
            tally.tried++;
            tally.failures.push({
              category,
              name: `case ${message.index}`,
              argv: [],
              code: null,
              problem: `no answer within ${options.caseSeconds} s (a hang)`,
              ms: options.caseSeconds * 1000,
            });
            proc.kill('SIGKILL');
            if (Date.now() < end) start(message.index + 1);
            else finish();
          }, options.caseSeconds * 1000);
          return;
        }
        const { result } = message;
        tally.tried++;
        tally.codes[String(result.code)] = (tally.codes[String(result.code)] ?? 0) + 1;
        if (result.problem === null) tally.passed++;
        else tally.failures.push(result);
      });
      proc.on('exit', (code, signal) => {
        if (current !== proc) return;
        clearTimeout(watchdog);
        tally.failures.push({
          category,
          name: 'the fuzz child',
          argv: [],
          code: null,
          problem: `the child process ended (exit ${code}, signal ${signal})`,
          ms: 0,
        });
        finish();
      });
    };
    start(0);
  });
}

function parseOptions(argv: string[]): Options {
  const options: Options = { seed: DEFAULT_SEED, seconds: 120, caseSeconds: 60, categories: [...CATEGORIES] };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1] ?? ''];
    const count = () => {
      const n = readInteger(value);
      if (n === null || n < 1) throw new Error(`${flag} must be an integer >= 1, got '${value}'`);
      return n;
    };
    if (flag === '--seed') options.seed = readInteger(value) ?? Number.NaN;
    else if (flag === '--seconds') options.seconds = count();
    else if (flag === '--case-seconds') options.caseSeconds = count();
    else if (flag === '--category') {
      const names = value.split(',');
      const unknown = names.find((n) => !(CATEGORIES as readonly string[]).includes(n));
      if (unknown) throw new Error(`--category: '${unknown}' is none of ${CATEGORIES.join(', ')}`);
      options.categories = names as Category[];
    } else
      throw new Error(`unknown option ${flag} (--seed N, --seconds S, --category a,b, --case-seconds T)`);
  }
  if (!Number.isInteger(options.seed)) throw new Error('--seed must be an integer');
  return options;
}

async function parent(options: Options): Promise<number> {
  const budget = (options.seconds * 1000) / options.categories.length;
  console.log(
    `fuzz: seed ${options.seed}, ${options.seconds} s over ${options.categories.join(', ')} (${Math.round(budget / 1000)} s each)`,
  );
  const tallies = new Map<Category, Tally>();
  for (const category of options.categories) {
    const tally = await runCategory(category, options, budget);
    tallies.set(category, tally);
    const codes = Object.entries(tally.codes)
      .map(([code, n]) => `exit ${code}: ${n}`)
      .join(', ');
    console.log(
      `${category.padEnd(10)} tried ${String(tally.tried).padStart(6)}, passed ${String(tally.passed).padStart(6)} (${codes})`,
    );
  }
  const failures = [...tallies.values()].flatMap((t) => t.failures);
  for (const failure of failures.slice(0, 50))
    console.log(
      `\nFAILED ${failure.category}: ${failure.name}\n  ${failure.argv.join(' ')}\n  ${failure.problem}`,
    );
  const total = [...tallies.values()].reduce((s, t) => s + t.tried, 0);
  console.log(`\nfuzz: ${total} cases, ${failures.length} failed`);
  return failures.length > 0 ? 1 : 0;
}

const args = process.argv.slice(2);
if (args[0] === '--child') void child(args[1] as Category, Number(args[2]), Number(args[3]));
else {
  try {
    process.exitCode = await parent(parseOptions(args));
  } catch (error) {
    console.error(`error: ${(error as Error).message}`);
    process.exitCode = 2;
  }
}
