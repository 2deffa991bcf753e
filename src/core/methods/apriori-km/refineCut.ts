/**
 * The refinement after Apriori Anonymization (issue 32): AA (aprioriAnonymization.ts) fixes the rare
 * itemsets one at a time, each by the cheapest lift at the cut as it stands then, so a category lifted
 * early can become unnecessary once later fixes lifted its neighbours (on a supermarket file AA's
 * k = 10 release had a lower NCP than its k = 5 one). This pass walks the other way: it takes a
 * published category one level down (all its children into the cut: the cut stays a full-subtree
 * generalization, Terrovitis et al. Sec. 2) whenever k^m-anonymity still holds after the split, the
 * split that saves the most NCP first, until no category of the cut can be split: the cut is then
 * locally minimal. Every split lowers NCP, so the release is never worse than AA's.
 *
 * Whether a split keeps k^m: only itemsets holding a child of the split category change, and every
 * such itemset occurs only in rows holding an item under it, so those rows are counted (each row's
 * distinct cut nodes, every subset of up to m of them with at least one child) and every count must
 * reach k. A split that fails now fails for good: later splits only make the cut finer, and a finer
 * cut never raises a support, so each category is tried once.
 *
 * The same pass from the root (`topDownCut`) is the top-down search of the k^m literature: start
 * from everything generalized and specialize while the guarantee holds. It reaches another locally
 * minimal cut, sometimes a cheaper one (BMS1, k = 5, m = 3, alphabetical fan-out 5: 0.1081 against
 * AA's refined 0.1107); the method publishes the cheaper of the two (aprioriAnonymization.ts).
 *
 * At density (issue 31) the pairs are the cost: a split's rows are long and many. They are counted one
 * child at a time in an array over the nodes (PairCountsByFirst), the child's rows each once, and a
 * child none of whose items is in a rare pair of items is not counted at all (pairRisk.ts: it cannot
 * make a rare pair). Sizes 3 and up are counted in a TupleCounter per split.
 */
import type { Dataset } from '../../data/dataset.ts';
import type { RangeTree } from '../../data/hierarchy/rangeTree.ts';
import { ItemRows } from '../../data/itemRows.ts';
import { TupleCounter } from '../../data/tupleCounts.ts';
import { PairCountsByFirst } from '../../data/pairsByFirst.ts';
import { Cut } from './cut.ts';
import type { NodeSupport } from './nodeSupport.ts';
import { PairRisk } from './pairRisk.ts';

/** How a split's pairs are counted. */
export interface PairCounting {
  /** The items in rare pairs of items (children without one are not counted). */
  risk?: PairRisk;
  /** Tests: every pair in the TupleCounter, like sizes 3 and up (the path before issue 31). */
  byTuple?: boolean;
}

export interface Refinement {
  /** Categories taken one level down. */
  splits: number;
  /** Categories tried and kept (a split would have broken k^m). */
  kept: number;
}

export function refineCut(
  dataset: Dataset,
  tree: RangeTree,
  cut: Cut,
  supports: NodeSupport,
  k: number,
  m: number,
  counting: PairCounting = {},
): Refinement {
  const children: number[][] = Array.from({ length: tree.parent.length }, () => []);
  for (let node = 0; node < tree.parent.length; node++)
    if (tree.parent[node] >= 0) children[tree.parent[node]].push(node);
  const gain = (node: number) =>
    cut.costAt(node) - children[node].reduce((sum, child) => sum + cut.costAt(child), 0);
  // The categories of the cut, each tried once, the largest saving first (ties: the lower node).
  const frontier: number[] = [];
  for (let p = 0; p < tree.d; p = tree.high[cut.at[p]]) if (cut.at[p] >= tree.d) frontier.push(cut.at[p]);
  const counter = new SplitCounter(dataset, tree, supports, m, counting);
  let splits = 0;
  let kept = 0;
  while (frontier.length > 0) {
    let best = 0;
    for (let i = 1; i < frontier.length; i++) {
      const a = gain(frontier[i]);
      const b = gain(frontier[best]);
      if (a > b || (a === b && frontier[i] < frontier[best])) best = i;
    }
    const node = frontier[best];
    frontier[best] = frontier[frontier.length - 1];
    frontier.pop();
    cut.split(node, children[node]);
    if (counter.holds(node, cut.at, k)) {
      splits++;
      for (const child of children[node]) if (child >= tree.d) frontier.push(child);
    } else {
      cut.lift(node);
      kept++;
    }
  }
  return { splits, kept };
}

/**
 * The top-down cut: the root, refined. The root is k^m-anonymous when at least k rows hold an item
 * (every itemset of nodes is then {root}); the caller checks that first.
 */
export function topDownCut(
  dataset: Dataset,
  tree: RangeTree,
  supports: NodeSupport,
  k: number,
  m: number,
  counting: PairCounting = {},
): { cut: Cut; refinement: Refinement } {
  const cut = new Cut(tree, (node) => supports.occurrences(node));
  if (tree.root >= tree.d) cut.lift(tree.root);
  return { cut, refinement: refineCut(dataset, tree, cut, supports, k, m, counting) };
}

