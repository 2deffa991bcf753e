/**
 * The fast test behind the k^m-anonymity check of a `generalized` release (Terrovitis et al.
 * Def. 1): whether some itemset of 1..m published items occurs in fewer than k rows. Tokens become
 * dense ids once (the rows as CSR, each row's distinct ids ascending). Single items are counted in
 * an array; pairs in a triangular array of 16-bit counts, saturating (a count that reaches 65,535
 * is at least k for any k it can be compared with), when the published items are few enough for
 * it to fit PAIR_ARRAY_BYTES (a rating file's 4,500 items: 20 MB), else, like every size above 2,
 * in a TupleCounter per size, so no string key is built per subset. On Netflix-shaped data (rows of
 * up to 2,060 items, 10^8 pairs) the array is several times faster than the hash table.
 * A verifier asks this first and spells out the offenders (verifyGeneralized.ts itemsetCounts)
 * only when the answer is yes.
 */
import { sortDistinct } from '../data/sortPrefix.ts';
import { ItemDictionary } from '../data/itemDictionary.ts';
import { TupleCounter } from '../data/tupleCounts.ts';

/** The largest triangular array of pair counts built (bytes). */
const PAIR_ARRAY_BYTES = 32 * 1024 * 1024;
const SATURATED = 0xffff;

/** `pairArrayBytes` bounds the pair array (tests set 0 to count pairs in the hash table). */
export function hasRareItemset(
  rows: readonly (readonly string[])[],
  m: number,
  k: number,
  pairArrayBytes = PAIR_ARRAY_BYTES,
): boolean {
  const { offsets, ids, d } = distinctIdRows(rows);
  return hasRareItemsetInRows(offsets, ids, d, m, k, pairArrayBytes);
}

/**
 * The same test over rows already as CSR over ids below `d`, each row's ids distinct and
 * ascending, offsets from 0 (a release's published rows as a Dataset, publishedRows.ts).
 */
export function hasRareItemsetInRows(
  offsets: Uint32Array,
  ids: Uint32Array,
  d: number,
  m: number,
  k: number,
  pairArrayBytes = PAIR_ARRAY_BYTES,
): boolean {
  if (m >= 1 && hasRareSingle(offsets, ids, d, k)) return true;
  const densePairs = m >= 2 && k <= SATURATED && (d * (d - 1)) / 2 <= pairArrayBytes / 2;
  if (densePairs && hasRarePair(offsets, ids, d, k)) return true;
  const firstCounted = densePairs ? 3 : 2;
  if (m < firstCounted) return false;
  // counters[size] counts the subsets of size + 1 items (it reads chosen[0..size]).
  const counters = Array.from({ length: m }, (_, size) =>
    size + 1 >= firstCounted ? new TupleCounter(size + 1) : null,
  );
  const chosen = new Uint32Array(m);
  let row = 0;
  /** Subsets of the row's ids from position `start` on, `size` of them chosen so far. */
  const walk = (start: number, size: number) => {
    for (let i = start; i < offsets[row + 1]; i++) {
      chosen[size] = ids[i];
      counters[size]?.add(chosen);
      if (size + 1 < m) walk(i + 1, size + 1);
    }
  };
  for (; row < offsets.length - 1; row++) walk(offsets[row], 0);
  let rare = false;
  for (const counter of counters) counter?.forEach((_, count) => (rare ||= count < k));
  return rare;
}

/** The rows as CSR over dense ids (in order of first appearance), each row's ids distinct, ascending. */
function distinctIdRows(rows: readonly (readonly string[])[]): {
  offsets: Uint32Array;
  ids: Uint32Array;
  d: number;
} {
  const dictionary = new ItemDictionary();
  const offsets = new Uint32Array(rows.length + 1);
  let total = 0;
  for (const row of rows) total += row.length;
  const ids = new Uint32Array(total);
  let at = 0;
  rows.forEach((row, r) => {
    const start = at;
    for (const token of row) ids[at++] = dictionary.idOf(token);
    const own = ids.subarray(start, at);
    at = start + sortDistinct(own, own.length);
    offsets[r + 1] = at;
  });
  return { offsets, ids: ids.subarray(0, at), d: dictionary.size };
}

function hasRareSingle(offsets: Uint32Array, ids: Uint32Array, d: number, k: number): boolean {
  const counts = new Uint32Array(d);
  for (let i = 0; i < offsets[offsets.length - 1]; i++) counts[ids[i]]++;
  return counts.some((count) => count > 0 && count < k);
}

/** Pair (a < b) at a * d - a * (a + 1) / 2 + (b - a - 1) of the triangular array. */
function hasRarePair(offsets: Uint32Array, ids: Uint32Array, d: number, k: number): boolean {
  const counts = new Uint16Array((d * (d - 1)) / 2);
  for (let r = 0; r + 1 < offsets.length; r++)
    for (let i = offsets[r]; i < offsets[r + 1]; i++) {
      const a = ids[i];
      const base = a * d - (a * (a + 1)) / 2 - a - 1;
      for (let j = i + 1; j < offsets[r + 1]; j++) {
        const at = base + ids[j];
        if (counts[at] !== SATURATED) counts[at]++;
      }
    }
  return counts.some((count) => count > 0 && count < k);
}
