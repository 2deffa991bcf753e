/**
 * NonConflictNN by exact QID Hamming distance (Ghinita Fig. 3, lines 13-22), in one pass: rows are
 * visited by increasing distance to t (ties by row index) and conflicting ones are skipped, which
 * gives the same partners as the paper's p-1 repeated scans. Distances come from the item-to-rows
 * lists: a row u that shares c QID items with t is at |t_Q| + |u_Q| - 2c, and the rows that share
 * none are at |t_Q| + |u_Q|, so they are met in order of their QID length from a list sorted once.
 * Only the rows sharing an item with t are touched; the walk stops at the p-1-th partner.
 */
import { ItemRows } from '../../data/itemRows.ts';
import { nonConflicting } from './greedyGroups.ts';
import type { SensitiveRows } from './sensitiveRows.ts';

export class ExactNeighbours {
  private readonly index: ItemRows;
  private readonly qidLength: Int32Array;
  private readonly common: Int32Array;
  /** Rows grouped by QID length, ascending index within each length. */
  private readonly byLength: number[][];

  constructor(private readonly rows: SensitiveRows) {
    const n = rows.dataset.n;
    this.index = ItemRows.of(rows.dataset);
    this.qidLength = Int32Array.from(
      { length: n },
      (_, r) => rows.dataset.rowLength(r) - rows.sensitiveOf[r].length,
    );
    this.common = new Int32Array(n);
    this.byLength = [];
    for (let r = 0; r < n; r++) (this.byLength[this.qidLength[r]] ??= []).push(r);
  }

  /** Remaining rows other than t (or those of `among`), lazily by increasing distance, ties by index. */
  *byDistance(t: number, isRemaining: Uint8Array, among?: readonly number[]): Generator<number> {
    const { common, qidLength } = this;
    const qid = this.rows.qid(t);
    const touched: number[] = [];
    for (const item of qid) {
      for (const u of this.index.rowsOf(item)) if (common[u]++ === 0) touched.push(u);
    }
    const eligible = (u: number) => u !== t && isRemaining[u] === 1;
    // Rows sharing items with t (or the whole candidate list), by distance.
    const near = new Map<number, number[]>();
    const add = (u: number) => {
      const d = qid.length + qidLength[u] - 2 * common[u];
      const list = near.get(d);
      if (list) list.push(u);
      else near.set(d, [u]);
    };
    if (among) among.forEach((u) => eligible(u) && add(u));
    else touched.forEach((u) => eligible(u) && add(u));
    const shares = new Set(touched);
    for (const u of touched) common[u] = 0;
    const maxDistance = qid.length + this.byLength.length;
    try {
      for (let d = 0; d <= maxDistance; d++) {
        const atD = (near.get(d) ?? []).sort((a, b) => a - b);
        // Rows sharing no item with t lie at |t_Q| + |u_Q|: those of QID length d - |t_Q|.
        const far = among
          ? []
          : (this.byLength[d - qid.length] ?? []).filter((u) => !shares.has(u) && eligible(u));
        yield* mergeAscending(atD, far);
      }
    } finally {
      near.clear();
    }
  }

  partners(t: number, isRemaining: Uint8Array, p: number, among?: readonly number[]): number[] {
    return nonConflicting(this.rows, t, this.byDistance(t, isRemaining, among), p - 1);
  }
}

function* mergeAscending(a: readonly number[], b: readonly number[]): Generator<number> {
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i] < b[j])) yield a[i++];
    else yield b[j++];
  }
}
