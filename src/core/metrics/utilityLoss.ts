/**
 * `ul`: COAT's utility loss (Loukides et al., Def. 3.14 and 3.16), reported so that it can be read
 * and compared (DESIGN.md sec. 5):
 * - `ul` = log10 of the generalization part, sum over generalized items g of
 *   (2^|g| - 1) / (2^M - 1) * w(g) * sup(g) / N (Def. 3.14; weights 1). Taken literally the terms are
 *   about 2^(|g| - M): at M = 497 items (BMS1) a pair costs ~1e-150 and the sum printed as 1e-120 or
 *   as 0 (BMS2, M = 3,340). Summed in log2 space (log-sum-exp) it is exact at any M; -151 on BMS1
 *   reads "one pair generalized", and each item more in the largest generalized item adds log10 2.
 *   The sum is dominated by the largest generalized items, as the paper's formula is. A release that
 *   generalizes nothing has no `ul` (the log of 0 is not a number); `ul_suppression` still applies.
 * - `ul_suppression` = the share of the input's item occurrences that suppression removed: the
 *   suppression part of Def. 3.16 with the penalty Y(i) = sup(i) the paper suggests, divided by all
 *   item occurrences so that it is a share in [0, 1] and never outweighs the other part by units.
 */
import type { Dataset } from '../data/dataset.ts';
import { itemSupports } from '../data/stats.ts';
import type { GeneralizedRelease } from '../release/types.ts';
import type { TokenRows } from '../release/tokenRows.ts';
import { within } from './sampling.ts';
import type { MetricSpec } from './types.ts';
import { log2GeneralizedItemUl, log2Sum } from '../base/logSpace.ts';

export { log2GeneralizedItemUl } from '../base/logSpace.ts';

export function utilityLoss(dataset: Dataset, release: GeneralizedRelease): Record<string, number> {
  const supports = rowsHolding(release.transactions);
  const logs: number[] = [];
  for (const [label, items] of Object.entries(release.generalized)) {
    const sup = supports.get(label) ?? 0;
    if (items.length < 2 || sup === 0) continue;
    logs.push(log2GeneralizedItemUl(items.length, dataset.d, 1, sup, dataset.n));
  }
  const itemSupport = itemSupports(dataset);
  let suppressed = 0;
  for (const token of release.suppressed)
    suppressed += itemSupport[dataset.dictionary.find(token) ?? -1] ?? 0;
  const occurrences = dataset.items.length;
  const ul_suppression = occurrences === 0 ? 0 : within(suppressed / occurrences, 0, 1);
  return logs.length > 0 ? { ul: log2Sum(logs) * Math.log10(2), ul_suppression } : { ul_suppression };
}

/** How many rows hold each token (a row naming a token twice counts once), in one pass over the ids. */
function rowsHolding(rows: TokenRows): Map<string, number> {
  const count = new Uint32Array(rows.tokens.length);
  const lastRow = new Int32Array(rows.tokens.length).fill(-1);
  for (let r = 0; r + 1 < rows.offsets.length; r++)
    for (let k = rows.offsets[r]; k < rows.offsets[r + 1]; k++) {
      const id = rows.items[k];
      if (lastRow[id] === r) continue;
      lastRow[id] = r;
      count[id]++;
    }
  const byToken = new Map<string, number>();
  rows.tokens.forEach((token, id) => {
    if (count[id] > 0) byToken.set(token, count[id]);
  });
  return byToken;
}

export const ulMetric: MetricSpec = {
  id: 'ul',
  label: 'Utility loss (UL)',
  source: 'COAT (Loukides et al.), Def. 3.14 and 3.16',
  description:
    'ul: log10 of the generalization loss, sum over generalized items of (2^|g|-1)/(2^M-1) x support share, every item weighing 1 (a hierarchy weighs only the choices COAT makes; each item more in the largest generalized item adds about 0.3); ul_suppression: share of item occurrences suppressed. Lower is better for both.',
  defaultOn: true,
  kinds: ['generalized'],
  values: { ul: 'lower', ul_suppression: 'lower' },
  valueLabels: { ul_suppression: 'Share of item occurrences suppressed' },
  compute: (dataset, release) => utilityLoss(dataset, release as GeneralizedRelease),
};
