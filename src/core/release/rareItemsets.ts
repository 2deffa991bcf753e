/**
 * The fast test behind the k^m-anonymity check of a `generalized` release (Terrovitis et al.
 * Def. 1): whether some itemset of 1..m published items occurs in fewer than k rows. Tokens become
 * dense ids once, and every row's distinct ids (ascending) give their subsets to one TupleCounter
 * per size, so no string key is built per subset. A verifier asks this first and spells out the
 * offenders (verifyGeneralized.ts itemsetCounts) only when the answer is yes.
 */
import { ItemDictionary } from '../data/itemDictionary.ts';
import { TupleCounter } from '../data/tupleCounts.ts';

export function hasRareItemset(rows: readonly (readonly string[])[], m: number, k: number): boolean {
  const dictionary = new ItemDictionary();
  const counters = Array.from({ length: m }, (_, size) => new TupleCounter(size + 1));
  const chosen = new Uint32Array(m);
  const ids: number[] = [];
  const walk = (start: number, size: number) => {
    for (let i = start; i < ids.length; i++) {
      chosen[size] = ids[i];
      counters[size].add(chosen);
      if (size + 1 < m) walk(i + 1, size + 1);
    }
  };
  for (const row of rows) {
    ids.length = 0;
    for (const token of row) ids.push(dictionary.idOf(token));
    ids.sort((a, b) => a - b);
    let distinct = 0;
    for (let i = 0; i < ids.length; i++) if (i === 0 || ids[i] !== ids[i - 1]) ids[distinct++] = ids[i];
    ids.length = distinct;
    walk(0, 0);
  }
  let rare = false;
  for (const counter of counters) counter.forEach((_, count) => (rare ||= count < k));
  return rare;
}
