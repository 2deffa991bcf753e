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

/**
 * Hamming distances between every two of `members` (rows of `rows`, ids below `itemCount`),
 * written to out[i * s + j] for s = members.length (the diagonal 0). Each item held by c of the
 * members adds one common item to each of their c(c-1)/2 pairs (the members' tid-lists, local to
 * them), so the work is the pairs' common items rather than their lengths: PTA's segments of 200
 * Netflix-shaped rows (209 items a row, about 30 of them shared by two rows) cost a tenth of the
 * merges. `slotOf`, when given, is scratch of itemCount entries all -1, left so.
 */
export function hammingMatrix(
  rows: CsrRows,
  itemCount: number,
  members: ArrayLike<number>,
  out: Int32Array,
  slotOf: Int32Array = new Int32Array(itemCount).fill(-1),
): void {
  const { offsets, items } = rows;
  const s = members.length;
  // The members' items as local slots, with how many members hold each (first pass), then the
  // members holding each slot, ascending (second pass).
  const slotItems: number[] = [];
  let occurrences = 0;
  for (let i = 0; i < s; i++) {
    const r = members[i];
    occurrences += offsets[r + 1] - offsets[r];
    for (let t = offsets[r]; t < offsets[r + 1]; t++)
      if (slotOf[items[t]] < 0) slotOf[items[t]] = slotItems.push(items[t]) - 1;
  }
  const start = new Int32Array(slotItems.length + 1);
  for (let i = 0; i < s; i++) {
    const r = members[i];
    for (let t = offsets[r]; t < offsets[r + 1]; t++) start[slotOf[items[t]] + 1]++;
  }
  for (let x = 0; x < slotItems.length; x++) start[x + 1] += start[x];
  const fill = start.slice(0, slotItems.length);
  const holders = new Int32Array(occurrences);
  for (let i = 0; i < s; i++) {
    const r = members[i];
    for (let t = offsets[r]; t < offsets[r + 1]; t++) holders[fill[slotOf[items[t]]]++] = i;
  }
  for (const item of slotItems) slotOf[item] = -1;
  out.fill(0, 0, s * s);
  for (let x = 0; x < slotItems.length; x++) {
    const end = start[x + 1];
    for (let a = start[x]; a < end; a++) {
      const row = holders[a] * s;
      for (let b = a + 1; b < end; b++) out[row + holders[b]]++;
    }
  }
  for (let i = 0; i < s; i++) {
    const li = offsets[members[i] + 1] - offsets[members[i]];
    for (let j = i + 1; j < s; j++) {
      const distance = li + offsets[members[j] + 1] - offsets[members[j]] - 2 * out[i * s + j];
      out[i * s + j] = out[j * s + i] = distance;
    }
  }
}
