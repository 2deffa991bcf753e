/**
 * The k most frequent itemsets of a dataset, of every length (PrivBasis's ground truth and its θ,
 * Li et al. PVLDB 2012 Sec. 6; dp-notes §3.8 and P7: computed by an exact top-k miner, never by a
 * hand-tuned minimum support). Ties are broken the same way everywhere: support descending, then
 * shorter first, then by item ids ascending (lexicographically, items within an itemset
 * ascending). Best-first search over the set-enumeration tree (each itemset extended only by items
 * of larger id): a child's key always follows its parent's (no more support, or as much and one
 * item longer), so itemsets leave the heap in exactly that order. A popped itemset's extensions
 * are counted over its rows (tid-lists, itemRows.ts).
 */
import type { Dataset } from './dataset.ts';
import { ItemRows } from './itemRows.ts';

export interface CountedItemset {
  /** Item ids, ascending. */
  items: number[];
  support: number;
}

/** The order of the top k: support descending, then length, then item ids. */
export function compareItemsets(a: CountedItemset, b: CountedItemset): number {
  if (a.support !== b.support) return b.support - a.support;
  if (a.items.length !== b.items.length) return a.items.length - b.items.length;
  for (let i = 0; i < a.items.length; i++) if (a.items[i] !== b.items[i]) return a.items[i] - b.items[i];
  return 0;
}

/** The first `k` itemsets of support >= 1 in compareItemsets order (fewer when fewer exist). */
export function topItemsets(dataset: Dataset, k: number): CountedItemset[] {
  const index = ItemRows.of(dataset);
  const heap = new ItemsetHeap();
  for (let i = 0; i < dataset.d; i++)
    if (index.support(i) > 0) heap.push({ items: [i], support: index.support(i) });
  const out: CountedItemset[] = [];
  const counts = new Uint32Array(dataset.d);
  const touched: number[] = [];
  while (out.length < k && heap.size > 0) {
    const top = heap.pop()!;
    out.push(top);
    if (out.length === k) break;
    const last = top.items[top.items.length - 1];
    index.forRowsHolding(top.items, (r) => {
      for (const j of dataset.row(r)) {
        if (j <= last) continue;
        if (counts[j]++ === 0) touched.push(j);
      }
    });
    for (const j of touched) {
      heap.push({ items: [...top.items, j], support: counts[j] });
      counts[j] = 0;
    }
    touched.length = 0;
  }
  return out;
}

/** A binary heap of itemsets, smallest compareItemsets key on top. */
class ItemsetHeap {
  private readonly data: CountedItemset[] = [];

  get size(): number {
    return this.data.length;
  }

  push(x: CountedItemset): void {
    const a = this.data;
    a.push(x);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (compareItemsets(a[i], a[parent]) >= 0) break;
      [a[i], a[parent]] = [a[parent], a[i]];
      i = parent;
    }
  }

  pop(): CountedItemset | undefined {
    const a = this.data;
    if (a.length === 0) return undefined;
    const top = a[0];
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && compareItemsets(a[l], a[m]) < 0) m = l;
        if (r < a.length && compareItemsets(a[r], a[m]) < 0) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m], a[i]];
        i = m;
      }
    }
    return top;
  }
}
