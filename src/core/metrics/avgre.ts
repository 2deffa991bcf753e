/**
 * `avgre` (DESIGN.md sec. 5; COAT Sec. 5): average relative error |a(Q) - e(Q)| / a(Q) of COUNT
 * queries. A query is q items drawn from one random input transaction with at least q items, so
 * a(Q) >= 1. The estimate e(Q) comes from the release kind's support estimator (estimators.ts).
 */
import type { Dataset } from '../data/dataset.ts';
import { ItemRows } from '../data/itemRows.ts';
import { createRng } from '../base/rng.ts';
import type { Release } from '../release/types.ts';
import { supportEstimator } from './estimators.ts';
import type { MetricSpec } from './types.ts';

export const DEFAULT_AVGRE_QUERIES = 1000;
export const DEFAULT_AVGRE_Q = 2;

/** The query workload: `queries` itemsets of q input item ids, each from one input row. */
export function avgreQueries(dataset: Dataset, q: number, queries: number, seed: number): number[][] {
  const rng = createRng(seed);
  const eligible: number[] = [];
  for (let r = 0; r < dataset.n; r++) if (dataset.rowLength(r) >= q) eligible.push(r);
  if (eligible.length === 0) return [];
  return Array.from({ length: queries }, () => {
    const row = dataset.row(eligible[rng.int(eligible.length)]);
    return rng.sample(row.length, q).map((k) => row[k]);
  });
}

export function averageRelativeError(
  dataset: Dataset,
  release: Release,
  options: { q?: number; queries?: number; seed: number },
): number {
  const workload = avgreQueries(
    dataset,
    options.q ?? DEFAULT_AVGRE_Q,
    options.queries ?? DEFAULT_AVGRE_QUERIES,
    options.seed,
  );
  if (workload.length === 0) return 0;
  const actual = ItemRows.of(dataset);
  const estimate = supportEstimator(dataset, release);
  let sum = 0;
  for (const itemset of workload) {
    const a = actual.countRowsContaining(itemset);
    sum += Math.abs(a - estimate(itemset)) / a;
  }
  return sum / workload.length;
}

export const avgreMetric: MetricSpec = {
  id: 'avgre',
  label: 'AvgRE',
  source: 'COAT (Loukides et al.), Sec. 5; DESIGN.md sec. 5',
  description:
    'Average relative error of COUNT queries of q items drawn from input transactions. Lower is better; 0 is exact.',
  defaultOn: true,
  kinds: ['transactions', 'buckets', 'groups', 'generalized'],
  values: { avgre: 'lower' },
  compute: (dataset, release, _audit, options) => ({
    avgre: averageRelativeError(dataset, release, options),
  }),
};
