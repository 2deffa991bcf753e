/**
 * Command-line flags: `--name value` (or `--name=value`) pairs and positional arguments, checked
 * before any work: a flag given twice, a flag with no value (`--out` at the end), a number that is
 * not a well-formed integer in range (`--buckets 1.5`, `--seed ''`, `--seed 4294967296`) are
 * errors (exit 2), never a silent default.
 */
import Papa from 'papaparse';
import { MAX_SEED } from '../core/base/rng.ts';
import { CliError } from './cliError.ts';

export interface ParsedArgs {
  positional: string[];
  /** Flag values by name; a flag given with no value reads 'true'. */
  flags: Map<string, string>;
  /** Flags given with no value (`--header`): only boolean flags may be. */
  bare: Set<string>;
}

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  const bare = new Set<string>();
  const set = (name: string, value: string) => {
    if (flags.has(name)) throw new CliError(`--${name} is given twice; give it once`);
    flags.set(name, value);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0) set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) set(arg.slice(2), argv[++i]);
    else {
      set(arg.slice(2), 'true');
      bare.add(arg.slice(2));
    }
  }
  return { positional, flags, bare };
}

/**
 * Rejects flags a command does not know, so that a typo is an error, not a silent default, and
 * flags other than the `booleans` given without a value.
 */
export function allowOnly(
  args: ParsedArgs,
  allowed: readonly string[],
  booleans: readonly string[] = BOOLEAN_FLAGS,
): void {
  for (const name of args.flags.keys()) {
    if (!allowed.includes(name))
      throw new CliError(
        `unknown option --${name} (known: ${allowed.map((a) => `--${a}`).join(', ') || 'none'})`,
      );
    if (args.bare.has(name) && !booleans.includes(name)) throw new CliError(`--${name} needs a value`);
  }
  for (const name of booleans) {
    const value = args.flags.get(name);
    if (value !== undefined && value !== 'true' && value !== 'false')
      throw new CliError(`--${name} is true or false (or given alone for true), got '${value}'`);
  }
}

/** The flags that may stand alone (`--header` = `--header true`). */
export const BOOLEAN_FLAGS: readonly string[] = ['header'];

/** A well-formed integer in [min, max] (no '', '1.5', '1e3', '0x10'), or a CliError naming `what`. */
export function parseInteger(raw: string, what: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const text = raw.trim();
  const value = Number(text);
  if (!/^[+-]?\d+$/.test(text) || !Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `in ${min}..${max}`;
    throw new CliError(`${what} must be an integer ${range}, got '${raw}'`);
  }
  return value;
}

export function intFlag(
  args: ParsedArgs,
  name: string,
  fallback: number,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const raw = args.flags.get(name);
  return raw === undefined ? fallback : parseInteger(raw, `--${name}`, min, max);
}

/** `--seed S`: 0..2^32-1 (the RNG's seeds are 32-bit; a larger one would alias a smaller one). */
export function seedFlag(args: ParsedArgs, fallback = 1): number {
  return intFlag(args, 'seed', fallback, 0, MAX_SEED);
}

export function intListFlag(args: ParsedArgs, name: string, fallback: number[], min = 1): number[] {
  const raw = args.flags.get(name);
  if (raw === undefined) return fallback;
  return raw.split(',').map((part) => parseInteger(part, `each value of --${name}`, min));
}

export function requirePositional(args: ParsedArgs, count: number, usage: string): string[] {
  if (args.positional.length !== count) throw new CliError(`usage: ${usage}`);
  return args.positional;
}

/** A comma-separated list flag, blanks trimmed and empty entries dropped; undefined when absent. */
export function listFlag(args: ParsedArgs, name: string): string[] | undefined {
  const raw = args.flags.get(name);
  return raw === undefined
    ? undefined
    : raw
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean);
}

/**
 * A list of tokens read as one CSV record, so that a token holding a comma is quoted:
 * `--sensitive '"a,b",c'` is the two tokens `a,b` and `c`. Empty and repeated tokens are errors.
 */
export function tokenListFlag(args: ParsedArgs, name: string): string[] | undefined {
  const raw = args.flags.get(name);
  if (raw === undefined) return undefined;
  const parsed = Papa.parse<string[]>(raw, { delimiter: ',', newline: '\n' });
  if (parsed.errors.length > 0 || parsed.data.length !== 1)
    throw new CliError(
      `--${name} is one line of comma-separated tokens (quote a token holding a comma: '"a,b",c'), got '${raw}'`,
    );
  const tokens = parsed.data[0].map((t) => t.trim());
  const seen = new Set<string>();
  for (const token of tokens) {
    if (token === '') throw new CliError(`--${name} holds an empty token, in '${raw}'`);
    if (seen.has(token)) throw new CliError(`--${name} names ${token} twice`);
    seen.add(token);
  }
  return tokens;
}

/** A number flag (decimals allowed) in [min, max], or a CliError naming the flag. */
export function numberFlag(
  args: ParsedArgs,
  name: string,
  fallback: number,
  min: number,
  max = Infinity,
): number {
  const raw = args.flags.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw.trim());
  if (raw.trim() === '' || !(value >= min && value <= max))
    throw new CliError(`--${name} must be a number in [${min}, ${max}], got '${raw}'`);
  return value;
}
