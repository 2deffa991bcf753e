/**
 * The fast test behind the k^m-anonymity check of a `generalized` release (Terrovitis et al.
 * Def. 1): whether some itemset of 1..m published items occurs in fewer than k rows. Tokens become
 * dense ids once (the rows as CSR, each row's distinct ids ascending). Single items are counted in
 * an array; pairs one first item at a time through the rows' tid-lists (data/pairsByFirst.ts, the
 * counter apriori-km and COAT use too: d counts held, never d^2, and the first rare pair ends the
 * count); every size above 2 in a TupleCounter per size, so no string key is built per subset.
 * A verifier asks this first and spells out the offenders (verifyGeneralized.ts itemsetCounts)
 * only when the answer is yes.
 */
import { sortDistinct } from '../data/sortPrefix.ts';
import { ItemDictionary } from '../data/itemDictionary.ts';
import { TupleCounter } from '../data/tupleCounts.ts';
import { forEachFirst, holdersOf, PairCountsByFirst } from '../data/pairsByFirst.ts';

/** `pairsByFirst` false counts pairs in the hash table like larger itemsets (tests compare the two). */
export function hasRareItemset(
  rows: readonly (readonly string[])[],
  m: number,
  k: number,
  pairsByFirst = true,
): boolean {
  const { offsets, ids, d } = distinctIdRows(rows);
  return hasRareItemsetInRows(offsets, ids, d, m, k, pairsByFirst);
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
  pairsByFirst = true,
): boolean {
  if (m >= 1 && hasRareSingle(offsets, ids, d, k)) return true;
  if (m >= 2 && pairsByFirst && hasRarePair(offsets, ids, d, k)) return true;
  const firstCounted = pairsByFirst ? 3 : 2;
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

/**
 * The same test over lists of ids of any range (a disassociated cluster's record chunk, its
 * sub-records as input ids): renumbered densely, each list sorted, no list holding a repeat.
 */
export function hasRareItemsetInLists(lists: readonly (readonly number[])[], m: number, k: number): boolean {
  const local = new Map<number, number>();
  const offsets = new Uint32Array(lists.length + 1);
  const ids: number[] = [];
  lists.forEach((list, i) => {
    for (const id of list) {
      let at = local.get(id);
      if (at === undefined) local.set(id, (at = local.size));
      ids.push(at);
    }
    offsets[i + 1] = ids.length;
  });
  const sorted = Uint32Array.from(ids);
  for (let i = 0; i < lists.length; i++) sorted.subarray(offsets[i], offsets[i + 1]).sort();
  return hasRareItemsetInRows(offsets, sorted, local.size, m, k);
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

/** Whether some pair occurs in fewer than k rows (the first one found ends the count). */
function hasRarePair(offsets: Uint32Array, ids: Uint32Array, d: number, k: number): boolean {
  const rows = { offsets, ids };
  let rare = false;
  forEachFirst(rows, holdersOf(rows, d), new PairCountsByFirst(d), (a, counter) => {
    counter.takeRare(a, k, () => {
      rare = true;
      return false;
    });
    return !rare;
  });
  return rare;
}
