/**
 * The count step of Apriori Anonymization (Terrovitis et al., Sec. 4): the i-itemsets of the data
 * as a cut publishes it that occur in fewer than k rows, in lexicographic order of their nodes (the
 * preorder of the paper's count-tree, which its DA step walks). A row's distinct nodes are taken in
 * position order, which is the same for a node pair wherever it occurs, so an itemset has one
 * spelling (its nodes in position order); itemsets are ordered by those nodes' numbers.
 * - Size 1: one count per node.
 * - Size 2: the pairs one first node at a time (data/pairsByFirst.ts, the verifier's counter): the
 *   rows holding an item under the first node, each read from its first position past that node
 *   and mapped through the cut, so only d counts are held whatever the number of nodes (17,770
 *   items: 142 KB, not a triangle of 158 M pairs), and every pair is exact.
 * - Size 3 and up: every row's i-subsets, as 32-bit keys sorted and counted in runs while
 *   nodes^i < 2^32, else in the TupleCounter hash table. The subsets of the rows at the cut are
 *   counted first, and the memory either way needs (4 bytes a subset for the keys; for the table,
 *   at most one entry per subset and per possible itemset) is checked against the run's budget
 *   before any of it is allocated.
 * The rare itemsets are kept in typed chunks (34 million rare pairs on 50,000 Netflix-shaped rows).
 */
import type { Dataset } from '../../data/dataset.ts';
import { PairCountsByFirst } from '../../data/pairsByFirst.ts';
import { TupleCounter } from '../../data/tupleCounts.ts';
import { ChunkedU32 } from '../../data/chunkedU32.ts';
import { choose } from '../../base/subsets.ts';
import type { MemoryCheck } from '../../base/memoryBudget.ts';
import type { Cut } from './cut.ts';
import type { NodeSupport } from './nodeSupport.ts';

/**
 * The rare itemsets found, in chunks (no copy as they grow; each chunk checked against the run's
 * memory budget before it is allocated).
 */
export class RareItemsets {
  private readonly nodes: ChunkedU32;
  private readonly supports: ChunkedU32;

  constructor(
    readonly size: number,
    memory: MemoryCheck = () => {},
  ) {
    const check = () =>
      memory(
        this.bytes + 4 * 2 ** 20 * (size + 1),
        `apriori-km's rare ${size}-itemsets (fewer than k rows)`,
        'a smaller k',
      );
    this.nodes = new ChunkedU32(check);
    this.supports = new ChunkedU32(check);
  }

  /** How many itemsets. */
  get count(): number {
    return this.supports.length;
  }

  get bytes(): number {
    return this.nodes.bytes + this.supports.bytes;
  }

  /** The j-th node (in position order) of itemset v. */
  node(v: number, j: number): number {
    return this.nodes.get(v * this.size + j);
  }

  support(v: number): number {
    return this.supports.get(v);
  }

  add(tuple: ArrayLike<number>, support: number): void {
    for (let j = 0; j < this.size; j++) this.nodes.push(tuple[j]);
    this.supports.push(support);
  }

  /** The itemsets sorted lexicographically by node (the count-tree's preorder). */
  sorted(): RareItemsets {
    const { size } = this;
    const order = Uint32Array.from({ length: this.count }, (_, v) => v);
    order.sort((a, b) => {
      for (let j = 0; j < size; j++) {
        const x = this.node(a, j);
        const y = this.node(b, j);
        if (x !== y) return x - y;
      }
      return 0;
    });
    const out = new RareItemsets(size);
    const tuple = new Uint32Array(size);
    for (const v of order) {
      for (let j = 0; j < size; j++) tuple[j] = this.node(v, j);
      out.add(tuple, this.support(v));
    }
    return out;
  }
}

export function rareItemsets(
  dataset: Dataset,
  supports: NodeSupport,
  cut: Cut,
  nodeCount: number,
  size: number,
  k: number,
  memory: MemoryCheck = () => {},
): RareItemsets {
  if (size === 1) return rareNodes(dataset, supports, cut, nodeCount, k);
  if (size === 2) return rarePairs(dataset, supports, cut, k, memory);
  const subsets = subsetCount(dataset, supports, cut, size);
  const sorting = nodeCount ** size <= 2 ** 32;
  // Keys: 4 bytes a subset. Table: per entry `size` keys, a count and an order slot, at half load,
  // and the old arrays beside the new while it doubles.
  const entries = Math.min(subsets, choose(nodeCount, size));
  const bytes = sorting ? 4 * subsets : entries * (size + 2) * 4 * 2 * 1.5;
  memory(
    bytes,
    `apriori-km's count of the ${size}-itemsets (${subsets.toPrecision(3)} ${size}-subsets of the rows as the cut publishes them)`,
    `m = ${size - 1}`,
  );
  const found = new RareItemsets(size, memory);
  const keep = (tuple: ArrayLike<number>, count: number) => {
    if (count < k) found.add(tuple, count);
  };
  if (sorting) {
    countBySorting(dataset, supports, cut, nodeCount, size, subsets, keep);
    return found;
  }
  const counter = new TupleCounter(size);
  forEachSubset(dataset, supports, cut, size, (tuple) => counter.add(tuple));
  counter.forEach(keep);
  return found.sorted();
}

/** Nodes of the cut held by 0 < support < k rows, ascending. */
function rareNodes(
  dataset: Dataset,
  supports: NodeSupport,
  cut: Cut,
  nodeCount: number,
  k: number,
): RareItemsets {
  const held = new Uint32Array(nodeCount);
  let nodes = new Int32Array(64);
  for (let r = 0; r < dataset.n; r++) {
    if (nodes.length < dataset.rowLength(r)) nodes = new Int32Array(dataset.rowLength(r) * 2);
    const count = supports.rowNodes(r, cut.at, nodes);
    for (let j = 0; j < count; j++) held[nodes[j]]++;
  }
  const found = new RareItemsets(1);
  const tuple = [0];
  for (let node = 0; node < nodeCount; node++)
    if (held[node] > 0 && held[node] < k) found.add(((tuple[0] = node), tuple), held[node]);
  return found;
}

