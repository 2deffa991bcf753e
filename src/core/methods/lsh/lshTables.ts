/**
 * LSH for NNGroup (Ghinita Sec. 4.2, Fig. 5). Build_LSH_HashTable: B projections of w random QID
 * dimensions each (`drawProjections`, the run's RNG draws); a transaction's key in table i is its
 * bit pattern on projection P_i (`LshKeys`), and each table buckets the transactions by key
 * (`LshTables`). Written down: a table where a row holds none of the w items (key 0) does not
 * bucket it, since on sparse data that bucket holds almost every row and says nothing about
 * similarity. The keys alone (no buckets) tell whether two rows share a bucket, which is what
 * the coordinator of a run on the worker pool needs (lsh/index.ts).
 */
import type { Rng } from '../../base/rng.ts';
import { itemSupports } from '../../data/stats.ts';
import type { CandidateSet } from '../shared/p-degree/exactNeighbours.ts';
import type { SensitiveRows } from '../shared/p-degree/sensitiveRows.ts';

/** The B projections: table b's bit j is QID item items[b * width + j]. */
export interface Projections {
  tables: number;
  width: number;
  items: Int32Array;
}

/** Each table's w distinct QID items (of support > 0), drawn from the run's RNG. */
export function drawProjections(rows: SensitiveRows, w: number, tables: number, rng: Rng): Projections {
  const { dataset } = rows;
  const supports = itemSupports(dataset);
  const qidItems = Array.from({ length: dataset.d }, (_, i) => i).filter(
    (i) => supports[i] > 0 && !rows.isSensitive[i],
  );
  const width = Math.min(w, 32, qidItems.length);
  const items = new Int32Array(tables * width);
  for (let b = 0; b < tables; b++)
    rng.sample(qidItems.length, width).forEach((index, bit) => (items[b * width + bit] = qidItems[index]));
  return { tables, width, items };
}

/** One row's keys: keys[b] in every table, and the tables where it is not 0 (`keyed[0..count)`). */
export class RowKeys {
  readonly keys: Int32Array;
  readonly keyed: Int32Array;
  count = 0;

  constructor(tables: number) {
    this.keys = new Int32Array(tables);
    this.keyed = new Int32Array(tables);
  }

  /** Whether the two rows share a non-zero key in some table (a bucket). */
  sharesBucket(other: RowKeys): boolean {
    for (let i = 0; i < this.count; i++)
      if (other.keys[this.keyed[i]] === this.keys[this.keyed[i]]) return true;
    return false;
  }
}

/** The rows' keys in the B tables, from the items each row holds. */
export class LshKeys {
  /** For each item, the tables that project it, as table * 32 + its bit there (CSR over items). */
  private readonly projectionStart: Int32Array;
  private readonly projections: Int32Array;

  constructor(
    readonly rows: SensitiveRows,
    readonly projected: Projections,
  ) {
    const { d } = rows.dataset;
    const { tables, width, items } = projected;
    const lists: number[][] = Array.from({ length: d }, () => []);
    for (let b = 0; b < tables; b++)
      for (let bit = 0; bit < width; bit++) lists[items[b * width + bit]].push(b * 32 + bit);
    this.projectionStart = new Int32Array(d + 1);
    lists.forEach(
      (list, item) => (this.projectionStart[item + 1] = this.projectionStart[item] + list.length),
    );
    this.projections = Int32Array.from(lists.flat());
  }

  /** Row r's projection on each table's dimensions, as bit patterns: one pass over its items. */
  fill(r: number, into: RowKeys): void {
    const { keys, keyed } = into;
    const { projectionStart, projections } = this;
    for (let i = 0; i < into.count; i++) keys[keyed[i]] = 0;
    into.count = 0;
    const { offsets, items } = this.rows.dataset;
    const end = offsets[r + 1];
    for (let k = offsets[r]; k < end; k++) {
      const item = items[k];
      const projectionEnd = projectionStart[item + 1];
      for (let p = projectionStart[item]; p < projectionEnd; p++) {
        const b = projections[p] >>> 5;
        if (keys[b] === 0) keyed[into.count++] = b;
        keys[b] |= 1 << (projections[p] & 31);
      }
    }
  }
}

/** B hash tables of transactions keyed by their projection (Build_LSH_HashTable). */
export class LshTables {
  private readonly tables: Map<number, number[]>[] = [];
  private readonly scratch: RowKeys;
  /** Per query: mark[u] === stamp when row u is a candidate. */
  private readonly mark: Int32Array;
  private stamp = 0;

  constructor(readonly keys: LshKeys) {
    const { tables } = keys.projected;
    const { n } = keys.rows.dataset;
    this.scratch = new RowKeys(tables);
    this.mark = new Int32Array(n);
    for (let b = 0; b < tables; b++) this.tables.push(new Map());
    for (let r = 0; r < n; r++) {
      keys.fill(r, this.scratch);
      const { keys: rowKeys, keyed, count } = this.scratch;
      for (let i = 0; i < count; i++) {
        const b = keyed[i];
        const bucket = this.tables[b].get(rowKeys[b]);
        if (bucket) bucket.push(r);
        else this.tables[b].set(rowKeys[b], [r]);
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
    this.keys.fill(t, this.scratch);
    const { keys: rowKeys, keyed, count } = this.scratch;
    for (let i = 0; i < count; i++) {
      const b = keyed[i];
      const bucket = this.tables[b].get(rowKeys[b])!;
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
