/**
 * Choosing the sensitive items S (DESIGN.md sec. 2): by token, the m most frequent, or m at random
 * with a seed. The rest are the quasi-identifier items.
 */
import type { Dataset } from './dataset.ts';
import { itemSupports } from './stats.ts';
import { createRng } from '../base/rng.ts';
import { InputError } from '../base/errors.ts';

export type SensitiveChoice = { items: string[] } | { top: number } | { random: number };

/** Sensitive item ids, ascending. `seed` drives the random choice. */
export function chooseSensitive(
  dataset: Dataset,
  choice: SensitiveChoice | undefined,
  seed: number,
): number[] {
  if (!choice) return [];
  if ('items' in choice) {
    const repeated = choice.items.find((token, i) => choice.items.indexOf(token) !== i);
    if (repeated !== undefined) throw new InputError(`sensitive item '${repeated}' is named twice`);
    return choice.items
      .map((token) => {
        const id = dataset.dictionary.find(token);
        if (id === undefined)
          throw new InputError(`sensitive item '${token}' does not occur in ${dataset.name}`);
        return id;
      })
      .sort((a, b) => a - b);
  }
  const m = 'top' in choice ? choice.top : choice.random;
  if (!Number.isInteger(m) || m < 0 || m > dataset.d) {
    throw new InputError(`the number of sensitive items must be between 0 and ${dataset.d}, got ${m}`);
  }
  if ('top' in choice) {
    const supports = itemSupports(dataset);
    const bySupport = Array.from(supports.keys()).sort((a, b) => supports[b] - supports[a] || a - b);
    return bySupport.slice(0, m).sort((a, b) => a - b);
  }
  return createRng(seed)
    .sample(dataset.d, m)
    .sort((a, b) => a - b);
}
