/**
 * Gray-code order of transactions (Ghinita Sec. 5.2, Fig. 9 GraySort; PTA Sec. 4.1): a row is read
 * as a binary-reflected Gray code over the columns (position 0 the most significant bit) and rows are
 * sorted by the code's rank. Two rows compare at their first differing column p: with an even number
 * of common ones before p, the row holding p ranks higher; with an odd number, lower (the binary
 * rank's bit p is the parity of the Gray bits 0..p). No rank is materialised, so any width works.
 */
import type { Dataset } from '../../data/dataset.ts';

/** Compares two rows given as ascending column positions by their Gray rank. */
export function compareGray(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let i = 0;
  let j = 0;
  let parity = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? a[i] : Infinity;
    const y = j < b.length ? b[j] : Infinity;
    if (x === y) {
      parity ^= 1;
      i++;
      j++;
      continue;
    }
    const aHolds = x < y; // the first differing column is held by a (else by b)
    const holderRanksHigher = parity === 0;
    return aHolds === holderRanksHigher ? 1 : -1;
  }
  return 0;
}

/** The rows of `rows` (input row indices) as ascending column positions. */
export function positionRows(
  dataset: Dataset,
  position: Uint32Array,
  rows: readonly number[],
): Uint32Array[] {
  return rows.map((r) => Uint32Array.from(dataset.row(r), (item) => position[item]).sort());
}

/** Input rows sorted by Gray rank (stable: equal rows keep their input order). */
export function graySort(dataset: Dataset, position: Uint32Array, rows: readonly number[]): number[] {
  const codes = positionRows(dataset, position, rows);
  const order = rows.map((_, i) => i);
  order.sort((x, y) => compareGray(codes[x], codes[y]));
  return order.map((i) => rows[i]);
}

/** The binary rank of a Gray code given as ascending positions over `width` columns (tests, teaching). */
export function grayRank(positions: ArrayLike<number>, width: number): bigint {
  let rank = 0n;
  let parity = 0;
  let k = 0;
  for (let p = 0; p < width; p++) {
    if (k < positions.length && positions[k] === p) {
      parity ^= 1;
      k++;
    }
    rank = (rank << 1n) | BigInt(parity);
  }
  return rank;
}
