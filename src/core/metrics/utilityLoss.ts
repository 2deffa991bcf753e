/**
 * `ul`: COAT's utility loss (Loukides et al., Def. 3.14, 3.16): the sum over generalized items of
 * (2^|g| - 1) / (2^M - 1) * w(g) * sup(g) / N, plus a penalty Y(i) for each suppressed item. Weights
 * default to 1 and the penalty to the item's support (the paper's example), as DESIGN.md sets.
 * The first factor is evaluated in log space, so large item counts M do not overflow.
 */
import type { Dataset } from '../data/dataset.ts';
import { itemSupports } from '../data/stats.ts';
import type { GeneralizedRelease } from '../release/types.ts';
import type { MetricSpec } from './types.ts';

/** UL of one generalized item of `size` items among M, weight w, support sup over N rows. */
export function generalizedItemUl(
  size: number,
  itemCount: number,
  weight: number,
  support: number,
  rows: number,
): number {
  const log2Fraction = size - itemCount + Math.log2(1 - 2 ** -size) - Math.log2(1 - 2 ** -itemCount);
  return 2 ** log2Fraction * weight * (support / Math.max(1, rows));
}

export function utilityLoss(
  dataset: Dataset,
  release: GeneralizedRelease,
): { ul: number; ul_generalization: number; ul_suppression: number } {
  const supports = itemSupports(dataset);
  const labelSupport = rowsHolding(release.transactions);
  let generalization = 0;
  for (const [label, items] of Object.entries(release.generalized)) {
    if (items.length < 2) continue;
    const sup = labelSupport.get(label) ?? 0;
    generalization += generalizedItemUl(items.length, dataset.d, 1, sup, dataset.n);
  }
  let suppression = 0;
  for (const token of release.suppressed) suppression += supports[dataset.dictionary.find(token) ?? -1] ?? 0;
  return { ul: generalization + suppression, ul_generalization: generalization, ul_suppression: suppression };
}

/** How many rows hold each token (a row naming a token twice counts once), in one pass. */
function rowsHolding(rows: readonly (readonly string[])[]): Map<string, number> {
  const count = new Map<string, number>();
  const lastRow = new Map<string, number>();
  rows.forEach((row, r) => {
    for (const token of row) {
      if (lastRow.get(token) === r) continue;
      lastRow.set(token, r);
      count.set(token, (count.get(token) ?? 0) + 1);
    }
  });
  return count;
}

export const ulMetric: MetricSpec = {
  id: 'ul',
  label: 'Utility loss (UL)',
  source: 'COAT (Loukides et al.), Def. 3.14 and 3.16',
  description:
    "Generalization loss ((2^|g|-1)/(2^M-1) x weight x support share per generalized item) plus suppressed items' supports. Lower is better.",
  defaultOn: true,
  kinds: ['generalized'],
  values: { ul: 'lower', ul_generalization: 'lower', ul_suppression: 'lower' },
  compute: (dataset, release) => utilityLoss(dataset, release as GeneralizedRelease),
};
