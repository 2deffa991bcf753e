/**
 * How well a release keeps the input's frequent pairs (DESIGN.md sec. 5 `summary`): of the pairs of
 * items held together by at least 1% of the input rows, the share whose support in the release
 * (the count on the published rows for `transactions`; the expected support from the release kind's
 * estimator, estimators.ts, otherwise; all pairs at once, pairEstimates.ts) is within 10% of the true one.
 *
 * Input pairs are counted in one pass over the rows, over the items that can be in a frequent pair
 * (support >= the threshold); at most MAX_ITEMS of them, the most supported, so a dense dataset
 * cannot blow up the count matrix (`frequent_pairs_items_cut` then says how many were left out).
 */
import type { Dataset } from '../../data/dataset.ts';
import { pairCounts } from '../../data/pairCounts.ts';
import { itemSupports } from '../../data/stats.ts';
import type { Release } from '../../release/types.ts';
import { pairEstimates } from '../pairEstimates.ts';

/** Pairs held by at least this share of the rows are frequent. */
export const FREQUENT_PAIR_SUPPORT = 0.01;
/** A published support within this share of the true one counts as kept. */
export const PAIR_TOLERANCE = 0.1;
const MAX_ITEMS = 1500;

export interface PairFacts {
  frequent_pairs: number;
  frequent_pairs_within_10pct: number;
  /** Their share; null when the input has no frequent pair. */
  frequent_pairs_share: number | null;
  frequent_pairs_items_cut: number;
}

export function frequentPairFacts(dataset: Dataset, release: Release): PairFacts {
  const threshold = Math.max(1, Math.ceil(FREQUENT_PAIR_SUPPORT * dataset.n));
  const supports = itemSupports(dataset);
  const eligible = Array.from(supports.keys())
    .filter((id) => supports[id] >= threshold)
    .sort((a, b) => supports[b] - supports[a] || a - b);
  const items = eligible.slice(0, MAX_ITEMS);
  const pairs = pairCounts(dataset, items).filter((pair) => pair.support >= threshold);
  let within = 0;
  if (pairs.length > 0) {
    const estimates = pairEstimates(dataset, release, pairs);
    pairs.forEach(({ support }, i) => {
      if (Math.abs(estimates[i] - support) <= PAIR_TOLERANCE * support) within++;
    });
  }
  return {
    frequent_pairs: pairs.length,
    frequent_pairs_within_10pct: within,
    frequent_pairs_share: pairs.length === 0 ? null : within / pairs.length,
    frequent_pairs_items_cut: eligible.length - items.length,
  };
}
