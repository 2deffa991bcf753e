/**
 * The sensitive-item flags of the commands that take them (`anonymize`, `check`): `--sensitive a,b`,
 * `--sensitive-top M`, `--sensitive-random M` or `--sensitive-band M` (data/sensitive.ts), one at
 * most, M >= 1: a p-degree release over no sensitive item protects nothing.
 */
import type { SensitiveChoice } from '../core/data/sensitive.ts';
import type { MethodSpec } from '../core/methods/types.ts';
import { intFlag, tokenListFlag, type ParsedArgs } from './args.ts';
import { CliError } from './cliError.ts';

export const SENSITIVE_FLAGS = ['sensitive', 'sensitive-top', 'sensitive-random', 'sensitive-band'];

/** The choice the flags make; with `spec`, a method without sensitive items refuses them. */
export function sensitiveFlag(
  args: ParsedArgs,
  spec?: Pick<MethodSpec, 'id' | 'model' | 'needsSensitive'>,
): SensitiveChoice | undefined {
  const given = SENSITIVE_FLAGS.filter((f) => args.flags.has(f));
  if (given.length > 1)
    throw new CliError(
      `choose one of ${SENSITIVE_FLAGS.map((f) => `--${f}`).join(', ')} (got ${given.map((f) => `--${f}`).join(', ')})`,
    );
  if (given.length > 0 && spec && !spec.needsSensitive)
    throw new CliError(`--${given[0]}: ${spec.id} (${spec.model}) has no sensitive items; leave it out`);
  if (args.flags.has('sensitive')) return { items: tokenListFlag(args, 'sensitive')! };
  if (args.flags.has('sensitive-top')) return { top: intFlag(args, 'sensitive-top', 1, 1) };
  if (args.flags.has('sensitive-random')) return { random: intFlag(args, 'sensitive-random', 1, 1) };
  if (args.flags.has('sensitive-band')) return { band: intFlag(args, 'sensitive-band', 1, 1) };
  return undefined;
}
