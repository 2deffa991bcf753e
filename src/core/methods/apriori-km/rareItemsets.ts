/**
 * The count step of Apriori Anonymization (Terrovitis et al., Sec. 4): the i-itemsets of the data
 * as a cut publishes it that occur in fewer than k rows, in lexicographic order of their nodes (the
 * preorder of the paper's count-tree, which its DA step walks). Every row's distinct nodes
 * (in position order, which is the same for a node pair wherever it occurs, so an itemset has one
 * spelling) give their i-subsets. While an itemset fits a 32-bit key (nodes^i < 2^32: pairs of up
 * to 65,535 nodes) the keys of all subsets are sorted and counted in runs, a few bytes a subset and
 * no hash table; wider itemsets go through the TupleCounter hash table and are sorted after.
 */
import type { Dataset } from '../../data/dataset.ts';
import { TupleCounter } from '../../data/tupleCounts.ts';
import type { Cut } from './cut.ts';
import type { NodeSupport } from './nodeSupport.ts';

export interface RareItemsets {
  /** The itemsets' nodes, `size` per itemset, in position order. */
  tuples: number[];
  /** The support of each itemset (< k). */
  counts: number[];
}

export function rareItemsets(
  dataset: Dataset,
  supports: NodeSupport,
  cut: Cut,
  nodeCount: number,
  size: number,
  k: number,
): RareItemsets {
  const tuples: number[] = [];
  const counts: number[] = [];
  const keep = (tuple: ArrayLike<number>, count: number) => {
    if (count >= k) return;
    for (let j = 0; j < size; j++) tuples.push(tuple[j]);
    counts.push(count);
  };
  if (nodeCount ** size <= 2 ** 32) {
    countBySorting(dataset, supports, cut, nodeCount, size, keep);
    return { tuples, counts };
  }
  const counter = new TupleCounter(size);
  forEachSubset(dataset, supports, cut, size, (tuple) => counter.add(tuple));
  counter.forEach(keep);
  // Into lexicographic order, as the sorted keys come.
  const order = counts.map((_, v) => v);
  const compare = (a: number, b: number) => {
    for (let j = 0; j < size; j++)
      if (tuples[a * size + j] !== tuples[b * size + j]) return tuples[a * size + j] - tuples[b * size + j];
    return 0;
  };
  order.sort(compare);
  return {
    tuples: order.flatMap((v) => tuples.slice(v * size, v * size + size)),
    counts: order.map((v) => counts[v]),
  };
}

function countBySorting(
  dataset: Dataset,
  supports: NodeSupport,
  cut: Cut,
  nodeCount: number,
  size: number,
  keep: (tuple: ArrayLike<number>, count: number) => void,
): void {
  let total = 0;
  forEachSubset(dataset, supports, cut, size, () => total++);
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
