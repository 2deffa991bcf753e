/**
 * `topk.re` for every release kind but `itemsets` (DESIGN.md sec. 8, issue 41): the 100 most
 * frequent itemsets of the input, of every length (data/topItemsets.ts, the exact miner PrivBasis's
 * ground truth uses, ties broken the same way), each estimated from the release by its kind's
 * support estimator (estimators.ts: counts on published rows, expected supports for the other
 * kinds), and the median over them of |estimate - support| / support, the same statistic as an
 * `itemsets` release's `re` (topkAccuracy.ts), so that every model meets on one number. Every
 * itemset of the top 100 has support >= 1.
 */
import type { Dataset } from '../data/dataset.ts';
import { topItemsets } from '../data/topItemsets.ts';
import type { Audit, Release } from '../release/types.ts';
import { supportEstimator } from './estimators.ts';

/** How many of the input's most frequent itemsets `topk.re` asks about. */
export const TOPK_ITEMSETS = 100;

export function topkRelativeError(dataset: Dataset, release: Release, audit: Audit): number {
  const top = topItemsets(dataset, TOPK_ITEMSETS);
  if (top.length === 0) return 0;
  const estimate = supportEstimator(dataset, release, audit, new Set(top.flatMap((s) => s.items)));
  return median(top.map((s) => Math.abs(estimate(s.items) - s.support) / s.support));
}

/** The median of `values` (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
