/**
 * Gray-code order of transactions (Ghinita Sec. 5.2, Fig. 9 GraySort; PTA Sec. 4.1): a row is read
 * as a binary-reflected Gray code over the columns (position 0 the most significant bit) and rows are
 * sorted by the code's rank. Two rows compare at their first differing column p: with an even number
 * of common ones before p, the row holding p ranks higher; with an odd number, lower (the binary
 * rank's bit p is the parity of the Gray bits 0..p). No rank is materialised, so any width works.
 */

/** Compares two rows given as ascending column positions by their Gray rank. */
export function compareGray(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return compareGrayRanges(a, 0, a.length, b, 0, b.length);
}

/** compareGray on a[aStart..aEnd) and b[bStart..bEnd) (rows packed in one buffer). */
export function compareGrayRanges(
  a: ArrayLike<number>,
  aStart: number,
  aEnd: number,
  b: ArrayLike<number>,
  bStart: number,
  bEnd: number,
): number {
  let i = aStart;
  let j = bStart;
  let parity = 0;
  while (i < aEnd || j < bEnd) {
    const x = i < aEnd ? a[i] : Infinity;
    const y = j < bEnd ? b[j] : Infinity;
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

/** The rows of `rows` (their items given by `rowItems`) as ascending column positions. */
export function positionRows(
  rowItems: (r: number) => ArrayLike<number>,
  position: Uint32Array,
  rows: readonly number[],
): Uint32Array[] {
  return rows.map((r) => Uint32Array.from(rowItems(r), (item) => position[item]).sort());
}

/** Input rows sorted by Gray rank (stable: equal rows keep their input order). */
export function graySort(
  rowItems: (r: number) => ArrayLike<number>,
  position: Uint32Array,
  rows: readonly number[],
): number[] {
  // Every row's positions packed in one buffer, each row's range sorted in place.
  const offsets = new Uint32Array(rows.length + 1);
  const items = rows.map(rowItems);
  items.forEach((row, i) => (offsets[i + 1] = offsets[i] + row.length));
  const codes = new Uint32Array(offsets[rows.length]);
  items.forEach((row, i) => {
    for (let k = 0; k < row.length; k++) codes[offsets[i] + k] = position[row[k]];
    codes.subarray(offsets[i], offsets[i + 1]).sort();
  });
  const order = rows.map((_, i) => i);
  order.sort((x, y) =>
    compareGrayRanges(codes, offsets[x], offsets[x + 1], codes, offsets[y], offsets[y + 1]),
  );
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
