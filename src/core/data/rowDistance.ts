/**
 * The one Hamming distance between transactions (Ghinita Sec. 3; PTA eq. 1): the size of the
 * symmetric difference of two rows. Uses the BitMatrix (popcount of XOR) for long rows when the
 * dataset has one, and a merge of the sorted CSR rows otherwise; `symmetricDifference` serves any
 * two sorted id lists, `DistancesFrom` one row against many.
 */
import type { CsrRows, Dataset } from './dataset.ts';

/** Size of the symmetric difference of two ascending id lists. */
export function symmetricDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return a.length + b.length - 2 * intersectionSize(a, b);
}

/** Whether the ascending list (or its range [start, end)) holds `value` (binary search). */
export function sortedHas(list: ArrayLike<number>, value: number, start = 0, end = list.length): boolean {
  const at = lowerBound(list, value, start, end);
  return at < end && list[at] === value;
}

/** The first index in [start, end) of the ascending list whose value is >= `value` (end if none). */
export function lowerBound(list: ArrayLike<number>, value: number, start = 0, end = list.length): number {
  let lo = start;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Size of the intersection of two ascending id lists (binary search from the shorter when lopsided). */
export function intersectionSize(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length > b.length) [a, b] = [b, a];
  if (a.length * 16 < b.length) {
    let count = 0;
    for (let k = 0; k < a.length; k++) if (sortedHas(b, a[k])) count++;
    return count;
  }
  return commonInRanges(a, 0, a.length, b, 0, b.length);
}

/** How many values a[aStart..aEnd) and b[bStart..bEnd) (both ascending) share: one merge. */
export function commonInRanges(
  a: ArrayLike<number>,
  aStart: number,
  aEnd: number,
  b: ArrayLike<number>,
  bStart: number,
  bEnd: number,
): number {
  let i = aStart;
  let j = bStart;
  let common = 0;
  while (i < aEnd && j < bEnd) {
    const x = a[i];
    const y = b[j];
    if (x === y) {
      common++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return common;
}

/**
 * Hamming distance between rows a and b of `dataset`: popcount over the BitMatrix rows when the two
 * rows hold more items than twice its words per row, else a merge of their sorted items (on sparse
 * data, BMS1's 2.5 items a row against 16 words, the merge is the cheaper).
 */
export function rowHamming(dataset: Dataset, a: number, b: number): number {
  const { offsets, items, bits } = dataset;
  const lengths = offsets[a + 1] - offsets[a] + offsets[b + 1] - offsets[b];
  if (bits && lengths > 2 * bits.wordsPerRow) return bits.hamming(a, b);
  return lengths - 2 * commonInRanges(items, offsets[a], offsets[a + 1], items, offsets[b], offsets[b + 1]);
}

/**
 * Hamming distances from one row to many (CAHD's candidate list): the origin's items are set once
 * as bits of a bitset over the items (2.2 KB for the Netflix shape's 17,770 items: it stays in the
 * first-level cache, where a stamp per item, 71 KB, did not), so each distance costs the other
 * row's length rather than a merge of both rows.
 */
export class DistancesFrom {
  private readonly bits: Uint32Array;
  private origin = -1;
  private originLength = 0;

  constructor(
    private readonly rows: CsrRows,
    itemCount: number,
  ) {
    this.bits = new Uint32Array((itemCount + 31) >>> 5);
  }

  /** Makes row t the origin of the next `to` calls. */
  setOrigin(t: number): void {
    const { offsets, items } = this.rows;
    const bits = this.bits;
    if (this.origin >= 0)
      for (let k = offsets[this.origin]; k < offsets[this.origin + 1]; k++) bits[items[k] >>> 5] = 0;
    for (let k = offsets[t]; k < offsets[t + 1]; k++) bits[items[k] >>> 5] |= 1 << (items[k] & 31);
    this.origin = t;
    this.originLength = offsets[t + 1] - offsets[t];
  }

  /** Size of the symmetric difference of the origin and row u. */
  to(u: number): number {
    const { offsets, items } = this.rows;
    const bits = this.bits;
    let common = 0;
    for (let k = offsets[u]; k < offsets[u + 1]; k++)
      common += (bits[items[k] >>> 5] >>> (items[k] & 31)) & 1;
    return this.originLength + offsets[u + 1] - offsets[u] - 2 * common;
  }
}
