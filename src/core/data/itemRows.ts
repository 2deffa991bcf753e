/**
 * The vertical view of a Dataset: for every item, the ascending list of rows that hold it
 * (the transpose of the CSR, "tid-lists"). Support counting of an itemset walks the shortest list
 * and tests the other items with the BitMatrix (O(1) per test) or, without one, by binary search,
 * until the searches asked of an item would have paid for a bitset of its rows (`holderBits`).
 */
import { getBit, setBit, wordsFor } from './bitset.ts';
import type { Dataset } from './dataset.ts';
import { sortedHas } from './rowDistance.ts';
import { allocateU32 } from './sharedBuffer.ts';

/**
 * Bytes of holder bitsets kept per ItemRows, the most recently used first out (n/8 bytes each: all
 * of BMS1's 497 items in 3.7 MB; 320 items of a 410,201-row file).
 */
const HOLDER_BITS_BUDGET = 16 * 1024 * 1024;
/** A list entry written costs about this share of one binary-search membership test. */
const SEARCH_COST_IN_WRITES = 8;

/** forRowsHolding's first segment of the shortest list (the segments then double). */
const FIRST_SEGMENT = 64;

const cache = new WeakMap<Dataset, ItemRows>();

export class ItemRows {
  private constructor(
    private readonly dataset: Dataset,
    /** offsets[i]..offsets[i+1] delimit item i's rows in `rows`. */
    readonly offsets: Uint32Array,
    readonly rows: Uint32Array,
  ) {}

  /** Membership tests asked of each item so far, against the cost of a bitset of its rows. */
  private probesAsked: Float64Array | null = null;
  private readonly holderBitsets = new Map<number, Uint32Array>();

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
    if (itemset.length === 1) return Math.min(limit, this.support(itemset[0]));
    if (itemset.length === 2 && limit === Infinity) return this.countPair(itemset[0], itemset[1]);
    let count = 0;
    this.forRowsHolding(itemset, () => ++count < limit);
    return Math.min(count, limit);
  }

  /** Rows holding both a and b: forRowsHolding's walk, counted without a call per row (AvgRE's queries). */
  private countPair(a: number, b: number): number {
    const [shorter, longer] = this.support(b) < this.support(a) ? [b, a] : [a, b];
    const list = this.rowsOf(shorter);
    const bits = this.holderBits(longer, list.length);
    let count = 0;
    if (bits) for (let k = 0; k < list.length; k++) count += (bits[list[k] >>> 5] >>> (list[k] & 31)) & 1;
    else for (let k = 0; k < list.length; k++) if (this.rowHas(list[k], longer)) count++;
    return count;
  }

  /**
   * Calls `visit` with every row holding all of `itemset` (non-empty), ascending, by walking the
   * shortest tid-list and testing the other items; stops when `visit` returns false.
   */
  forRowsHolding(itemset: readonly number[], visit: (row: number) => boolean | void): void {
    const bySupport = [...itemset].sort((a, b) => this.support(a) - this.support(b));
    const shortest = this.rowsOf(bySupport[0]);
    if (bySupport.length === 1) {
      for (let k = 0; k < shortest.length; k++) if (visit(shortest[k]) === false) return;
      return;
    }
    const others = bySupport.slice(1);
    const bits: (Uint32Array | null)[] = others.map(() => null);
    // The list in segments of doubling length, each item's tests charged a segment at a time: a
    // visitor that stops early (a count up to 2) is charged the tests it made, not the whole list,
    // and buys no bitset for them (the risk on the Netflix shape built 5,483 bitsets that way).
    for (let from = 0, size = FIRST_SEGMENT; from < shortest.length; from += size, size *= 2) {
      const to = Math.min(shortest.length, from + size);
      for (let j = 0; j < others.length; j++) bits[j] ??= this.holderBits(others[j], to - from);
      for (let k = from; k < to; k++) {
        const row = shortest[k];
        let holdsAll = true;
        for (let j = 0; j < others.length && holdsAll; j++) {
          const held = bits[j];
          holdsAll = held ? getBit(held, row) : this.rowHas(row, others[j]);
        }
        if (holdsAll && visit(row) === false) return;
      }
    }
  }

  /**
   * The rows holding `item` as a bitset over rows, when one pays for `probes` more membership
   * tests; else null (test with rowHas). A bitset costs one pass over the item's list, so it is
   * built once the tests asked of the item so far would have cost more as binary searches (ski
   * rental: never more than twice the cheaper choice in hindsight, counted afresh after the bitset
   * is given up to the memory budget). Also beside a BitMatrix: its
   * test of one column reads a row of d bits per probe (a cache miss each on wide data), where
   * the item's own bitset of n bits stays in cache. The returned array is never changed afterwards.
   */
  holderBits(item: number, probes: number): Uint32Array | null {
    const kept = this.holderBitsets.get(item);
    if (kept) {
      // Most recently used last: the Map's first key is the one to give up.
      this.holderBitsets.delete(item);
      this.holderBitsets.set(item, kept);
      return kept;
    }
    this.probesAsked ??= new Float64Array(this.dataset.d);
    this.probesAsked[item] += probes;
    if (this.probesAsked[item] * SEARCH_COST_IN_WRITES < this.support(item)) return null;
    const bits = new Uint32Array(wordsFor(this.dataset.n));
    const list = this.rowsOf(item);
    for (let k = 0; k < list.length; k++) setBit(bits, list[k]);
    if ((this.holderBitsets.size + 1) * bits.byteLength > HOLDER_BITS_BUDGET) {
      // The item given up earns its bitset again from nothing: with its old count kept, its next
      // probe would rebuild it at once, and queries over more items than the budget holds rebuilt
      // bitsets in turn (the risk on the Netflix shape: 5,483 built, 5,156 given up).
      const evicted = this.holderBitsets.keys().next().value!;
      this.holderBitsets.delete(evicted);
      this.probesAsked[evicted] = 0;
    }
    this.holderBitsets.set(item, bits);
    return bits;
  }

  /**
   * Whether `row` holds `item`: the BitMatrix when there is one, else a binary search in the
   * shorter of the row's items and the item's tid-list (a row of a few items is searched in one
   * cache line, where a popular item's list of 10^5 rows costs ~17 scattered reads).
   */
  rowHas(row: number, item: number): boolean {
    const bits = this.dataset.bits;
    if (bits) return bits.has(row, item);
    const rowStart = this.dataset.offsets[row];
    const rowEnd = this.dataset.offsets[row + 1];
    const listStart = this.offsets[item];
    const listEnd = this.offsets[item + 1];
    return rowEnd - rowStart <= listEnd - listStart
      ? sortedHas(this.dataset.items, item, rowStart, rowEnd)
      : sortedHas(this.rows, row, listStart, listEnd);
  }
}
