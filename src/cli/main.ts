/**
 * The command line (DESIGN.md sec. 6): `npm run -s cli -- <command> [options]`. Prints JSON on
 * stdout; errors are one line on stderr with exit code 2 for bad input and 1 for internal failures.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ParseError } from '../core/data/parsers/parseError.ts';
import { InputError } from '../core/base/errors.ts';
import { ReleaseFormatError } from '../core/release/parseRelease.ts';
import { parseArgs, type ParsedArgs } from './args.ts';
import { CliError } from './cliError.ts';
import { anonymizeCommand } from './commands/anonymize.ts';
import { applyCommand } from './commands/apply.ts';
import { checkCommand } from './commands/check.ts';
import { evaluateCommand } from './commands/evaluate.ts';
import { generateCommand } from './commands/generate.ts';
import { methodsCommand } from './commands/methods.ts';
import { pgenCommand } from './commands/pgen.ts';
import { riskCommand } from './commands/risk.ts';
import { statsCommand } from './commands/stats.ts';
import { sweepCommand } from './commands/sweep.ts';
import { teachCommand } from './commands/teach.ts';

const COMMANDS: Record<string, (args: ParsedArgs) => unknown> = {
  stats: statsCommand,
  risk: riskCommand,
  methods: methodsCommand,
  anonymize: anonymizeCommand,
  apply: applyCommand,
  evaluate: evaluateCommand,
  check: checkCommand,
  pgen: pgenCommand,
  sweep: sweepCommand,
  generate: generateCommand,
  teach: teachCommand,
};

/** Runs one command line; the exit code it should end with (tests call it in-process). */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name === undefined ? undefined : COMMANDS[name];
  try {
    if (!command)
      throw new CliError(
        `usage: cli <${Object.keys(COMMANDS).join('|')}> [options]${name ? ` (unknown command '${name}')` : ''}`,
      );
    const result = await command(parseArgs(rest));
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
    return 0;
  } catch (error) {
    if (
      error instanceof CliError ||
      error instanceof ParseError ||
      error instanceof InputError ||
      error instanceof ReleaseFormatError
    ) {
      process.stderr.write(`error: ${error.message}\n`);
      return error instanceof CliError ? error.exitCode : 2;
    }
    process.stderr.write(
      `internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return 1;
  }
}

// Run as the entry point (`npm run cli`, `node --import tsx src/cli/main.ts`), not when imported.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
