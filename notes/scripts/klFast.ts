/**
 * Fast, paired KL reconstruction error (Ghinita Sec. 3.2) for investigation runs.
 *
 * Same definition as src/core/metrics/kl.ts (queryKl), but computed from item-to-row lists, so a
 * query costs the supports of s and of its r QID items instead of a pass over all rows with token
 * sets. Queries are generated once per (dataset, seed, sensitive set, query mode) and reused for
 * every method (paired comparison). `klFast.check.ts` checks equality with queryKl.
 */
import type { Dataset } from '../../src/core/data/dataset.ts';
import { ItemRows } from '../../src/core/data/itemRows.ts';
import { createRng } from '../../src/core/base/rng.ts';

export interface Query {
  s: number;
  q: number[];
}

export type QueryMode =
  /** kl.ts: s uniform among present sensitive items, q_1..q_r uniform among QID items of support > 0 */
  | 'uniform'
  /** q_1..q_r drawn (distinct) with probability proportional to item support */
  | 'weighted'
  /** q_1..q_r uniform among the QID items that co-occur with s in some transaction */
  | 'cooc';

export function makeQueries(
  dataset: Dataset,
  index: ItemRows,
  sensitive: readonly number[],
  count: number,
  r: number,
  seed: number,
  mode: QueryMode,
): Query[] {
  const rng = createRng(seed);
  const isS = new Uint8Array(dataset.d);
  for (const s of sensitive) isS[s] = 1;
  const present = sensitive.filter((s) => index.support(s) > 0);
  const qid: number[] = [];
  for (let i = 0; i < dataset.d; i++) if (!isS[i] && index.support(i) > 0) qid.push(i);
  // kl.ts order: the dictionary's token order filtered, which is id order
  const cum = new Float64Array(qid.length);
  let acc = 0;
  qid.forEach((i, k) => (cum[k] = acc += index.support(i)));
  const cooc = new Map<number, number[]>();
  const out: Query[] = [];
  for (let k = 0; k < count; k++) {
    const s = present[rng.int(present.length)];
    let q: number[];
    if (mode === 'uniform') q = rng.sample(qid.length, r).map((i) => qid[i]);
    else if (mode === 'weighted') {
      const set = new Set<number>();
      while (set.size < r) {
        const x = rng.float() * acc;
        let lo = 0;
        let hi = cum.length - 1;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (cum[mid] > x) hi = mid;
          else lo = mid + 1;
        }
        set.add(qid[lo]);
      }
      q = [...set];
    } else {
      let list = cooc.get(s);
      if (!list) {
        const seen = new Set<number>();
        for (const row of index.rowsOf(s)) for (const it of dataset.row(row)) if (!isS[it]) seen.add(it);
        list = [...seen].sort((a, b) => a - b);
        cooc.set(s, list);
      }
      if (list.length >= r) q = rng.sample(list.length, r).map((i) => list![i]);
      else {
        // too few co-occurring items: fill uniformly
        const set = new Set(list);
        while (set.size < r) set.add(qid[rng.int(qid.length)]);
        q = [...set];
      }
    }
    out.push({ s, q });
  }
  return out;
}

/** Per-release structures: group of each row, group sizes, a = count of s per group. */
export class KlEvaluator {
  private readonly groupOf: Int32Array;
  private readonly size: Float64Array;
  private readonly aOf = new Map<number, Float64Array>();
  private readonly stamp: Int32Array;
  private readonly bits: Int32Array;
  private cur = 0;
  private readonly touched: Int32Array;

  constructor(
    private readonly dataset: Dataset,
    private readonly index: ItemRows,
    groups: readonly (readonly number[])[],
    sensitive: readonly number[],
  ) {
    const n = dataset.n;
    this.groupOf = new Int32Array(n).fill(-1);
    this.size = new Float64Array(groups.length);
    groups.forEach((g, gi) => {
      this.size[gi] = g.length;
      for (const r of g) this.groupOf[r] = gi;
    });
    for (let r = 0; r < n; r++) if (this.groupOf[r] < 0) throw new Error(`row ${r} in no group`);
    for (const s of sensitive) {
      const a = new Float64Array(groups.length);
      for (const r of index.rowsOf(s)) a[this.groupOf[r]]++;
      this.aOf.set(s, a);
    }
    this.stamp = new Int32Array(n);
    this.bits = new Int32Array(n);
    this.touched = new Int32Array(n);
  }

  kl(query: Query): number {
    const { s, q } = query;
    const cur = ++this.cur;
    const { stamp, bits, touched } = this;
    let nt = 0;
    q.forEach((item, j) => {
      for (const row of this.index.rowsOf(item)) {
        if (stamp[row] !== cur) {
          stamp[row] = cur;
          bits[row] = 0;
          touched[nt++] = row;
        }
        bits[row] |= 1 << j;
      }
    });
    const cells = 1 << q.length;
    const act = new Float64Array(cells);
    const sRows = this.index.rowsOf(s);
    const total = sRows.length;
    if (total === 0) return 0;
    for (const row of sRows) act[stamp[row] === cur ? bits[row] : 0]++;
    const est = new Float64Array(cells);
    const a = this.aOf.get(s)!;
    let nonZero = 0;
    for (let k = 0; k < nt; k++) {
      const u = touched[k];
      const g = this.groupOf[u];
      const ag = a[g];
      if (ag === 0) continue;
      const v = ag / this.size[g];
      est[bits[u]] += v;
      nonZero += v;
    }
    est[0] = total - nonZero;
    let kl = 0;
    for (let c = 0; c < cells; c++) {
      if (act[c] === 0) continue;
      const A = act[c] / total;
      const E = est[c] / total;
      kl += A * Math.log(A / E);
    }
    return kl;
  }

  /** Each query's KL (same order as `queries`). */
  all(queries: readonly Query[]): Float64Array {
    return Float64Array.from(queries, (x) => this.kl(x));
  }
}

export function mean(xs: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i];
  return s / xs.length;
}

/** mean and standard error of the mean */
export function meanSe(xs: ArrayLike<number>): { mean: number; se: number } {
  const m = mean(xs);
  let v = 0;
  for (let i = 0; i < xs.length; i++) v += (xs[i] - m) ** 2;
  const sd = xs.length > 1 ? Math.sqrt(v / (xs.length - 1)) : 0;
  return { mean: m, se: sd / Math.sqrt(xs.length) };
}
