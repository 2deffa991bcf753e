/** Command-line flags: `--name value` pairs and positional arguments, validated per command. */
import { CliError } from './cliError.ts';

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string>;
}

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0) flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) flags.set(arg.slice(2), argv[++i]);
    else flags.set(arg.slice(2), 'true');
  }
  return { positional, flags };
}

/** Rejects flags a command does not know, so that a typo is an error, not a silent default. */
export function allowOnly(args: ParsedArgs, allowed: readonly string[]): void {
  for (const name of args.flags.keys()) {
    if (!allowed.includes(name))
      throw new CliError(
        `unknown option --${name} (known: ${allowed.map((a) => `--${a}`).join(', ') || 'none'})`,
      );
  }
}

export function intFlag(args: ParsedArgs, name: string, fallback: number, min = 0): number {
  const raw = args.flags.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new CliError(`--${name} must be an integer >= ${min}, got '${raw}'`);
  return value;
}

export function intListFlag(args: ParsedArgs, name: string, fallback: number[], min = 1): number[] {
  const raw = args.flags.get(name);
  if (raw === undefined) return fallback;
  return raw.split(',').map((part) => {
    const value = Number(part.trim());
    if (!Number.isInteger(value) || value < min)
      throw new CliError(`--${name} must be a comma-separated list of integers >= ${min}, got '${raw}'`);
    return value;
  });
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
