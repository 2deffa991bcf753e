/**
 * The sensitive side of every p-degree method (Ghinita Sec. 3-4): each row's sensitive items and
 * QID items, conflicts (two rows conflict when they share a sensitive item), the feasibility test of
 * Theorem 1 (degree(T) >= p) and the QID Hamming distance. One histogram-of-sensitive-items for all.
 */
import type { CsrRows, Dataset } from '../../../data/dataset.ts';
import { symmetricDifference } from '../../../data/rowDistance.ts';
import { InputError } from '../../../base/errors.ts';

export class SensitiveRows {
  /** isSensitive[item] = 1 for items of S. */
  readonly isSensitive: Uint8Array;
  /** Sensitive items of each row (ascending ids). */
  readonly sensitiveOf: number[][];
  /** Rows that hold at least one sensitive item, in input order. */
  readonly sensitiveRows: number[];
  /** holdsSensitive[r] = 1 when row r holds a sensitive item. */
  readonly holdsSensitive: Uint8Array;
  /** The QID items of every row in CSR form (one allocation; `qid(r)` is a view). */
  readonly qidRows: CsrRows;
  private readonly qidOffsets: Uint32Array;
  private readonly qidItems: Uint32Array;

  constructor(
    readonly dataset: Dataset,
    readonly sensitive: readonly number[],
  ) {
    const n = dataset.n;
    const isSensitive = new Uint8Array(dataset.d);
    for (const s of sensitive) isSensitive[s] = 1;
    const { offsets, items } = dataset;
    const qidOffsets = new Uint32Array(n + 1);
    const qidItems = new Uint32Array(items.length);
    const sensitiveOf = new Array<number[]>(n);
    const sensitiveRows: number[] = [];
    const holdsSensitive = new Uint8Array(n);
    const none: number[] = [];
    let filled = 0;
    for (let r = 0; r < n; r++) {
      let own: number[] = none;
      const end = offsets[r + 1];
      for (let k = offsets[r]; k < end; k++) {
        const item = items[k];
        if (isSensitive[item] === 1) (own === none ? (own = []) : own).push(item);
        else qidItems[filled++] = item;
      }
      qidOffsets[r + 1] = filled;
      sensitiveOf[r] = own;
      if (own !== none) {
        sensitiveRows.push(r);
        holdsSensitive[r] = 1;
      }
    }
    this.isSensitive = isSensitive;
    this.sensitiveOf = sensitiveOf;
    this.sensitiveRows = sensitiveRows;
    this.holdsSensitive = holdsSensitive;
    this.qidOffsets = qidOffsets;
    this.qidItems = qidItems;
    this.qidRows = { offsets: qidOffsets, items: qidItems };
  }

  /** QID items of row r (ascending; a view, no copy). */
  qid(r: number): Uint32Array {
    return this.qidItems.subarray(this.qidOffsets[r], this.qidOffsets[r + 1]);
  }

  /** Hamming distance of the QID parts of rows a and b. */
  qidDistance(a: number, b: number): number {
    return symmetricDifference(this.qid(a), this.qid(b));
  }

  conflicts(a: number, b: number): boolean {
    const x = this.sensitiveOf[a];
    const y = this.sensitiveOf[b];
    if (x.length === 0 || y.length === 0) return false;
    return x.some((s) => y.includes(s));
  }

  /** Theorem 1: no method succeeds when some s is in more than n/p rows; say which and what p would. */
  assertFeasible(p: number): void {
    const counts = new Map<number, number>();
    for (const items of this.sensitiveOf) for (const s of items) counts.set(s, (counts.get(s) ?? 0) + 1);
    let worst = -1;
    let worstCount = 0;
    for (const [s, c] of counts) if (c > worstCount) [worst, worstCount] = [s, c];
    if (worstCount * p > this.dataset.n) {
      throw new InputError(
        `privacy degree p = ${p} is impossible: sensitive item '${this.dataset.dictionary.token(worst)}' occurs in ${worstCount} of ${this.dataset.n} transactions, ` +
          `more than n/p = ${(this.dataset.n / p).toFixed(1)} (Theorem 1); the largest feasible p is ${Math.floor(this.dataset.n / worstCount)}`,
      );
    }
  }
}

/**
 * The histogram H of sensitive items among the rows not yet grouped (Fig. 3 / Fig. 11 lines 1, 6-11):
 * a candidate group is accepted only when the rows left after it still have degree >= p,
 * i.e. H[s] * p <= remaining for every s.
 */
export class SensitiveHistogram {
  /** counts[s]: rows not yet grouped that hold sensitive item s. */
  private readonly counts: Int32Array;
  /** The sensitive items that occur at all. */
  private readonly present: number[] = [];
  remaining: number;

  constructor(
    private readonly rows: SensitiveRows,
    private readonly p: number,
  ) {
    this.remaining = rows.dataset.n;
    this.counts = new Int32Array(rows.dataset.d);
    for (const r of rows.sensitiveRows) for (const s of rows.sensitiveOf[r]) this.counts[s]++;
    for (const s of rows.sensitive) if (this.counts[s] > 0) this.present.push(s);
  }

  /** Removes the group's rows when the rest stays feasible; returns whether it did. */
  tryRemove(group: readonly number[]): boolean {
    const { counts, p } = this;
    for (const r of group) for (const s of this.rows.sensitiveOf[r]) counts[s]--;
    const remaining = this.remaining - group.length;
    if (this.present.every((s) => counts[s] * p <= remaining)) {
      this.remaining = remaining;
      return true;
    }
    for (const r of group) for (const s of this.rows.sensitiveOf[r]) counts[s]++;
    return false;
  }
}
