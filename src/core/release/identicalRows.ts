/**
 * Classes of identical rows (a `transactions` release's equivalence classes, PTA Def. 1), in order
 * of their first row: rows compared by their sorted item ids (publishedRows.ts), found through a
 * hash of the ids, never a string key per row. The verifier and the viewer's summary share it.
 */
import type { CsrRows } from '../data/dataset.ts';

export interface IdenticalRows {
  /** The class of each row. */
  classOf: Uint32Array;
  /** Each class's first row and size. */
  first: number[];
  size: number[];
}

export function identicalRows(rows: CsrRows): IdenticalRows {
  const { offsets, items } = rows;
  const n = offsets.length - 1;
  const classOf = new Uint32Array(n);
  const first: number[] = [];
  const size: number[] = [];
  const byHash = new Map<number, number | number[]>(); // hash -> a class, or the classes
  const same = (a: number, b: number) => {
    if (offsets[a + 1] - offsets[a] !== offsets[b + 1] - offsets[b]) return false;
    for (let i = offsets[a], j = offsets[b]; i < offsets[a + 1]; i++, j++)
      if (items[i] !== items[j]) return false;
    return true;
  };
  for (let p = 0; p < n; p++) {
    let hash = 0x811c9dc5 ^ (offsets[p + 1] - offsets[p]);
    for (let i = offsets[p]; i < offsets[p + 1]; i++) hash = Math.imul(hash ^ items[i], 0x01000193);
    const candidates = byHash.get(hash);
    let found = -1;
    if (typeof candidates === 'number') found = same(first[candidates], p) ? candidates : -1;
    else if (candidates) found = candidates.find((c) => same(first[c], p)) ?? -1;
    if (found < 0) {
      found = first.length;
      first.push(p);
      size.push(0);
      if (candidates === undefined) byHash.set(hash, found);
      else if (typeof candidates === 'number') byHash.set(hash, [candidates, found]);
      else candidates.push(found);
    }
    size[found]++;
    classOf[p] = found;
  }
  return { classOf, first, size };
}
