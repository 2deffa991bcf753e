/**
 * `itemsets` releases (PrivBasis) as the attacker reads them: no rows, so no identity or inference
 * view; membership's statistic is the sum of the noisy supports of the published itemsets the
 * target's row holds (each moves by one when the target is removed, so the sum moves by their
 * number, against noise that grows with its square root).
 */
import type { ItemsetsRelease } from '../../release/itemsets.ts';
import type { KindReader } from './types.ts';

export const itemsetsReader: KindReader<ItemsetsRelease> = {
  kind: 'itemsets',
  statistic(input, release, target) {
    const held = new Set(target.map((id) => input.dictionary.token(id)));
    let sum = 0;
    for (const itemset of release.itemsets)
      if (itemset.items.every((t) => held.has(t))) sum += itemset.support;
    return sum;
  },
};
