/**
 * The `itemsets` release kind (DESIGN.md sec. 4): the top-k itemsets with noisy supports, as
 * PrivBasis publishes them (Li, Qardaji, Su, Cao, "PrivBasis: Frequent Itemset Mining with
 * Differential Privacy", PVLDB 5(11) 2012), with the differentially private choices they follow
 * from (the number of items λ, the items F and pairs P chosen by the exponential mechanism, the
 * basis set built from them, and each basis's noisy bin counts), so that a verifier recomputes the
 * published itemsets from the noisy counts. Everything here is an output of a DP step or a
 * function of one (post-processing); |D| is not published.
 * The audit (never published) holds the true supports of the published itemsets and the true top k.
 */
import type { ReleaseHeader } from './types.ts';

export interface PublishedItemset {
  items: string[];
  /** The noisy support (a mean of noisy counts when the itemset is in several bases). */
  support: number;
}

export interface BasisTrace {
  /** λ: how many items the top itemsets involve, chosen by the exponential mechanism. */
  lambda: number;
  /** F: the λ items chosen, in the order drawn. */
  items: string[];
  /** P: the pairs chosen among F (empty when λ <= 12: the single basis F). */
  pairs: string[][];
  /** The basis set B: each basis an ordered list of items. */
  bases: string[][];
  /**
   * Noisy bin counts per basis: bins[i][S - 1] for each non-empty subset S of basis i, S a bit mask
   * over the basis's items (item j is bit j), counting the transactions t with t ∩ B_i = S.
   */
  bins: number[][];
}

export interface ItemsetsRelease extends ReleaseHeader {
  kind: 'itemsets';
  itemsets: PublishedItemset[];
  basis: BasisTrace;
}

export interface ItemsetsAudit {
  /** The true support of each published itemset, in the release's order. */
  published: number[];
  /** The true top k (support descending, then shorter, then by items), with their supports. */
  topK: { items: string[]; support: number }[];
}
