/**
 * Output paths checked before any work (a method may run for minutes): each `--out`-like flag
 * names a file in an existing, writable directory, not a directory itself, not an input file, and
 * no two outputs name the same file. A path that fails is an error (exit 2) before anything is
 * read or written, so a bad `--audit` never leaves a release written without its audit.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ParsedArgs } from './args.ts';
import { CliError } from './cliError.ts';

/** Checks the output `flags` that are given (and those in `required`, which must be). */
export function checkOutputPaths(
  args: ParsedArgs,
  flags: readonly string[],
  inputs: readonly string[],
  required: readonly string[] = [],
): void {
  const seen = new Map<string, string>();
  for (const name of required)
    if (!args.flags.has(name)) throw new CliError(`this command needs --${name} FILE`);
  for (const name of flags) {
    const path = args.flags.get(name);
    if (path === undefined) continue;
    if (path.trim() === '') throw new CliError(`--${name} needs a file name, got ''`);
    const full = resolve(path);
    const other = seen.get(full);
    if (other) throw new CliError(`--${name} and --${other} name the same file ${path}`);
    seen.set(full, name);
    if (inputs.some((input) => resolve(input) === full))
      throw new CliError(`--${name} ${path} would overwrite an input file`);
    checkWritable(path, name);
  }
}

function checkWritable(path: string, flag: string): void {
  const existing = statOrNull(path);
  if (existing?.isDirectory())
    throw new CliError(`--${flag} ${path} is a directory; give a file name inside it`);
  const dir = dirname(resolve(path));
  const parent = statOrNull(dir);
  if (!parent) throw new CliError(`--${flag} ${path}: the directory ${dir} does not exist`);
  if (!parent.isDirectory()) throw new CliError(`--${flag} ${path}: ${dir} is not a directory`);
  try {
    accessSync(existing ? path : dir, constants.W_OK);
  } catch {
    throw new CliError(
      `--${flag} ${path}: ${existing ? 'the file' : `the directory ${dir}`} is not writable`,
    );
  }
}

function statOrNull(path: string) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
