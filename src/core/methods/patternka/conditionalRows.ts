/**
 * Conditional databases for closed-pattern mining (LCM's database reduction: Uno, Kiyomi, Arimura,
 * "LCM ver. 2", FIMI'04, Sec. 3): the rows that hold the current pattern, each cut down to the
 * items that are still frequent among those rows and not in the pattern, items written as ranks
 * (increasing support) in ascending order. A deeper search node reads only what can still extend
 * its pattern, instead of whole input rows; on BMS1 the rows long enough to matter hold hundreds of
 * items, most of them useless a level or two down.
 */

export interface ConditionalRows {
  /** Input row of each conditional row, ascending. */
  readonly ids: Int32Array;
  /** Conditional row i holds ranks[offsets[i]..offsets[i+1]), ascending. */
  readonly offsets: Int32Array;
  readonly ranks: Int32Array;
}

/**
 * The conditional database of the rows `picked` (indexes into `parent`, ascending): each row keeps
 * the ranks r with keep[r] === 1.
 */
export function conditionalRows(
  parent: ConditionalRows,
  picked: ArrayLike<number>,
  keep: Uint8Array,
): ConditionalRows {
  const { offsets, ranks } = parent;
  let size = 0;
  for (let i = 0; i < picked.length; i++) {
    const row = picked[i];
    for (let t = offsets[row]; t < offsets[row + 1]; t++) size += keep[ranks[t]];
  }
  const ids = new Int32Array(picked.length);
  const childOffsets = new Int32Array(picked.length + 1);
  const childRanks = new Int32Array(size);
  let filled = 0;
  for (let i = 0; i < picked.length; i++) {
    const row = picked[i];
    ids[i] = parent.ids[row];
    for (let t = offsets[row]; t < offsets[row + 1]; t++)
      if (keep[ranks[t]] === 1) childRanks[filled++] = ranks[t];
    childOffsets[i + 1] = filled;
  }
  return { ids, offsets: childOffsets, ranks: childRanks };
}
