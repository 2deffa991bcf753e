/**
 * Supports of sets of hierarchy nodes for full-subtree generalization: a row supports a node when
 * it holds an item under it, and a set of disjoint nodes when it supports each (Terrovitis et al.,
 * Sec. 2: the support of a generalized itemset). The rows are kept as sorted item positions of a
 * RangeTree, so "does row r hold an item under node b" is one binary search for b's range; the
 * support of a set walks the rows of its least frequent node only, and only until it reaches k. A
 * support depends on the data alone, not on the cut, so the ones computed are remembered (up to
 * MEMO_LIMIT of them, then forgotten all at once: a V8 Map holds at most 2^24 entries, and 50,000
 * Netflix-shaped rows have 34 million rare pairs whose lifted supports are asked).
 */
import type { Dataset } from '../../data/dataset.ts';
import type { RangeTree } from '../../data/hierarchy/rangeTree.ts';
import { ItemRows } from '../../data/itemRows.ts';
import { lowerBound } from '../../data/rowDistance.ts';

/** Supports remembered at most (then the memo starts afresh). */
const MEMO_LIMIT = 4_000_000;

export class NodeSupport {
  /** Item positions of each row, ascending, at dataset.offsets[r]..offsets[r+1]. */
  readonly positions: Uint32Array;
  /** occurrencesBefore[p]: item occurrences of the positions before p (prefix sums). */
  private readonly occurrencesBefore: Float64Array;
  private readonly rows: ItemRows;
  private readonly memo = new Map<number | string, number>();
  private readonly keyBase: number;
  /** lastCount[r]: the count() call that last met row r (a row holds several items of a node). */
  private readonly lastCount: Int32Array;
  private counts = 0;

  constructor(
    private readonly dataset: Dataset,
    readonly tree: RangeTree,
  ) {
    const { offsets, items } = dataset;
    this.positions = new Uint32Array(items.length);
    for (let t = 0; t < items.length; t++) this.positions[t] = tree.positionOf[items[t]];
    for (let r = 0; r < dataset.n; r++) this.positions.subarray(offsets[r], offsets[r + 1]).sort();
    this.rows = ItemRows.of(dataset);
    this.occurrencesBefore = new Float64Array(tree.d + 1);
    for (let p = 0; p < tree.d; p++)
      this.occurrencesBefore[p + 1] = this.occurrencesBefore[p] + this.rows.support(tree.itemAt[p]);
    this.keyBase = tree.parent.length + 1;
    this.lastCount = new Int32Array(dataset.n);
  }

  /** Item occurrences under a node (the sum of its items' supports). */
  occurrences(node: number): number {
    return this.occurrencesBefore[this.tree.high[node]] - this.occurrencesBefore[this.tree.low[node]];
  }

  /**
   * Whether at least `k` rows hold an item under every node of `nodes` (disjoint nodes). Counting
   * stops at k; the memo keeps min(support, k), so one run must ask with one k.
   */
  reaches(nodes: readonly number[], k: number): boolean {
    const key = this.keyOf(nodes);
    let value = this.memo.get(key);
    if (value === undefined) {
      value = this.count(nodes, k);
      if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
      this.memo.set(key, value);
    }
    return value >= k;
  }

  /**
   * Writes the distinct nodes of the cut that row r's items are published as into `out`, in
   * position order, and returns how many. `cutAt[p]` is the cut's node over position p; the nodes
   * of a cut cover disjoint ranges, so equal ones are adjacent.
   */
  rowNodes(r: number, cutAt: Int32Array, out: Int32Array): number {
    const end = this.dataset.offsets[r + 1];
    let count = 0;
    for (let t = this.dataset.offsets[r]; t < end; t++) {
      const node = cutAt[this.positions[t]];
      if (count === 0 || out[count - 1] !== node) out[count++] = node;
    }
    return count;
  }

  /** Calls `visit` with each row holding an item under `node`, once per item it holds there. */
  forEachRowUnder(node: number, visit: (row: number) => void): void {
    const { low, high, itemAt } = this.tree;
    for (let p = low[node]; p < high[node]; p++) {
      const rows = this.rows.rowsOf(itemAt[p]);
      for (let i = 0; i < rows.length; i++) visit(rows[i]);
    }
  }

  /** min(support of the nodes, limit). */
  private count(nodes: readonly number[], limit: number): number {
    const { low, high, itemAt } = this.tree;
    let least = nodes[0];
    for (const node of nodes) if (this.occurrences(node) < this.occurrences(least)) least = node;
    const { offsets } = this.dataset;
    const positions = this.positions;
    const call = ++this.counts;
    const last = this.lastCount;
    let support = 0;
    for (let p = low[least]; p < high[least]; p++) {
      for (const r of this.rows.rowsOf(itemAt[p])) {
        if (last[r] === call) continue; // met already, through another item under `least`
        last[r] = call;
        const start = offsets[r];
        const end = offsets[r + 1];
        let holdsAll = true;
        for (const node of nodes) {
          if (node === least) continue;
          const at = lowerBound(positions, low[node], start, end);
          if (at === end || positions[at] >= high[node]) {
            holdsAll = false;
            break;
          }
        }
        if (holdsAll && ++support >= limit) return support;
      }
    }
    return support;
  }

  /** A key for the set of nodes (order ignored): a number while it fits, else a string. */
  private keyOf(nodes: readonly number[]): number | string {
    const base = this.keyBase;
    if (nodes.length === 1) return nodes[0] + 1;
    if (nodes.length === 2 && base * base < Number.MAX_SAFE_INTEGER) {
      const [a, b] = nodes[0] < nodes[1] ? [nodes[0], nodes[1]] : [nodes[1], nodes[0]];
      return (a + 1) * base + b + 1;
    }
    const sorted = [...nodes].sort((a, b) => a - b);
    if (base ** sorted.length > Number.MAX_SAFE_INTEGER) return sorted.join(',');
    let key = 0;
    for (const node of sorted) key = key * base + node + 1;
    return key;
  }
}
