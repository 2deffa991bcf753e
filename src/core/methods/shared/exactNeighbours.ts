/**
 * NonConflictNN by exact QID Hamming distance (Ghinita Fig. 3, lines 13-22), in one pass: rows are
 * visited by increasing distance to t (ties by row index) and conflicting ones are skipped, which
 * gives the same partners as the paper's p-1 repeated scans. Distances come from the item-to-rows
 * lists: a row u that shares c QID items with t is at |t_Q| + |u_Q| - 2c, and the rows that share
 * none are at |t_Q| + |u_Q|, so they are met in order of their QID length from lists made once.
 * Only the rows sharing an item with t are touched, bucketed by distance in typed arrays (a counting
 * sort), and a bucket is sorted by row index only when the walk reaches it; the walk stops at the
 * p-1-th partner. With a candidate list (LSH), distances are computed for those rows alone.
 */
import { ItemRows } from '../../data/itemRows.ts';
import { nonConflicting } from './greedyGroups.ts';
import type { SensitiveRows } from './sensitiveRows.ts';

export class ExactNeighbours {
  private readonly index: ItemRows;
  private readonly qidLength: Int32Array;
  private readonly maxQidLength: number;
  /** Rows grouped by QID length, ascending index within each length. */
  private readonly byLength: Int32Array[];
  /** Per call: mark[u] === stamp when u shares a QID item with t; common[u] is then how many. */
  private readonly mark: Int32Array;
  private readonly common: Int32Array;
  /** Per call with a candidate list: itemMark[item] === stamp when t holds the QID item. */
  private readonly itemMark: Int32Array;
  private stamp = 0;
  /** Scratch for one call: the rows met, then the same rows bucketed by distance. */
  private readonly met: Int32Array;
  private readonly bucketed: Int32Array;

  constructor(private readonly rows: SensitiveRows) {
    const n = rows.dataset.n;
    this.index = ItemRows.of(rows.dataset);
    this.qidLength = Int32Array.from({ length: n }, (_, r) => rows.qid(r).length);
    this.maxQidLength = this.qidLength.reduce((m, l) => Math.max(m, l), 0);
    const lists: number[][] = Array.from({ length: this.maxQidLength + 1 }, () => []);
    for (let r = 0; r < n; r++) lists[this.qidLength[r]].push(r);
    this.byLength = lists.map((list) => Int32Array.from(list));
    this.mark = new Int32Array(n);
    this.common = new Int32Array(n);
    this.itemMark = new Int32Array(rows.dataset.d);
    this.met = new Int32Array(n);
    this.bucketed = new Int32Array(n);
  }

  /** Remaining rows other than t (or those of `among`), lazily by increasing distance, ties by index. */
  *byDistance(t: number, isRemaining: Uint8Array, among?: readonly number[]): Generator<number> {
    const { mark, common, qidLength, met, bucketed } = this;
    const qid = this.rows.qid(t);
    const stamp = ++this.stamp;
    let count = 0;
    const distance = (u: number) => qid.length + qidLength[u] - 2 * common[u];
    if (among) {
      // t's QID items marked once; each candidate counts its marked items.
      const { itemMark } = this;
      for (let k = 0; k < qid.length; k++) itemMark[qid[k]] = stamp;
      const { offsets, items } = this.rows.qidRows;
      for (let i = 0; i < among.length; i++) {
        const u = among[i];
        if (u === t || isRemaining[u] !== 1) continue;
        let shared = 0;
        for (let k = offsets[u]; k < offsets[u + 1]; k++) if (itemMark[items[k]] === stamp) shared++;
        common[u] = shared;
        met[count++] = u;
      }
    } else {
      for (let k = 0; k < qid.length; k++) {
        const holders = this.index.rowsOf(qid[k]);
        for (let h = 0; h < holders.length; h++) {
          const u = holders[h];
          if (mark[u] !== stamp) {
            mark[u] = stamp;
            common[u] = 0;
            if (u !== t && isRemaining[u] === 1) met[count++] = u;
          }
          common[u]++;
        }
      }
    }
    // Counting sort of the met rows by distance; buckets are sorted by index when reached.
    const maxDistance = qid.length + this.maxQidLength;
    const start = new Int32Array(maxDistance + 2);
    for (let i = 0; i < count; i++) start[distance(met[i]) + 1]++;
    for (let d = 0; d <= maxDistance; d++) start[d + 1] += start[d];
    const fill = start.slice();
    for (let i = 0; i < count; i++) bucketed[fill[distance(met[i])]++] = met[i];
    for (let d = 0; d <= maxDistance; d++) {
      const near = bucketed.subarray(start[d], start[d + 1]).sort();
      // Rows sharing no item with t lie at |t_Q| + |u_Q|: those of QID length d - |t_Q|.
      const far = among ? undefined : this.byLength[d - qid.length];
      let i = 0;
      let j = 0;
      const farLength = far ? far.length : 0;
      for (;;) {
        while (j < farLength && (mark[far![j]] === stamp || far![j] === t || isRemaining[far![j]] !== 1)) j++;
        const fromNear = i < near.length;
        const fromFar = j < farLength;
        if (!fromNear && !fromFar) break;
        if (fromNear && (!fromFar || near[i] < far![j])) yield near[i++];
        else yield far![j++];
      }
    }
  }

  partners(t: number, isRemaining: Uint8Array, p: number, among?: readonly number[]): number[] {
    return nonConflicting(this.rows, t, this.byDistance(t, isRemaining, among), p - 1);
  }
}
