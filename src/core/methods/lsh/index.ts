/**
 * `lsh`: NNGroup with approximate neighbours by locality-sensitive hashing (Ghinita Sec. 4.2,
 * Fig. 5). Build_LSH_HashTable: B projections of w random QID dimensions each; a transaction's key in
 * table i is its bit pattern on projection P_i. ApproxNonConflictNN: the candidates are the
 * transactions sharing t's key in some table; the exact non-conflicting NN search runs on them, and
 * on all of T when it finds fewer than p-1 (line 12). Written down: a table where t holds none of
 * the w items (key 0) adds no candidates, since on sparse data that bucket holds almost every row
 * and says nothing about similarity; the fallback keeps the result exact in that case.
 */
import { ExactNeighbours } from '../shared/exactNeighbours.ts';
import { greedyGroups } from '../shared/greedyGroups.ts';
import { pDegreeMethod } from '../shared/pDegreeMethod.ts';
import type { SensitiveRows } from '../shared/sensitiveRows.ts';
import type { Rng } from '../../experiment/rng.ts';
import { itemSupports } from '../../data/stats.ts';

/** B hash tables of transactions keyed by their projection on w random QID items. */
export class LshTables {
  private readonly tables: Map<number, number[]>[] = [];
  /** Per table: bitOf[item] = the item's bit in the key, or -1 when the table does not project it. */
  private readonly bitOf: Int8Array[] = [];
  /** Marks for one candidates() call (seen[r] === stamp), so the union needs no Set. */
  private readonly seen: Int32Array;
  private stamp = 0;

  constructor(
    private readonly rows: SensitiveRows,
    w: number,
    tables: number,
    rng: Rng,
  ) {
    const { dataset } = rows;
    const supports = itemSupports(dataset);
    const qidItems = Array.from({ length: dataset.d }, (_, i) => i).filter(
      (i) => supports[i] > 0 && !rows.isSensitive[i],
    );
    const width = Math.min(w, 32, qidItems.length);
    this.seen = new Int32Array(dataset.n);
    for (let b = 0; b < tables; b++) {
      const bitOf = new Int8Array(dataset.d).fill(-1);
      rng.sample(qidItems.length, width).forEach((index, bit) => (bitOf[qidItems[index]] = bit));
      this.bitOf.push(bitOf);
      const table = new Map<number, number[]>();
      for (let r = 0; r < dataset.n; r++) {
        const key = this.key(r, b);
        if (key === 0) continue;
        const bucket = table.get(key);
        if (bucket) bucket.push(r);
        else table.set(key, [r]);
      }
      this.tables.push(table);
    }
  }

  /** Projection of row r on table b's dimensions, as a bit pattern. */
  key(r: number, b: number): number {
    const bitOf = this.bitOf[b];
    const { offsets, items } = this.rows.dataset;
    let key = 0;
    for (let k = offsets[r]; k < offsets[r + 1]; k++) {
      const bit = bitOf[items[k]];
      if (bit >= 0) key |= 1 << bit;
    }
    return key >>> 0;
  }

  /**
   * LSHResult (Fig. 5 lines 6-9): rows that share t's non-zero key in some table, each once, in no
   * particular order (the exact search on them orders by distance, then row index).
   */
  candidates(t: number): number[] {
    const stamp = ++this.stamp;
    const found: number[] = [];
    this.seen[t] = stamp;
    for (let b = 0; b < this.tables.length; b++) {
      const key = this.key(t, b);
      const bucket = key === 0 ? undefined : this.tables[b].get(key);
      if (!bucket) continue;
      for (let i = 0; i < bucket.length; i++) {
        const r = bucket[i];
        if (this.seen[r] === stamp) continue;
        this.seen[r] = stamp;
        found.push(r);
      }
    }
    return found;
  }
}

export const lshSpec = pDegreeMethod({
  id: 'lsh',
  label: 'NNGroup with LSH neighbours',
  params: [
    {
      name: 'w',
      type: 'int',
      default: 32,
      min: 1,
      max: 32,
      help: 'LSH projection width: QID dimensions per hash table (a key fits one 32-bit word)',
    },
    { name: 'B', type: 'int', default: 32, min: 1, help: 'number of LSH hash tables' },
  ],
  formGroups(rows, p, params, ctx) {
    const tables = new LshTables(rows, Number(params.w), Number(params.B), ctx.rng);
    const exact = new ExactNeighbours(rows);
    let fallbacks = 0;
    const groups = greedyGroups(
      rows,
      p,
      rows.sensitiveRows,
      {
        partners(t, remaining) {
          const approximate = exact.partners(t, remaining, p, tables.candidates(t));
          if (approximate.length >= p - 1) return approximate;
          fallbacks++;
          return exact.partners(t, remaining, p);
        },
      },
      (f) => ctx.progress(f, 'groups'),
    );
    return { groups, notes: { 'exact-search fallbacks': fallbacks } };
  },
});
