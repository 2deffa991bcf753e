/**
 * The sensitive-item flags of the commands that take them (`anonymize`, `check`): `--sensitive a,b`,
 * `--sensitive-top M`, `--sensitive-random M` or `--sensitive-band M` (data/sensitive.ts), one at most.
 */
import type { SensitiveChoice } from '../core/data/sensitive.ts';
import { intFlag, type ParsedArgs } from './args.ts';
import { CliError } from './cliError.ts';

export const SENSITIVE_FLAGS = ['sensitive', 'sensitive-top', 'sensitive-random', 'sensitive-band'];

export function sensitiveFlag(args: ParsedArgs): SensitiveChoice | undefined {
  const given = SENSITIVE_FLAGS.filter((f) => args.flags.has(f));
  if (given.length > 1)
    throw new CliError(
      `choose one of ${SENSITIVE_FLAGS.map((f) => `--${f}`).join(', ')} (got ${given.join(', ')})`,
    );
  if (args.flags.has('sensitive'))
    return {
      items: args.flags
        .get('sensitive')!
        .split(',')
        .map((t) => t.trim()),
    };
  if (args.flags.has('sensitive-top')) return { top: intFlag(args, 'sensitive-top', 0) };
  if (args.flags.has('sensitive-random')) return { random: intFlag(args, 'sensitive-random', 0) };
  if (args.flags.has('sensitive-band')) return { band: intFlag(args, 'sensitive-band', 0, 1) };
  return undefined;
}
