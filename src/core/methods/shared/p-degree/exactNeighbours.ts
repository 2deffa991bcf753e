/**
 * NonConflictNN by exact QID Hamming distance (Ghinita Fig. 3, lines 13-22), in one pass: rows are
 * visited by increasing distance to t (ties by row index) and conflicting ones are skipped, which
 * gives the same partners as the paper's p-1 repeated scans. Distances come from the item-to-rows
 * lists: a row u that shares c QID items with t is at |t_Q| + |u_Q| - 2c, and the rows that share
 * none are at |t_Q| + |u_Q|, so they are met in order of their QID length from lists made once.
 * Only the rows sharing an item with t are touched. Those sharing two or more are listed with their
 * distances as the lists are walked; those sharing exactly one (most of them on sparse data: every
 * row of a popular item) lie at |t_Q| + |u_Q| - 2 >= |t_Q| - 1 and are listed only when the walk
 * gets that far, which for a long t it seldom does. Rows are bucketed (a counting sort in typed
 * arrays) only for the distances the walk reaches, a batch at a time: the walk mostly stops in the
 * first buckets, at the p-1-th partner. The item-to-rows lists drop the rows already grouped now
 * and then (`forget`), so later calls do not walk them. A candidate test (LSH's buckets, Fig. 5)
 * restricts what is yielded to its rows, tested only as they come out in distance order: the rows
 * at the distances the walk reaches, not every candidate; the walk ends once all are yielded.
 */
import { nonConflicting } from './greedyGroups.ts';
import type { SensitiveRows } from './sensitiveRows.ts';

/** Rows bucketed per batch of distances: at least this many, unless fewer are left. */
const BUCKET_BATCH = 64;
/** A query's counts are cleared by walking its lists again when they held under n/16 entries. */
const CLEAR_BY_WALK_BELOW = 1 / 16;

/** Rows to search among (LSH's candidates): membership, and how many remaining rows but t it holds. */
export interface CandidateSet {
  has(row: number): boolean;
  size: number;
}

export class ExactNeighbours {
  /** For each QID item, the rows holding it: rowsOf[listStart[i]..listEnd[i]), ascending. */
  private readonly listStart: Int32Array;
  private readonly listEnd: Int32Array;
  private readonly rowsOf: Int32Array;
  private readonly qidLength: Int32Array;
  private readonly maxQidLength: number;
  /** Rows grouped by QID length, ascending index within each length. */
  private readonly byLength: Int32Array[];
  /**
   * Per call: u shares shared[u] of t's QID items (one array read and written per list entry).
   * 16-bit unless a QID is longer: half the bytes of the 32-bit tags with a per-call base this
   * replaced, and no branch on the base (Netflix shape, 410,201 rows: the walk 1.45x faster).
   * Cleared before the next call (`clearShared`): by a memset, or by walking the last query's
   * lists again when they were short (many short queries on a large dataset).
   */
  private readonly shared: Uint16Array | Uint32Array;
  /** The query whose counts are in `shared` (-1: none), and how many list entries it walked. */
  private countedQuery = -1;
  private countedEntries = 0;
  /** Scratch for one call: the rows met with their distances, then rows bucketed by distance. */
  private readonly met: Int32Array;
  private readonly metDistance: Int32Array;
  private readonly bucketed: Int32Array;
  /** Scratch for one call: how many rows met lie at each distance. */
  private readonly histogram: Int32Array;
  /** Rows told grouped (forget) and how many since the lists last dropped them. */
  private readonly isForgotten: Uint8Array;
  private forgottenSinceCompaction = 0;

