/**
 * The vertical view of a Dataset: for every item, the ascending list of rows that hold it
 * (the transpose of the CSR, "tid-lists"). Support counting of an itemset walks the shortest list
 * and tests the other items with the BitMatrix (O(1) per test) or by binary search in their lists.
 */
import type { Dataset } from './dataset.ts';
import { sortedHas } from './rowDistance.ts';
import { allocateU32 } from './sharedBuffer.ts';

const cache = new WeakMap<Dataset, ItemRows>();

export class ItemRows {
  private constructor(
    private readonly dataset: Dataset,
    /** offsets[i]..offsets[i+1] delimit item i's rows in `rows`. */
    readonly offsets: Uint32Array,
    readonly rows: Uint32Array,
  ) {}

  /** The tid-lists of `dataset`, built once per dataset (datasets never change). */
  static of(dataset: Dataset): ItemRows {
    let built = cache.get(dataset);
    if (!built) cache.set(dataset, (built = ItemRows.build(dataset)));
    return built;
  }

  private static build(dataset: Dataset): ItemRows {
    const d = dataset.d;
    const offsets = allocateU32(d + 1);
    for (let k = 0; k < dataset.items.length; k++) offsets[dataset.items[k] + 1]++;
    for (let i = 0; i < d; i++) offsets[i + 1] += offsets[i];
    const fill = offsets.slice(0, d);
    const rows = allocateU32(dataset.items.length);
    for (let r = 0; r < dataset.n; r++) {
      for (let k = dataset.offsets[r]; k < dataset.offsets[r + 1]; k++) rows[fill[dataset.items[k]]++] = r;
    }
    return new ItemRows(dataset, offsets, rows);
  }

  support(item: number): number {
    return this.offsets[item + 1] - this.offsets[item];
  }

  rowsOf(item: number): Uint32Array {
    return this.rows.subarray(this.offsets[item], this.offsets[item + 1]);
  }

  /**
   * Number of rows holding every item of `itemset`, counting no further than `limit`
   * (uniqueness checks need only "0, 1 or more").
   */
  countRowsContaining(itemset: readonly number[], limit = Infinity): number {
    if (itemset.length === 0) return Math.min(limit, this.dataset.n);
    const bySupport = [...itemset].sort((a, b) => this.support(a) - this.support(b));
    const shortest = this.rowsOf(bySupport[0]);
    if (bySupport.length === 1) return Math.min(limit, shortest.length);
    let count = 0;
    if (bySupport.length === 2) {
      // The common case (pairs: AvgRE's queries, the summary's frequent pairs), without a test list.
      const second = bySupport[1];
      for (let k = 0; k < shortest.length && count < limit; k++)
        if (this.rowHas(shortest[k], second)) count++;
      return count;
    }
    const others = bySupport.slice(1);
    for (let k = 0; k < shortest.length && count < limit; k++) {
      if (others.every((item) => this.rowHas(shortest[k], item))) count++;
    }
    return count;
  }

  /** Whether `row` holds `item` (the BitMatrix when there is one, else a search in its tid-list). */
  rowHas(row: number, item: number): boolean {
    const bits = this.dataset.bits;
    return bits ? bits.has(row, item) : sortedHas(this.rowsOf(item), row);
  }
}
