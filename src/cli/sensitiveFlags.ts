/**
 * The sensitive-item choice of the flags `anonymize` and `check` declare (commonFlags.ts
 * sensitiveFlags): `--sensitive a,b`, `--sensitive-top M`, `--sensitive-random M` or
 * `--sensitive-band M` (data/sensitive.ts), one at most, M >= 1: a p-degree release over no
 * sensitive item protects nothing.
 */
import type { SensitiveChoice } from '../core/data/sensitive.ts';
import type { FlagValues } from './readCommandLine.ts';

/** The choice the flags make, if any. */
export function sensitiveChoice(values: FlagValues): SensitiveChoice | undefined {
  const items = values.tokens('sensitive');
  if (items) return { items };
  const top = values.integer('sensitive-top');
  if (top !== undefined) return { top };
  const random = values.integer('sensitive-random');
  if (random !== undefined) return { random };
  const band = values.integer('sensitive-band');
  if (band !== undefined) return { band };
  return undefined;
}