  /**
   * `bucketBatch`: rows bucketed per batch of distances (tests make it small to cross batches);
   * `clearByWalkBelow`: see clearShared (tests take both ways).
   */
  constructor(
    private readonly rows: SensitiveRows,
    private readonly bucketBatch = BUCKET_BATCH,
    private readonly clearByWalkBelow = CLEAR_BY_WALK_BELOW,
  ) {
    const n = rows.dataset.n;
    const d = rows.dataset.d;
    const { offsets, items } = rows.qidRows;
    this.listStart = new Int32Array(d + 1);
    for (let k = 0; k < offsets[n]; k++) this.listStart[items[k] + 1]++;
    for (let i = 0; i < d; i++) this.listStart[i + 1] += this.listStart[i];
    this.listEnd = this.listStart.slice(0, d);
    this.rowsOf = new Int32Array(offsets[n]);
    for (let r = 0; r < n; r++)
      for (let k = offsets[r]; k < offsets[r + 1]; k++) this.rowsOf[this.listEnd[items[k]]++] = r;
    this.qidLength = new Int32Array(n);
    let maxQidLength = 0;
    for (let r = 0; r < n; r++) {
      this.qidLength[r] = offsets[r + 1] - offsets[r];
      maxQidLength = Math.max(maxQidLength, this.qidLength[r]);
    }
    this.maxQidLength = maxQidLength;
    // Rows by QID length (a counting sort: ascending index within each length).
    const lengthStart = new Int32Array(maxQidLength + 2);
    for (let r = 0; r < n; r++) lengthStart[this.qidLength[r] + 1]++;
    for (let l = 0; l <= maxQidLength; l++) lengthStart[l + 1] += lengthStart[l];
    const byLength = new Int32Array(n);
    const fill = lengthStart.slice(0, maxQidLength + 1);
    for (let r = 0; r < n; r++) byLength[fill[this.qidLength[r]]++] = r;
    this.byLength = Array.from({ length: maxQidLength + 1 }, (_, l) =>
      byLength.subarray(lengthStart[l], lengthStart[l + 1]),
    );
    this.shared = maxQidLength < 0xffff ? new Uint16Array(n) : new Uint32Array(n);
    this.met = new Int32Array(n);
    this.metDistance = new Int32Array(n);
    this.bucketed = new Int32Array(n);
    this.histogram = new Int32Array(2 * this.maxQidLength + 1);
    this.isForgotten = new Uint8Array(n);
  }

  /**
   * Rows that left the pool: the item lists drop them each time another 1/64 of the rows has left
   * (a pass over the lists; at p = 4 on BMS1 an eighth of the rows never leaves, so the lists
   * were never compacted and every walk stepped over the grouped rows).
   */
  forget(rows: readonly number[]): void {
    for (const r of rows) this.isForgotten[r] = 1;
    this.forgottenSinceCompaction += rows.length;
    if (this.forgottenSinceCompaction * 64 < this.rows.dataset.n) return;
    const { listStart, listEnd, rowsOf, isForgotten } = this;
    for (let i = 0; i < listEnd.length; i++) {
      let kept = listStart[i];
      for (let h = listStart[i]; h < listEnd[i]; h++)
        if (isForgotten[rowsOf[h]] === 0) rowsOf[kept++] = rowsOf[h];
      listEnd[i] = kept;
    }
    this.forgottenSinceCompaction = 0;
  }

  /**
   * Remaining rows other than t (only those passing `candidate` when given), lazily by increasing
   * distance, ties by index.
   */
  *byDistance(t: number, isRemaining: Uint8Array, candidates?: CandidateSet): Generator<number> {
    const { shared, met, metDistance, bucketed } = this;
    const qid = this.rows.qid(t);
    const maxDistance = qid.length + this.maxQidLength;
    const candidate = candidates && ((u: number) => candidates.has(u));
    let unyielded = candidates ? candidates.size : Infinity;
    const histogram = this.histogram.fill(0, 0, maxDistance + 1);
    if (unyielded === 0) return;
    this.clearShared();
    let count = this.meetSharing(t, qid, isRemaining);
    // Rows sharing exactly one item with t join at the first distance they can lie at.
    const singlesAt = Math.max(0, qid.length - 1);
    // bucketed[start[d]..start[d+1]) holds the rows at distance d once the batch holding d is filled.
    const start = new Int32Array(maxDistance + 2);
    let bucketedUpTo = -1;
    for (let d = 0; d <= maxDistance && unyielded > 0; d++) {
      if (d === singlesAt) {
        count = this.meetSingles(t, qid, isRemaining, count);
        bucketedUpTo = d - 1;
      }
      if (d > bucketedUpTo) {
        let last = d;
        let batch = histogram[d];
        while (last < maxDistance && batch < this.bucketBatch) batch += histogram[++last];
        start[d] = 0;
        for (let e = d; e <= last; e++) start[e + 1] = start[e] + histogram[e];
        const fill = start.slice(d, last + 1);
        for (let i = 0; i < count; i++) {
          const distance = metDistance[i];
          if (distance >= d && distance <= last) bucketed[fill[distance - d]++] = met[i];
        }
        bucketedUpTo = last;
      }
      const near = bucketed.subarray(start[d], start[d + 1]).sort();
      // Rows sharing no item with t lie at |t_Q| + |u_Q|: those of QID length d - |t_Q|.
      const far = this.byLength[d - qid.length];
      let i = 0;
      let j = 0;
      const farLength = far ? far.length : 0;
      for (;;) {
        while (i < near.length && candidate && !candidate(near[i])) i++;
        while (
          j < farLength &&
          (shared[far![j]] !== 0 ||
            far![j] === t ||
            isRemaining[far![j]] !== 1 ||
            (candidate && !candidate(far![j])))
        )
          j++;
        const fromNear = i < near.length;
        const fromFar = j < farLength;
        if ((!fromNear && !fromFar) || unyielded-- === 0) break;
        if (fromNear && (!fromFar || near[i] < far![j])) yield near[i++];
        else yield far![j++];
      }
    }
  }

