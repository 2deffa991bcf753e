/**
 * Conditional databases for closed-pattern mining (LCM's database reduction: Uno, Kiyomi, Arimura,
 * "LCM ver. 2", FIMI'04, Sec. 3): the rows that hold the current pattern, each cut down to the
 * items that are still frequent among those rows and not in the pattern, items written as ranks
 * (increasing support) in ascending order. A deeper search node reads only what can still extend
 * its pattern, instead of whole input rows; on BMS1 the rows long enough to matter hold hundreds of
 * items, most of them useless a level or two down.
 * The arrays are buffers reused from node to node (searchLevel.ts): only the first `count` rows
 * are in use.
 */

export interface ConditionalRows {
  /** Input row of each conditional row. */
  ids: Int32Array;
  /** Conditional row i holds ranks[offsets[i]..offsets[i+1]), ascending. */
  offsets: Int32Array;
  ranks: Int32Array;
  /** Rows in use. */
  count: number;
}

export function emptyConditionalRows(): ConditionalRows {
  return { ids: new Int32Array(16), offsets: new Int32Array(17), ranks: new Int32Array(64), count: 0 };
}

/** `buffer` if it holds `length` values, else a new buffer at least twice as long. */
export function grown(buffer: Int32Array, length: number): Int32Array {
  return buffer.length >= length ? buffer : new Int32Array(Math.max(length, 2 * buffer.length));
}

/**
 * Writes into `into` the conditional database of the rows picked[0..pickedCount) (indexes into
 * `parent`, ascending): each row keeps the ranks r with counts[r] >= minCount.
 */
export function fillConditionalRows(
  parent: ConditionalRows,
  picked: Int32Array,
  pickedCount: number,
  counts: Int32Array,
  minCount: number,
  into: ConditionalRows,
): void {
  const { offsets, ranks } = parent;
  // Room for every rank of the picked rows: one pass over the ranks then fills the child's rows.
  let size = 0;
  for (let i = 0; i < pickedCount; i++) size += offsets[picked[i] + 1] - offsets[picked[i]];
  const ids = (into.ids = grown(into.ids, pickedCount));
  const childOffsets = (into.offsets = grown(into.offsets, pickedCount + 1));
  const childRanks = (into.ranks = grown(into.ranks, size));
  into.count = pickedCount;
  let filled = 0;
  childOffsets[0] = 0;
  for (let i = 0; i < pickedCount; i++) {
    const row = picked[i];
    ids[i] = parent.ids[row];
    const end = offsets[row + 1];
    for (let t = offsets[row]; t < end; t++)
      if (counts[ranks[t]] >= minCount) childRanks[filled++] = ranks[t];
    childOffsets[i + 1] = filled;
  }
}