/**
 * Pairs of the cut's nodes held by 0 < support < k rows (visitRarePairs), kept in position order;
 * when the cut's node numbers do not follow positions (a category before an item of a smaller
 * number), the pairs are sorted by node afterwards.
 */
function rarePairs(
  dataset: Dataset,
  supports: NodeSupport,
  cut: Cut,
  k: number,
  memory: MemoryCheck,
): RareItemsets {
  const found = new RareItemsets(2, memory);
  const pair = [0, 0];
  const ordered = visitRarePairs(dataset, supports, cut, k, (a, b, count) => {
    pair[0] = a;
    pair[1] = b;
    found.add(pair, count);
  });
  return ordered ? found : found.sorted();
}

/**
 * Visits every pair (a, b) of the cut's nodes, a before b in position order, held by 0 < support < k
 * rows. The nodes of the cut are ranked by position (they cover disjoint ranges); for each in turn,
 * the rows holding an item under it add one to each node after it (PairCountsByFirst through the
 * rank of each position), so only a count per node is held. Returns whether the cut's node numbers
 * follow positions (the pairs then came in lexicographic order of their nodes).
 */
export function visitRarePairs(
  dataset: Dataset,
  supports: NodeSupport,
  cut: Cut,
  k: number,
  visit: (a: number, b: number, count: number) => void,
): boolean {
  const { low, high } = supports.tree;
  const positions = supports.positions;
  const { offsets } = dataset;
  const d = supports.tree.d;
  const rankOfPosition = new Int32Array(d);
  const nodeOfRank: number[] = [];
  for (let p = 0; p < d; p = high[cut.at[p]]) {
    const node = cut.at[p];
    rankOfPosition.fill(nodeOfRank.length, low[node], high[node]);
    nodeOfRank.push(node);
  }
  const counter = new PairCountsByFirst(nodeOfRank.length);
  const lastFirst = new Int32Array(dataset.n).fill(-1);
  // next[r]: row r's first position past the nodes counted so far (nodes come in position order).
  const next = Int32Array.from({ length: dataset.n }, (_, r) => offsets[r]);
  let ordered = true;
  nodeOfRank.forEach((node, a) => {
    if (a > 0 && node < nodeOfRank[a - 1]) ordered = false;
    supports.forEachRowUnder(node, (r) => {
      if (lastFirst[r] === a) return; // met already, through another item under the node
      lastFirst[r] = a;
      const end = offsets[r + 1];
      let from = next[r];
      while (from < end && positions[from] < high[node]) from++;
      next[r] = from;
      counter.addMapped(positions, from, end, rankOfPosition);
    });
    counter.takeRare(a, k, (b, count) => visit(node, nodeOfRank[b], count));
  });
  return ordered;
}

/** How many size-subsets the rows' distinct cut nodes have (the keys countBySorting makes). */
function subsetCount(dataset: Dataset, supports: NodeSupport, cut: Cut, size: number): number {
  let total = 0;
  let nodes = new Int32Array(64);
  for (let r = 0; r < dataset.n; r++) {
    if (nodes.length < dataset.rowLength(r)) nodes = new Int32Array(dataset.rowLength(r) * 2);
    total += choose(supports.rowNodes(r, cut.at, nodes), size);
  }
  return total;
}

function countBySorting(
  dataset: Dataset,
  supports: NodeSupport,
  cut: Cut,
  nodeCount: number,
  size: number,
  total: number,
  keep: (tuple: ArrayLike<number>, count: number) => void,
): void {
  const keys = new Uint32Array(total);
  let at = 0;
  forEachSubset(dataset, supports, cut, size, (tuple) => {
    let key = 0;
    for (let j = 0; j < size; j++) key = key * nodeCount + tuple[j];
    keys[at++] = key;
  });
  keys.sort();
  const tuple = new Array<number>(size).fill(0);
  for (let start = 0; start < total;) {
    let end = start + 1;
    while (end < total && keys[end] === keys[start]) end++;
    let key = keys[start];
    for (let j = size - 1; j >= 0; j--) {
      tuple[j] = key % nodeCount;
      key = Math.floor(key / nodeCount);
    }
    keep(tuple, end - start);
    start = end;
  }
}

/** Every size-subset of every row's distinct cut nodes (a scratch view, valid during the call). */
function forEachSubset(
  dataset: Dataset,
  supports: NodeSupport,
  cut: Cut,
  size: number,
  visit: (tuple: Int32Array) => void,
): void {
  let nodes = new Int32Array(64);
  const chosen = new Int32Array(size);
  const index = new Int32Array(size);
  for (let r = 0; r < dataset.n; r++) {
    if (nodes.length < dataset.rowLength(r)) nodes = new Int32Array(dataset.rowLength(r) * 2);
    const count = supports.rowNodes(r, cut.at, nodes);
    if (count < size) continue;
    for (let j = 0; j < size; j++) index[j] = j;
    for (;;) {
      for (let j = 0; j < size; j++) chosen[j] = nodes[index[j]];
      visit(chosen);
      let j = size - 1;
      while (j >= 0 && index[j] === count - size + j) j--;
      if (j < 0) break;
      index[j]++;
      for (let t = j + 1; t < size; t++) index[t] = index[t - 1] + 1;
    }
  }
}