  /**
   * Walks t's item lists counting the items each row shares with t (`shared`), and lists the
   * remaining rows that share two or more, with their distances. The walk only counts and notes
   * a row's second item; which rows remain is asked once per row met, after it.
   */
  private meetSharing(t: number, qid: Uint32Array, isRemaining: Uint8Array): number {
    const { shared, met, listStart, listEnd, rowsOf } = this;
    let count = 0;
    this.countedQuery = t;
    this.countedEntries = 0;
    for (let k = 0; k < qid.length; k++) {
      const end = listEnd[qid[k]];
      this.countedEntries += end - listStart[qid[k]];
      for (let h = listStart[qid[k]]; h < end; h++) {
        const u = rowsOf[h];
        const c = shared[u] + 1;
        shared[u] = c;
        // Kept when c === 2, without a branch (taken at random; the walk ran 1.25x longer with it).
        met[count] = u;
        count += ((c ^ 2) - 1) >>> 31;
      }
    }
    const { metDistance, histogram, qidLength } = this;
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const u = met[i];
      if (u === t || isRemaining[u] !== 1) continue;
      const distance = qid.length + qidLength[u] - 2 * shared[u];
      met[kept] = u;
      metDistance[kept++] = distance;
      histogram[distance]++;
    }
    return kept;
  }

  /**
   * Zeroes the last query's counts: walking its lists again when they held fewer entries than
   * `clearByWalkBelow` x n, else one memset. A row the lists dropped since (`forget`) keeps its
   * count: it never remains again, and a count is read only with a row that remains.
   */
  private clearShared(): void {
    const { shared, countedQuery: t } = this;
    if (t < 0) return;
    if (this.countedEntries >= this.clearByWalkBelow * shared.length) shared.fill(0);
    else {
      const { listStart, listEnd, rowsOf } = this;
      const qid = this.rows.qid(t);
      for (let k = 0; k < qid.length; k++)
        for (let h = listStart[qid[k]]; h < listEnd[qid[k]]; h++) shared[rowsOf[h]] = 0;
    }
    this.countedQuery = -1;
  }

  /** Lists after the `count` rows met the remaining rows that share exactly one item with t. */
  private meetSingles(t: number, qid: Uint32Array, isRemaining: Uint8Array, count: number): number {
    const { shared, met, metDistance, histogram, qidLength, listStart, listEnd, rowsOf } = this;
    for (let k = 0; k < qid.length; k++) {
      const end = listEnd[qid[k]];
      for (let h = listStart[qid[k]]; h < end; h++) {
        const u = rowsOf[h];
        if (shared[u] !== 1 || u === t || isRemaining[u] !== 1) continue;
        const distance = qid.length + qidLength[u] - 2;
        met[count] = u;
        metDistance[count++] = distance;
        histogram[distance]++;
      }
    }
    return count;
  }

  /**
   * Up to p-1 nearest non-conflicting partners of t among the remaining rows (or the candidates);
   * `visited` (recorded runs) receives the rows the walk looked at, nearest first.
   */
  partners(
    t: number,
    isRemaining: Uint8Array,
    p: number,
    candidates?: CandidateSet,
    visited?: number[],
  ): number[] {
    return nonConflicting(this.rows, t, this.byDistance(t, isRemaining, candidates), p - 1, visited);
  }
}
