/**
 * The words of a command line as flags and positional arguments: `--name value` or `--name=value`
 * pairs (a flag given twice is an error, never the last one kept) and `--name` alone, which only
 * a boolean flag may be (readCommandLine.ts checks that against the declarations). A flag named
 * in `repeatable` may be given again (its values kept in order, joined by REPEAT_SEPARATOR), and
 * its value is the next word whatever it starts with (`--sbatch-arg --account=lab`).
 */
import { CliError } from './cliError.ts';

export interface ParsedArgs {
  positional: string[];
  /** Flag values by name; a flag given with no value reads 'true'. */
  flags: Map<string, string>;
  /** Flags given with no value (`--header`): only boolean flags may be. */
  bare: Set<string>;
}

/** Between the values of a repeated flag in ParsedArgs.flags (a value cannot hold a line break). */
export const REPEAT_SEPARATOR = '\n';

export function parseArgs(argv: readonly string[], repeatable: ReadonlySet<string> = new Set()): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  const bare = new Set<string>();
  const set = (name: string, value: string) => {
    if (repeatable.has(name)) {
      if (value.includes(REPEAT_SEPARATOR)) throw new CliError(`--${name}: a value cannot hold a line break`);
      const before = flags.get(name);
      flags.set(name, before === undefined ? value : before + REPEAT_SEPARATOR + value);
      return;
    }
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
    else if (repeatable.has(arg.slice(2)) && i + 1 < argv.length) set(arg.slice(2), argv[++i]);
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) set(arg.slice(2), argv[++i]);
    else {
      set(arg.slice(2), 'true');
      bare.add(arg.slice(2));
    }
  }
  return { positional, flags, bare };
}
