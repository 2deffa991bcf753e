/**
 * `avgre` (DESIGN.md sec. 5; COAT Sec. 6.1): average relative error |a(Q) - e(Q)| / a(Q) of COUNT
 * queries, with `avgre_se` its standard error over the queries. The estimate e(Q) comes from the
 * release kind's support estimator (estimators.ts). Two workloads:
 * - `rows` (default, the one that compares every method with every other): a query is q items
 *   drawn from one random input transaction with at least q items, so a(Q) >= 1; it depends on the
 *   dataset and the seed only, so every method of one seed answers the same queries;
 * - `generalized` (COAT Sec. 6.1: "the items participating in these queries were selected randomly
 *   from the generalized items"), for generalized releases: q items, among those the release maps
 *   to a generalized item of two or more items, drawn from one random input transaction holding at
 *   least q of them (so again a(Q) >= 1). It depends on the release, so two methods answer
 *   different queries; the paper compares COAT and Apriori this way.
 */
import type { Dataset } from '../data/dataset.ts';
import { ItemRows } from '../data/itemRows.ts';
import { InputError } from '../base/errors.ts';
import type { Audit, Release } from '../release/types.ts';
import { supportEstimator } from './estimators.ts';
import { compact, estimateOf, queryRng } from './sampling.ts';
import type { AvgreWorkload, MetricSpec } from './types.ts';

export const DEFAULT_AVGRE_QUERIES = 1000;
export const DEFAULT_AVGRE_Q = 2;

/**
 * The query workload: `queries` itemsets of q input item ids, each from one input row, using only
 * the items `eligible` allows (all of them by default).
 */
export function avgreQueries(
  dataset: Dataset,
  q: number,
  queries: number,
  seed: number,
  eligible?: (item: number) => boolean,
): number[][] {
  const rng = queryRng(seed, 'avgre');
  const itemsOf = (r: number) => (eligible ? Array.from(dataset.row(r)).filter(eligible) : dataset.row(r));
  const rows: number[] = [];
  for (let r = 0; r < dataset.n; r++)
    if ((eligible ? itemsOf(r).length : dataset.rowLength(r)) >= q) rows.push(r);
  if (rows.length === 0) return [];
  return Array.from({ length: queries }, () => {
    const items = itemsOf(rows[rng.int(rows.length)]);
    return rng.sample(items.length, q).map((k) => items[k]);
  });
}

/** The items a generalized release maps to a generalized item of two or more items. */
function generalizedItems(dataset: Dataset, release: Release): (item: number) => boolean {
  if (release.kind !== 'generalized')
    throw new InputError(
      `the AvgRE workload 'generalized' (COAT Sec. 6.1) draws items from generalized items; a ${release.kind} release has none: use --workload rows`,
    );
  const items = new Set<number>();
  for (const tokens of Object.values(release.generalized))
    if (tokens.length > 1) for (const t of tokens) items.add(dataset.dictionary.find(t) ?? -1);
  return (item) => items.has(item);
}

export type AvgreOptions = { q?: number; queries?: number; workload?: AvgreWorkload; seed: number };

/**
 * The queries of `release` under `options` (the workload named, its defaults); distribute's sums
 * over partitions (core/distribute/partitionMetrics.ts) answer the same ones.
 */
export function avgreWorkload(dataset: Dataset, release: Release, options: AvgreOptions): number[][] {
  return avgreQueries(
    dataset,
    options.q ?? DEFAULT_AVGRE_Q,
    options.queries ?? DEFAULT_AVGRE_QUERIES,
    options.seed,
    options.workload === 'generalized' ? generalizedItems(dataset, release) : undefined,
  );
}

export function averageRelativeError(
  dataset: Dataset,
  release: Release,
  audit: Audit,
  options: AvgreOptions,
): { avgre: number; avgre_se: number; perQuery: Float64Array } {
  const workload = avgreWorkload(dataset, release, options);
  // Tid-lists of the queries' items only (one read of the data, ItemRows.ofItems).
  const asked = new Set(workload.flat());
  const actual = ItemRows.ofItems(dataset, asked);
  const estimate = supportEstimator(dataset, release, audit, asked);
  const perQuery = Float64Array.from(workload, (itemset) => {
    const a = actual.countRowsContaining(itemset);
    return Math.abs(a - estimate(itemset)) / a;
  });
  const { mean, se } = estimateOf(perQuery);
  return { avgre: mean, avgre_se: se, perQuery };
}

export const avgreMetric: MetricSpec = {
  id: 'avgre',
  label: 'AvgRE',
  source: 'COAT (Loukides et al.), Sec. 6.1; DESIGN.md sec. 5',
  description:
    'How far COUNT queries of q items answered from the release are from the true counts, as a share of the true count (mean over queries; avgre_se its standard error). Lower is better; 0 is exact. Not for itemsets releases: they answer only their k itemsets, not a workload of queries (see topk).',
  defaultOn: true,
  kinds: ['transactions', 'buckets', 'groups', 'generalized', 'disassociated'],
  values: { avgre: 'lower', avgre_se: 'se' },
  asks: (dataset, release, options) => avgreWorkload(dataset, release, options).flat(),
  compute: (dataset, release, audit, options) => {
    const { avgre, avgre_se, perQuery } = averageRelativeError(dataset, release, audit, options);
    options.perQuery?.set('avgre', compact(perQuery));
    return { avgre, avgre_se };
  },
};
