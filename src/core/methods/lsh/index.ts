/**
 * `lsh`: NNGroup with approximate neighbours by locality-sensitive hashing (Ghinita Sec. 4.2,
 * Fig. 5). Build_LSH_HashTable: B projections of w random QID dimensions each; a transaction's key in
 * table i is its bit pattern on projection P_i. ApproxNonConflictNN: the candidates are the
 * transactions sharing t's key in some table; the exact non-conflicting NN search runs on them, and
 * on all of T when it finds fewer than p-1 (line 12). Written down: a table where t holds none of
 * the w items (key 0) adds no candidates, since on sparse data that bucket holds almost every row
 * and says nothing about similarity; the fallback keeps the result exact in that case.
 * The nearest candidates are found by the exact search's walk by increasing distance, skipping
 * the rows that are not candidates (marked once per query from the buckets), rather than by
 * measuring every candidate: with Zipf popularity a bucket keyed on a popular item holds tens of
 * thousands of rows, and the walk stops at the p-1 nearest. Same candidates, same choice.
 */
import { ExactNeighbours, type CandidateSet } from '../shared/p-degree/exactNeighbours.ts';
import { greedyGroups } from '../shared/p-degree/greedyGroups.ts';
import { pDegreeMethod } from '../shared/p-degree/pDegreeMethod.ts';
import type { SensitiveRows } from '../shared/p-degree/sensitiveRows.ts';
import type { Rng } from '../../base/rng.ts';
import { itemSupports } from '../../data/stats.ts';

/** B hash tables of transactions keyed by their projection on w random QID items. */
export class LshTables {
  private readonly tables: Map<number, number[]>[] = [];
  /** For each item, the tables that project it, as table * 32 + its bit there (CSR over items). */
  private readonly projectionStart: Int32Array;
  private readonly projections: Int32Array;
  /** Scratch for one row: its key in each table, and the tables where it is not 0. */
  private readonly keys: Int32Array;
  private readonly keyed: Int32Array;
  private keyedCount = 0;
  /** Per query: mark[u] === stamp when row u is a candidate. */
  private readonly mark: Int32Array;
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
    const projected: number[][] = Array.from({ length: dataset.d }, () => []);
    for (let b = 0; b < tables; b++)
      rng
        .sample(qidItems.length, width)
        .forEach((index, bit) => projected[qidItems[index]].push(b * 32 + bit));
    this.projectionStart = new Int32Array(dataset.d + 1);
    projected.forEach(
      (list, item) => (this.projectionStart[item + 1] = this.projectionStart[item] + list.length),
    );
    this.projections = Int32Array.from(projected.flat());
    this.keys = new Int32Array(tables);
    this.keyed = new Int32Array(tables);
    this.mark = new Int32Array(dataset.n);
    // Build_LSH_HashTable: every row into the bucket of its key in each table where the key is not 0.
    for (let b = 0; b < tables; b++) this.tables.push(new Map());
    for (let r = 0; r < dataset.n; r++) {
      this.keysOf(r);
      for (let i = 0; i < this.keyedCount; i++) {
        const b = this.keyed[i];
        const bucket = this.tables[b].get(this.keys[b]);
        if (bucket) bucket.push(r);
        else this.tables[b].set(this.keys[b], [r]);
      }
    }
  }

  /**
   * Row r's projection on each table's dimensions, as bit patterns, into `keys`; `keyed` lists the
   * tables where it is not 0 (the others are left at 0). One pass over the row's items.
   */
  private keysOf(r: number): void {
    const { keys, keyed, projectionStart, projections } = this;
    for (let i = 0; i < this.keyedCount; i++) keys[keyed[i]] = 0;
    this.keyedCount = 0;
    const { offsets, items } = this.rows.dataset;
    const end = offsets[r + 1];
    for (let k = offsets[r]; k < end; k++) {
      const item = items[k];
      const projectionEnd = projectionStart[item + 1];
      for (let p = projectionStart[item]; p < projectionEnd; p++) {
        const b = projections[p] >>> 5;
        if (keys[b] === 0) keyed[this.keyedCount++] = b;
        keys[b] |= 1 << (projections[p] & 31);
      }
    }
  }

  /**
   * LSHResult (Fig. 5 lines 6-9): the rows that share t's non-zero key in some table, as a set
   * whose size counts the remaining ones but t (a row may sit in several buckets, and t in all).
   */
  candidates(t: number, isRemaining: Uint8Array): CandidateSet {
    const { mark } = this;
    const stamp = ++this.stamp;
    mark[t] = stamp;
    let size = 0;
    this.keysOf(t);
    for (let i = 0; i < this.keyedCount; i++) {
      const b = this.keyed[i];
      const bucket = this.tables[b].get(this.keys[b])!;
      for (let h = 0; h < bucket.length; h++) {
        const u = bucket[h];
        if (mark[u] === stamp) continue;
        mark[u] = stamp;
        if (isRemaining[u] === 1) size++;
      }
    }
    // t is marked too: it is never yielded (the search skips it), and never counted.
    return { has: (u) => mark[u] === stamp, size };
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
    const tables = new LshTables(rows, params.w, params.B, ctx.rng);
    const exact = new ExactNeighbours(rows);
    let fallbacks = 0;
    let queries = 0;
    let measured = 0;
    const groups = greedyGroups(
      rows,
      p,
      rows.sensitiveRows,
      {
        partners(t, remaining) {
          const candidates = tables.candidates(t, remaining);
          const approximate = exact.partners(t, remaining, p, candidates);
          queries++;
          measured += candidates.size;
          if (approximate.length >= p - 1) return approximate;
          fallbacks++;
          return exact.partners(t, remaining, p);
        },
        removed: (group) => exact.forget(group),
      },
      (f) => ctx.progress(f, 'groups'),
    );
    // |LSHResult| per query (the rows still ungrouped among them): what LSH saves against a linear
    // scan of all n rows (Sec. 4.2).
    const perQuery = queries > 0 ? Math.round(measured / queries) : 0;
    return {
      groups,
      notes: { 'exact-search fallbacks': fallbacks, 'candidates per query (mean)': perQuery },
    };
  },
});
