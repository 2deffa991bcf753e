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
import { itemSupports } from './stats.ts';

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
const partial = new WeakMap<Dataset, ItemRows>();

export class ItemRows {
  private constructor(
    private readonly dataset: Dataset,
    /** offsets[i]..offsets[i+1] delimit item i's rows in `rows`. */
    readonly offsets: Uint32Array,
    readonly rows: Uint32Array,
    /** For the lists of some items only (`ofItems`): 1 for each item listed. */
    private readonly listed: Uint8Array | null = null,
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

  /**
   * The tid-lists of the items `ids` only (the full ones when built already): one pass over the
   * rows writing only those items' lists. A metric that asks about a few hundred items (KL's and
   * AvgRE's queries) so costs a read of the data instead of its transpose (issue 31: the transpose
   * of 100 million Netflix-shaped items took 4-5 s). Asking it about another item is an error.
   */
  static ofItems(dataset: Dataset, ids: Iterable<number>): ItemRows {
    const full = cache.get(dataset);
    if (full) return full;
    // The last lists built for this dataset serve when they hold every item asked (a run's metrics
    // ask for theirs at once, then each its own: runMethod's prepareTidLists); else the lists of
    // the items asked replace them (kept with the dataset, so never more than one set).
    const last = partial.get(dataset);
    const listed = new Uint8Array(dataset.d);
    let covered = last !== undefined;
    for (const id of ids)
      if (id >= 0 && id < dataset.d) {
        listed[id] = 1;
        if (covered && last!.listed![id] !== 1) covered = false;
      }
    if (covered) return last!;
    const built = ItemRows.build(dataset, listed);
    partial.set(dataset, built);
    return built;
  }

  /**
   * Drops the lists `ofItems` keeps for `dataset` (a run's, once its metrics are done): on the
   * Netflix shape the lists of the queries' popular items are hundreds of MB, which a page's
   * worker would otherwise keep until the next run.
   */
  static forgetItems(dataset: Dataset): void {
    partial.delete(dataset);
  }

  private static build(dataset: Dataset, listed: Uint8Array | null = null): ItemRows {
    const d = dataset.d;
    const supports = itemSupports(dataset);
    const offsets = allocateU32(d + 1);
    for (let i = 0; i < d; i++)
      offsets[i + 1] = offsets[i] + (listed === null || listed[i] ? supports[i] : 0);
    const fill = offsets.slice(0, d);
    const rows = allocateU32(offsets[d]);
    const { offsets: rowStart, items } = dataset;
    if (listed === null) {
      for (let r = 0; r < dataset.n; r++)
        for (let k = rowStart[r]; k < rowStart[r + 1]; k++) rows[fill[items[k]]++] = r;
    } else {
      for (let r = 0; r < dataset.n; r++)
        for (let k = rowStart[r]; k < rowStart[r + 1]; k++)
          if (listed[items[k]] === 1) rows[fill[items[k]]++] = r;
    }
    return new ItemRows(dataset, offsets, rows, listed);
  }

  support(item: number): number {
    if (this.listed !== null && this.listed[item] !== 1) this.unlisted(item);
    return this.offsets[item + 1] - this.offsets[item];
  }

  rowsOf(item: number): Uint32Array {
    if (this.listed !== null && this.listed[item] !== 1) this.unlisted(item);
    return this.rows.subarray(this.offsets[item], this.offsets[item + 1]);
  }

  private unlisted(item: number): never {
    throw new Error(`item ${item} was not asked for when these tid-lists were built (ItemRows.ofItems)`);
  }

  /**
   * Number of rows holding every item of `itemset`, counting no further than `limit`
   * (uniqueness checks need only "0, 1 or more").
   */
  countRowsContaining(itemset: readonly number[], limit = Infinity): number {
    if (itemset.length === 0) return Math.min(limit, this.dataset.n);
    if (itemset.length === 1) return Math.min(limit, this.support(itemset[0]));
    // The same itemset asked twice in a row (AvgRE's true count, then a groups release's
    // estimate, which counts the same input rows) is counted once.
    if (limit === Infinity && sameIds(itemset, this.lastItemset)) return this.lastCount;
    let count = 0;
    if (itemset.length === 2 && limit === Infinity) count = this.countPair(itemset[0], itemset[1]);
    else {
      this.forRowsHolding(itemset, () => ++count < limit);
      count = Math.min(count, limit);
    }
    if (limit === Infinity) {
      this.lastItemset = [...itemset];
      this.lastCount = count;
    }
    return count;
  }

  private lastItemset: number[] = [];
  private lastCount = 0;

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
    if (this.listed !== null && this.listed[item] !== 1) this.unlisted(item);
    const listStart = this.offsets[item];
    const listEnd = this.offsets[item + 1];
    return rowEnd - rowStart <= listEnd - listStart
      ? sortedHas(this.dataset.items, item, rowStart, rowEnd)
      : sortedHas(this.rows, row, listStart, listEnd);
  }
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
