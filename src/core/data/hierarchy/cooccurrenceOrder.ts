/**
 * The items in an order that puts items bought (viewed, coded) together next to each other, for a
 * built hierarchy that groups items by what they have in common (DESIGN.md sec. 7; issue 32: an
 * alphabetical hierarchy published `canned beer` as `(abrasive cleaner..cereals)`). A greedy chain:
 * start from the most supported item; the next item is the one not yet placed that shares the most
 * rows with the last one placed (ties: the more supported, then the lower id); when the last one
 * shares no row with any item left, the chain goes on from the most supported item left. Balanced
 * groups of f consecutive items (buildHierarchy.ts) then hold items that co-occur.
 * Co-occurrence is counted on demand, one item's rows at a time (SparseCounts); rows longer than
 * LONG_ROW items are left out of the counting (a session that viewed hundreds of pages says little
 * about which two belong together, and would cost the square of its length).
 */
import type { Dataset } from '../dataset.ts';
import { ItemRows } from '../itemRows.ts';
import { SparseCounts } from '../sparseCounts.ts';
import { itemSupports } from '../stats.ts';

const LONG_ROW = 256;

export function cooccurrenceOrder(dataset: Dataset): number[] {
  const d = dataset.d;
  const support = itemSupports(dataset);
  const bySupport = Array.from({ length: d }, (_, i) => i).sort((a, b) => support[b] - support[a] || a - b);
  const rows = ItemRows.of(dataset);
  const placed = new Uint8Array(d);
  const shared = new SparseCounts(d);
  const order: number[] = [];
  let nextStart = 0;
  let current = -1;
  while (order.length < d) {
    let next = -1;
    if (current >= 0) {
      for (const r of rows.rowsOf(current)) {
        if (dataset.rowLength(r) > LONG_ROW) continue;
        for (let t = dataset.offsets[r]; t < dataset.offsets[r + 1]; t++) {
          const item = dataset.items[t];
          if (!placed[item]) shared.add(item);
        }
      }
      for (const item of shared.met) {
        if (
          next < 0 ||
          shared.counts[item] > shared.counts[next] ||
          (shared.counts[item] === shared.counts[next] &&
            (support[item] > support[next] || (support[item] === support[next] && item < next)))
        )
          next = item;
      }
      shared.clear();
    }
    if (next < 0) {
      while (placed[bySupport[nextStart]]) nextStart++;
      next = bySupport[nextStart];
    }
    placed[next] = 1;
    order.push(next);
    current = next;
  }
  return order;
}
