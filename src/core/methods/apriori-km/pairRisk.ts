/**
 * Which items can take part in a rare pair of any cut (apriori-km's refinement at density, issue
 * 31). Whether a split keeps k^m asks, for each child c, whether some node x of the cut has
 * 0 < sup(c, x) < k. If it has, some row holds an item i under c and an item j under x, and
 * sup({i, j}) <= sup({c, x}) < k (a generalized itemset is held by every row holding one of its
 * preimages, Terrovitis et al. Sec. 2): {i, j} is a rare pair of items. So a child none of whose
 * items is in a rare pair of items can never make a rare pair, whatever the cut: its pairs need not
 * be counted (refineCut.ts). Netflix-shaped rows at k = 5 (bench/riskyItems.ts): 16,258 of 17,770
 * items are in a rare pair at 50,000 rows, 13,262 at 120,000, and 2 on the whole file (one rare pair).
 *
 * The rare pairs of items are the rare pairs of the cut of every item by itself: AA's own count of
 * size 2 when no item was lifted before it (no rare single item), else a count of its own.
 */
import type { RangeTree } from '../../data/hierarchy/rangeTree.ts';
import type { Dataset } from '../../data/dataset.ts';
import { Cut } from './cut.ts';
import type { NodeSupport } from './nodeSupport.ts';
import { visitRarePairs, type RareItemsets } from './rareItemsets.ts';

export class PairRisk {
  private constructor(
    /** before[p]: positions before p held by some rare pair of items. */
    private readonly before: Int32Array | null,
  ) {}

  /** Every item may be in a rare pair (nothing known: every pair is counted). */
  static readonly everywhere = new PairRisk(null);

  /** From the rare pairs of the cut of every item by itself (nodes 0..d-1 are positions 0..d-1). */
  static ofItemPairs(tree: RangeTree, pairs: RareItemsets): PairRisk {
    const risky = new Uint8Array(tree.d);
    for (let v = 0; v < pairs.count; v++) {
      risky[pairs.node(v, 0)] = 1;
      risky[pairs.node(v, 1)] = 1;
    }
    return PairRisk.ofRisky(risky);
  }

  /**
   * Counted at the cut of every item by itself (visitRarePairs): only a flag per item is kept, so the
   * count needs no more memory than the counter's array, whatever the number of rare pairs.
   */
  static count(dataset: Dataset, supports: NodeSupport, k: number): PairRisk {
    const { tree } = supports;
    const items = new Cut(tree, (node) => supports.occurrences(node));
    const risky = new Uint8Array(tree.d);
    visitRarePairs(dataset, supports, items, k, (a, b) => {
      risky[a] = 1;
      risky[b] = 1;
    });
    return PairRisk.ofRisky(risky);
  }

  private static ofRisky(risky: Uint8Array): PairRisk {
    const before = new Int32Array(risky.length + 1);
    for (let p = 0; p < risky.length; p++) before[p + 1] = before[p] + risky[p];
    return new PairRisk(before);
  }

  /** Whether some item under `node` is in a rare pair of items. */
  under(tree: RangeTree, node: number): boolean {
    return this.before === null || this.before[tree.high[node]] > this.before[tree.low[node]];
  }

  /** Items in some rare pair of items (all of them when nothing is known). */
  count(tree: RangeTree): number {
    return this.before === null ? tree.d : this.before[tree.d];
  }
}
