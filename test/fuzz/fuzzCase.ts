/**
 * The command-line fuzz (issue 29): a case prepares files in a fresh directory, states the command
 * line, the exit code and the message it expects, which files must keep their bytes and which new
 * files may appear; `runCase` runs it through the CLI in this process (src/cli/main.ts) and says
 * what is wrong, if anything. A case passes only when: the exit code is the one stated (never 1,
 * an internal error); on exit 2, stdout is empty and stderr holds exactly one `error:` line (with
 * warnings before it at most) saying the expected message; on exit 0, stdout is JSON the case's
 * check accepts; every input keeps its bytes; and the directory holds no file the case did not
 * allow (no half-written output, no temporary left behind).
 * Cases are made by each category's source from (seed, index) alone, so `npm run fuzz` and the
 * test suite (fuzz.cli.test.ts) draw the same cases for the same seed.
 */
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createRng, type Rng } from '../../src/core/base/rng.ts';
import { main } from '../../src/cli/main.ts';

export const CATEGORIES = [
  'inputs',
  'arguments',
  'targets',
  'releases',
  'runs',
  'columnar',
  'signals',
] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Expected {
  /**
   * The exit code, or the codes that are right (a tampered release: 0 unverified, or 2); above 128,
   * ended by signal code - 128 (signalCases.ts), when nothing printed is checked.
   */
  code: number | readonly number[];
  /** What the `error:` line says (exit 2): a substring or a pattern. */
  message?: string | RegExp;
  /** A warning that must be on stderr. */
  warning?: string;
  /** Exit 0: a check of the printed JSON, giving a problem or null. */
  stdout?: (json: unknown) => string | null;
}

export interface Prepared {
  argv: string[];
  expect: Expected;
  /** Files that must keep their bytes (the inputs; outside the case's directory too). */
  unchanged?: string[];
  /** Names of the new entries the case's directory may hold afterwards (default: none). */
  mayWrite?: string[];
  /** A last check (files written through links, links intact): a problem or null. */
  after?: () => string | null | Promise<string | null>;
  env?: Readonly<Record<string, string>>;
  /** Runs the command line otherwise than in this process (a process of its own: signalCases.ts). */
  run?: (argv: string[]) => Promise<{ code: number; stdout: string; stderr: string }>;
}

export interface FuzzCase {
  category: Category;
  /** What is tried, in one line. */
  name: string;
  /** Writes what the case needs into `dir` (empty, its own) and says what to run and expect. */
  prepare(dir: string): Prepared | Promise<Prepared>;
}

/** Case number `index` of a category for `seed`. */
export type CaseSource = (seed: number, index: number) => FuzzCase;

export interface CaseResult {
  category: Category;
  name: string;
  argv: string[];
  /** The exit code (null when the case failed before running). */
  code: number | null;
  /** null when the case passed. */
  problem: string | null;
  ms: number;
}

/** The seeded RNG of one case: the same (seed, category, index) give the same case. */
export function caseRng(seed: number, category: Category, index: number): Rng {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (const c of `${category}:${index}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return createRng(h);
}

export const pickOf = <T>(rng: Rng, list: readonly T[]): T => list[rng.int(list.length)];

/** Runs the CLI in this process with stdout and stderr captured (and `env` set meanwhile). */
export async function runCli(
  argv: string[],
  env: Readonly<Record<string, string>> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const capture = (into: string[]) => (chunk: string | Uint8Array) => {
    into.push(typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk));
    return true;
  };
  const [writeOut, writeErr] = [process.stdout.write, process.stderr.write];
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  process.stdout.write = capture(out) as typeof process.stdout.write;
  process.stderr.write = capture(err) as typeof process.stderr.write;
  try {
    const code = await main(argv);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    process.stdout.write = writeOut;
    process.stderr.write = writeErr;
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** Prepares and runs one case in a fresh directory under `root`; the directory is removed after. */
export async function runCase(fuzzCase: FuzzCase, root: string): Promise<CaseResult> {
  const dir = mkdtempSync(join(root, `${fuzzCase.category}-`));
  const started = performance.now();
  let argv: string[] = [];
  let code: number | null = null;
  let problem: string | null;
  try {
    const prepared = await fuzzCase.prepare(dir);
    argv = prepared.argv;
    const before = new Set(readdirSync(dir));
    const bytes = (prepared.unchanged ?? []).map((path) => [path, readFileSync(path)] as const);
    const result = await (prepared.run?.(argv) ?? runCli(argv, prepared.env));
    code = result.code;
    problem =
      outcomeProblem(prepared.expect, result) ??
      bytes.map(([path, was]) => (readFileSync(path).equals(was) ? null : `${path} changed`)).find(Boolean) ??
      strayFiles(dir, before, prepared.mayWrite ?? []) ??
      (result.code !== 2 ? await prepared.after?.() : null) ??
      null;
  } catch (error) {
    problem = `the case itself failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    category: fuzzCase.category,
    name: fuzzCase.name,
    argv,
    code,
    problem,
    ms: performance.now() - started,
  };
}

/** What is wrong with the exit code and the output, or null. */
export function outcomeProblem(
  expect: Expected,
  result: { code: number; stdout: string; stderr: string },
): string | null {
  const codes = typeof expect.code === 'number' ? [expect.code] : expect.code;
  const said = `exit ${result.code}, stderr ${JSON.stringify(result.stderr.slice(0, 600))}`;
  if (!codes.includes(result.code)) return `expected exit ${codes.join(' or ')}, got ${said}`;
  if (result.code > 128) return null;
  const lines = result.stderr.split('\n').filter((l) => l !== '');
  const errors = lines.filter((l) => !l.startsWith('warning: '));
  if (expect.warning && !lines.some((l) => l.startsWith('warning: ') && l.includes(expect.warning!)))
    return `expected a warning saying ${JSON.stringify(expect.warning)}, got ${said}`;
  if (result.code === 2) {
    if (result.stdout !== '') return `exit 2 printed on stdout: ${result.stdout.slice(0, 200)}`;
    if (errors.length !== 1 || !errors[0].startsWith('error: '))
      return `exit 2 without exactly one 'error:' line: ${said}`;
    const message = errors[0];
    const matches =
      expect.message === undefined ||
      (typeof expect.message === 'string' ? message.includes(expect.message) : expect.message.test(message));
    return matches ? null : `expected the message ${String(expect.message)}, got ${said}`;
  }
  if (errors.length > 0) return `exit 0 with errors on stderr: ${said}`;
  let json: unknown;
  try {
    json = JSON.parse(result.stdout);
  } catch {
    return `exit 0 without JSON on stdout: ${result.stdout.slice(0, 200)}`;
  }
  return expect.stdout?.(json) ?? null;
}

/** A new entry in `dir` the case did not allow (a temporary left behind, a half-written file). */
function strayFiles(dir: string, before: ReadonlySet<string>, allowed: readonly string[]): string | null {
  const stray = readdirSync(dir).filter((name) => !before.has(name) && !allowed.includes(name));
  return stray.length > 0 ? `left in its directory: ${stray.join(', ')}` : null;
}

/** Whether `path` is a symbolic link (still). */
export function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** `text` as a pattern that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
