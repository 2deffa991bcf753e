/**
 * The command line (DESIGN.md sec. 6): `txanon <command> [options]` (the built bin, bin.ts), or
 * `npm run -s cli -- <command> [options]` from the sources. `--help`, `help COMMAND`, `COMMAND
 * --help` and `--version` answer from the declarations (help.ts). Each command
 * declares its flags (flagSpec.ts) and the command line is read against them (readCommandLine.ts)
 * before any work. Prints JSON on stdout; errors are one line on stderr, with exit code 2 for bad
 * input, bad arguments, unwritable targets, full disks and anything over a stated bound, and 1 only
 * for an internal failure (a bug), with its stack.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ParseError } from '../core/data/parsers/parseError.ts';
import { InputError } from '../core/base/errors.ts';
import { ReleaseFormatError } from '../core/release/parseRelease.ts';
import { CliError } from './cliError.ts';
import { anonymizeCommand } from './commands/anonymize.ts';
import { applyCommand } from './commands/apply.ts';
import { attackCommand } from './commands/attack.ts';
import { checkCommand } from './commands/check.ts';
import { distributeCommand } from './commands/distribute.ts';
import { evaluateCommand } from './commands/evaluate.ts';
import { generateCommand } from './commands/generate.ts';
import { methodsCommand } from './commands/methods.ts';
import { pgenCommand } from './commands/pgen.ts';
import { riskCommand } from './commands/risk.ts';
import { statsCommand } from './commands/stats.ts';
import { sweepCommand } from './commands/sweep.ts';
import { tasksCommand } from './commands/tasks.ts';
import { teachCommand } from './commands/teach.ts';
import { reason } from './fileErrors.ts';
import type { CommandSpec } from './flagSpec.ts';
import { readCommandLine } from './readCommandLine.ts';
import { parseArgs } from './args.ts';
import { commandHelp, PROGRAM, programHelp } from './help.ts';
import { version } from './version.ts';

/** Every command, by name (`--help` text can be generated from these declarations). */
export const COMMANDS: readonly CommandSpec[] = [
  statsCommand,
  riskCommand,
  attackCommand,
  methodsCommand,
  anonymizeCommand,
  applyCommand,
  evaluateCommand,
  checkCommand,
  pgenCommand,
  sweepCommand,
  generateCommand,
  teachCommand,
  distributeCommand,
  tasksCommand,
] as CommandSpec[];

/** Runs one command line; the exit code it should end with (tests call it in-process). */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = COMMANDS.find((c) => c.name === name);
  try {
    const help = helpAsked(name, rest, command);
    if (help !== null) {
      process.stdout.write(help);
      return 0;
    }
    if (!command)
      throw new CliError(
        `usage: ${PROGRAM} <${COMMANDS.map((c) => c.name).join('|')}> [options]${name ? ` (unknown command '${name}'; see ${PROGRAM} --help)` : ''}`,
      );
    const result = await command.run(readCommandLine(command, rest));
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
    return 0;
  } catch (error) {
    const message = userMessage(error);
    if (message !== null) {
      process.stderr.write(`error: ${message}\n`);
      return error instanceof CliError ? error.exitCode : 2;
    }
    process.stderr.write(
      `internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return 1;
  }
}

/**
 * The text of `--help`, `--version`, `help [COMMAND]` or `COMMAND --help`, or null when the command
 * line asks for neither. `COMMAND --help` takes `--method ID` into account (that method's flags).
 */
function helpAsked(
  name: string | undefined,
  rest: readonly string[],
  command: CommandSpec | undefined,
): string | null {
  if (name === '--version') return `${version()}\n`;
  if (name === '--help' || name === '-h' || (name === 'help' && rest.length === 0))
    return programHelp(COMMANDS, version());
  if (name === 'help') {
    const asked = COMMANDS.find((c) => c.name === rest[0]);
    if (!asked)
      throw new CliError(
        `help: unknown command '${rest[0]}' (known: ${COMMANDS.map((c) => c.name).join(', ')})`,
      );
    return commandHelp(asked, flagsGiven(rest.slice(1)));
  }
  if (command && (rest.includes('--help') || rest.includes('-h')))
    return commandHelp(command, flagsGiven(rest.filter((word) => word !== '--help' && word !== '-h')));
  return null;
}

/** The flags of a command line read loosely (for help: a mistake in them is no error here). */
function flagsGiven(words: readonly string[]): Map<string, string> {
  try {
    return parseArgs(words).flags;
  } catch {
    return new Map();
  }
}

/**
 * The message of an error that is the user's to fix (exit 2), or null for a bug. A file system
 * error no command foresaw (it names its path) is the user's environment, not a bug.
 */
function userMessage(error: unknown): string | null {
  if (
    error instanceof CliError ||
    error instanceof ParseError ||
    error instanceof InputError ||
    error instanceof ReleaseFormatError
  )
    return error.message;
  const fsError = error as NodeJS.ErrnoException;
  if (fsError instanceof Error && typeof fsError.syscall === 'string' && typeof fsError.path === 'string')
    return `${fsError.path}: ${reason(fsError)}`;
  return null;
}

// Run as the entry point (`npm run cli`, `node --import tsx src/cli/main.ts`), not when imported.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