/** Counts the itemsets of up to m cut nodes that hold a child of a just-split category. */
class SplitCounter {
  private readonly rows: ItemRows;
  private readonly stamp: Int32Array;
  private calls = 0;
  private nodes = new Int32Array(64);
  private pool = new Int32Array(64);
  private index: Int32Array;
  private readonly tuple: Int32Array;
  /** Pair counts of one child at a time, over the nodes; null: pairs counted like larger sizes. */
  private readonly pairs: PairCountsByFirst | null;
  private readonly risk: PairRisk;

  constructor(
    private readonly dataset: Dataset,
    private readonly tree: RangeTree,
    private readonly supports: NodeSupport,
    private readonly m: number,
    { risk = PairRisk.everywhere, byTuple = false }: PairCounting,
  ) {
    this.risk = risk;
    this.rows = ItemRows.of(dataset);
    this.stamp = new Int32Array(dataset.n);
    this.index = new Int32Array(m);
    this.tuple = new Int32Array(m);
    this.pairs = m >= 2 && !byTuple ? new PairCountsByFirst(tree.parent.length) : null;
  }

  /** Whether every itemset of up to m nodes of the cut `at` holding a child of `node` occurs >= k times. */
  holds(node: number, at: Int32Array, k: number): boolean {
    const { tree, dataset } = this;
    // Sizes 1 first: a child rarer than k fails at once, from the remembered supports.
    for (let p = tree.low[node]; p < tree.high[node]; p = tree.high[at[p]])
      if (!this.supports.reaches([at[p]], k)) return false;
    if (this.m < 2) return true;
    // Then sizes 2..m, one size a pass, so that a rare pair fails before the triples are counted.
    if (this.pairs && !this.pairsHold(node, at, k, this.pairs)) return false;
    for (let others = this.pairs ? 2 : 1; others < this.m; others++) {
      const counter = new TupleCounter(others + 1);
      const call = ++this.calls;
      for (let p = tree.low[node]; p < tree.high[node]; p++) {
        for (const r of this.rows.rowsOf(tree.itemAt[p])) {
          if (this.stamp[r] === call) continue;
          this.stamp[r] = call;
          if (this.nodes.length < dataset.rowLength(r)) this.nodes = new Int32Array(dataset.rowLength(r) * 2);
          this.countRow(node, this.supports.rowNodes(r, at, this.nodes), others, counter);
        }
      }
      let rare = false;
      counter.forEach((_, c) => {
        if (c < k) rare = true;
      });
      if (rare) return false;
    }
    return true;
  }

  /**
   * Whether every pair of a child of the just-split `node` with a node of the cut `at` occurs in 0
   * or at least k rows. One child at a time, the least frequent first (a rare pair is likelier
   * there, and ends the check): each row holding an item under it adds one to every node of the cut
   * it holds. Children without an item in a rare pair of items are skipped (pairRisk.ts).
   */
  private pairsHold(node: number, at: Int32Array, k: number, pairs: PairCountsByFirst): boolean {
    const { tree, dataset, supports, risk, stamp } = this;
    const children: number[] = [];
    for (let p = tree.low[node]; p < tree.high[node]; p = tree.high[at[p]])
      if (risk.under(tree, at[p])) children.push(at[p]);
    children.sort((a, b) => supports.occurrences(a) - supports.occurrences(b) || a - b);
    const { offsets } = dataset;
    const positions = supports.positions;
    for (const child of children) {
      const call = ++this.calls;
      for (let p = tree.low[child]; p < tree.high[child]; p++) {
        const rows = this.rows.rowsOf(tree.itemAt[p]);
        for (let i = 0; i < rows.length; i++) {
          const r = rows[i];
          if (stamp[r] === call) continue;
          stamp[r] = call;
          pairs.addMappedTracked(positions, offsets[r], offsets[r + 1], at);
        }
      }
      if (pairs.takeMetBelow(k, child)) return false;
    }
    return true;
  }

  /**
   * Adds every subset of `others` + 1 of the row's `count` nodes that holds a child of `node`, once:
   * a subset is counted from its first child (the anchor a), with the others drawn from the nodes
   * after a and the non-children before it (in position order, so the tuple comes out sorted).
   */
  private countRow(node: number, count: number, others: number, counter: TupleCounter): void {
    const { nodes, tree } = this;
    if (this.pool.length < count) {
      this.pool = new Int32Array(count * 2);
      this.index = new Int32Array(this.m);
    }
    const { pool, index, tuple } = this;
    for (let a = 0; a < count; a++) {
      if (tree.parent[nodes[a]] !== node) continue;
      let size = 0;
      for (let i = 0; i < count; i++)
        if (i !== a && (i > a || tree.parent[nodes[i]] !== node)) pool[size++] = i;
      if (others <= size) {
        for (let j = 0; j < others; j++) index[j] = j;
        for (;;) {
          // The anchor merged into the others, all in position order.
          let t = 0;
          let placed = false;
          for (let j = 0; j < others; j++) {
            const i = pool[index[j]];
            if (!placed && a < i) {
              tuple[t++] = nodes[a];
              placed = true;
            }
            tuple[t++] = nodes[i];
          }
          if (!placed) tuple[t++] = nodes[a];
          counter.add(tuple.subarray(0, t));
          let j = others - 1;
          while (j >= 0 && index[j] === size - others + j) j--;
          if (j < 0) break;
          index[j]++;
          for (let u = j + 1; u < others; u++) index[u] = index[u - 1] + 1;
        }
      }
    }
  }
}
