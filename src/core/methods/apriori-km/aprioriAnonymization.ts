/**
 * Apriori-based k^m-anonymization (AA) of Terrovitis, Mamoulis and Kalnis (VLDB 2008, cited as [20]
 * by the COAT paper): global full-subtree generalization over an item hierarchy. For i = 1 .. m it
 * counts the i-itemsets of the generalized data; each itemset I with 0 < sup(I) < k is fixed by the
 * generalization of least information loss among all combinations of ancestors of I's items that
 * lifts sup(I) to k (their direct anonymization step; I has at most m items, so the combinations are
 * few); the cut then maps every leaf under a chosen ancestor to it. A level is repeated until a
 * recount finds no violation (a new cut can create new itemsets). Information loss is Terrovitis'
 * NCP for a set-valued item: a node with L leaves costs L / |I| per occurrence (0 for a leaf).
 * The root generalizes everything and fixes any itemset as long as at least k rows hold an item
 * (checked first, an error otherwise), and every fix strictly coarsens the cut, so AA ends.
 */
import type { Dataset } from '../../data/dataset.ts';
import { ItemRows } from '../../data/itemRows.ts';
import { intersectionSize } from '../../data/rowDistance.ts';
import { ancestors, leafCount, type Hierarchy } from './hierarchy.ts';
import { InputError } from '../../base/errors.ts';

export interface AaResult {
  /** nodeOf[item]: the hierarchy node each item is published as. */
  nodeOf: Int32Array;
  fixes: number;
}

export function aprioriAnonymize(dataset: Dataset, h: Hierarchy, k: number, m: number): AaResult {
  const d = dataset.d;
  let holding = 0;
  for (let r = 0; r < dataset.n; r++) if (dataset.rowLength(r) > 0) holding++;
  if (holding > 0 && holding < k) {
    throw new InputError(
      `k^m-anonymity by generalization needs at least k = ${k} transactions with items; ${dataset.name} has ${holding}`,
    );
  }
  const index = ItemRows.of(dataset);
  const nodeOf = Int32Array.from({ length: d }, (_, i) => i);
  const rowsCache = new Map<number, Int32Array>();
  const rowsOfNode = (node: number): Int32Array => {
    let rows = rowsCache.get(node);
    if (!rows) {
      const set = new Set<number>();
      for (let leaf = h.low[node]; leaf < h.high[node]; leaf++)
        for (const r of index.rowsOf(leaf)) set.add(r);
      rows = Int32Array.from([...set].sort((a, b) => a - b));
      rowsCache.set(node, rows);
    }
    return rows;
  };
  const supportOf = (nodes: readonly number[]): number => {
    if (nodes.length === 1) return rowsOfNode(nodes[0]).length;
    if (nodes.length === 2) return intersectionSize(rowsOfNode(nodes[0]), rowsOfNode(nodes[1]));
    const lists = nodes.map(rowsOfNode).sort((a, b) => a.length - b.length);
    const others = lists.slice(1).map((l) => new Set(l));
    let count = 0;
    for (const r of lists[0]) if (others.every((s) => s.has(r))) count++;
    return count;
  };
  /** Loss of publishing every leaf under `node` as `node` instead of its current node. */
  const lossOfLifting = (node: number): number => {
    let loss = 0;
    for (let leaf = h.low[node]; leaf < h.high[node]; leaf++) {
      const current = nodeOf[leaf];
      if (current === node) continue;
      loss +=
        (index.support(leaf) * (leafCount(h, node) - (current === leaf ? 0 : leafCount(h, current)))) / d;
    }
    return loss;
  };
  const lift = (node: number) => {
    for (let leaf = h.low[node]; leaf < h.high[node]; leaf++) nodeOf[leaf] = node;
  };
  /** Nodes a published node may be lifted to: itself, then its ancestors. */
  const choices = (node: number) => [node, ...ancestors(h, node)];

  let fixes = 0;
  for (let size = 1; size <= m; size++) {
    for (;;) {
      const violations = violatingItemsets(dataset, nodeOf, size, k);
      if (violations.length === 0) break;
      for (const itemset of violations) {
        // Earlier lifts may have moved these nodes up: take what their leaves are published as now.
        const current = collapse([...new Set(itemset.map((node) => nodeOf[h.low[node]]))]);
        const support = supportOf(current);
        if (support >= k || support === 0) continue; // fixed by an earlier lift
        let best: number[] | null = null;
        let bestLoss = Infinity;
        forEachCombination(current.map(choices), (combination) => {
          const collapsed = collapse([...new Set(combination)]);
          if (supportOf(collapsed) < k) return;
          const loss = collapsed.reduce((sum, node) => sum + lossOfLifting(node), 0);
          if (loss < bestLoss - 1e-12) {
            bestLoss = loss;
            best = collapsed;
          }
        });
        for (const node of best ?? [h.root]) lift(node);
        fixes++;
      }
    }
  }
  return { nodeOf, fixes };

  /**
   * Drops nodes under another node of the set (lifting an ancestor absorbs them). A node with one
   * child covers the same leaves as the child: of such nodes the ancestor (the larger id) stays.
   */
  function collapse(nodes: number[]): number[] {
    const covers = (b: number, a: number) =>
      h.low[b] <= h.low[a] &&
      h.high[a] <= h.high[b] &&
      (h.high[b] - h.low[b] > h.high[a] - h.low[a] || b > a);
    return nodes.filter((a) => !nodes.some((b) => b !== a && covers(b, a)));
  }
}

/** i-itemsets of published nodes with 0 < support < k, each as its nodes (ascending). */
function violatingItemsets(dataset: Dataset, nodeOf: Int32Array, size: number, k: number): number[][] {
  const counts = new Map<string, number>();
  for (let r = 0; r < dataset.n; r++) {
    const nodes = [...new Set(Array.from(dataset.row(r), (item) => nodeOf[item]))].sort((a, b) => a - b);
    forEachSubset(nodes, size, (subset) => {
      const key = subset.join(',');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    });
  }
  const out: number[][] = [];
  for (const [key, count] of counts) if (count < k) out.push(key.split(',').map(Number));
  return out.sort(
    (a, b) =>
      (counts.get(a.join(',')) ?? 0) - (counts.get(b.join(',')) ?? 0) ||
      a.join(',').localeCompare(b.join(',')),
  );
}

function forEachSubset(items: number[], size: number, visit: (subset: number[]) => void): void {
  const chosen: number[] = [];
  const walk = (start: number) => {
    if (chosen.length === size) return visit(chosen);
    for (let i = start; i <= items.length - (size - chosen.length); i++) {
      chosen.push(items[i]);
      walk(i + 1);
      chosen.pop();
    }
  };
  walk(0);
}

function forEachCombination(options: number[][], visit: (combination: number[]) => void): void {
  const chosen: number[] = [];
  const walk = (i: number) => {
    if (i === options.length) return visit(chosen);
    for (const option of options[i]) {
      chosen.push(option);
      walk(i + 1);
      chosen.pop();
    }
  };
  walk(0);
}
