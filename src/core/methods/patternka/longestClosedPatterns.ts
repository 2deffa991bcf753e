/**
 * The longest closed frequent patterns of a set of rows (PatternKa Sec. 3.3, first and second
 * speed-ups): closed itemsets are enumerated depth-first by prefix-preserving closure extension, as
 * LCM does (Uno, Kiyomi, Arimura, "LCM ver. 2", FIMI'04: items ranked by increasing support,
 * occurrence deliver for the conditional row lists), and a branch is cut as soon as it cannot reach
 * the longest length found so far (PatternKa eq. 24). Two bounds, both sound for every frequent
 * superset Q of the branch's pattern P within its rows R:
 * - |P ∪ POST| where POST holds the items after the core that are frequent in R (eq. 24);
 * - the k-th largest |row ∩ (P ∪ POST)| over R, since Q lies in at least k rows of R; before any
 *   counting, the k-th largest number of frequent items in a row of R serves the same way.
 * A greedy dive (add the most frequent item while the pattern stays frequent) gives a first length
 * L to beat; a row with fewer than L frequent items cannot hold a pattern that long, so the search
 * runs on the rows that have at least L (repeated until no row drops out), which on sparse data is
 * a small fraction. Every closed pattern of the maximal length is returned with its rows.
 * A pattern is frequent when at least `minSupport` rows hold it (the group size k).
 */
import type { Dataset } from '../../data/dataset.ts';

export interface Pattern {
  /** Item ids, ascending. */
  items: number[];
  /** Rows (of those searched) that hold every item, ascending. */
  rows: number[];
}

/**
 * The closed frequent patterns whose length is at least (the longest length - `slack`); slack 0
 * gives the longest ones only.
 */
export function longestClosedPatterns(
  dataset: Dataset,
  rows: readonly number[],
  minSupport: number,
  slack = 0,
): Pattern[] {
  if (rows.length < minSupport || rows.length === 0) return [];
  const miner = new ClosedPatternMiner(dataset, rows, minSupport, slack);
  return miner.mine();
}

class ClosedPatternMiner {
  private readonly counts: Int32Array;
  private readonly touched: number[] = [];
  private readonly inPattern: Uint8Array;
  /** rank[item]: position by increasing support among the searched rows. */
  private readonly rank: Int32Array;
  /** frequentLength[r]: items of row r that are frequent among the searched rows. */
  private readonly frequentLength: Int32Array;
  private best: Pattern[] = [];
  private bestLength = 0;

  constructor(
    private readonly dataset: Dataset,
    private rows: readonly number[],
    private readonly minSupport: number,
    private readonly slack: number,
  ) {
    this.counts = new Int32Array(dataset.d);
    this.inPattern = new Uint8Array(dataset.d);
    this.rank = new Int32Array(dataset.d);
    this.frequentLength = new Int32Array(dataset.n);
  }

  mine(): Pattern[] {
    this.countItems(this.rows);
    const root = this.touched.filter((item) => this.counts[item] === this.rows.length);
    this.resetCounts();
    this.best = [{ items: [...root].sort((a, b) => a - b), rows: [...this.rows] }];
    this.bestLength = root.length;
    const dive = this.greedyLength(root);
    if (dive > this.bestLength) {
      this.bestLength = dive; // a length to beat: the closed patterns that long are found below
      if (root.length < this.floor()) this.best = [];
      this.keepRowsWithFrequentItems(this.floor());
    } else this.keepRowsWithFrequentItems(0);
    for (const item of root) this.inPattern[item] = 1;
    this.extend(root, this.rows, -1);
    return this.best.filter((p) => p.items.length >= this.floor());
  }

  /** Patterns shorter than this are of no use (longest length found so far minus the slack). */
  private floor(): number {
    return this.bestLength - this.slack;
  }

  /**
   * Keeps the rows with at least `minLength` frequent items, recounting until stable, then ranks the
   * items by increasing support and records each row's number of frequent items.
   */
  private keepRowsWithFrequentItems(minLength: number): void {
    const { dataset, counts, minSupport } = this;
    for (;;) {
      this.countItems(this.rows);
      const kept = this.rows.filter((r) => {
        let length = 0;
        for (let t = dataset.offsets[r]; t < dataset.offsets[r + 1]; t++)
          if (counts[dataset.items[t]] >= minSupport) length++;
        this.frequentLength[r] = length;
        return length >= minLength;
      });
      if (kept.length === this.rows.length) break;
      this.resetCounts();
      this.rows = kept;
    }
    const present = [...this.touched].sort((a, b) => counts[a] - counts[b] || a - b);
    present.forEach((item, r) => (this.rank[item] = r));
    this.resetCounts();
  }

  private extend(pattern: readonly number[], patternRows: readonly number[], coreRank: number): void {
    const { rank, inPattern, minSupport } = this;
    const { offsets, items } = this.dataset;
    const buckets = new Map<number, number[]>();
    for (const r of patternRows) {
      for (let t = offsets[r]; t < offsets[r + 1]; t++) {
        const e = items[t];
        if (rank[e] <= coreRank || inPattern[e]) continue;
        const bucket = buckets.get(e);
        if (bucket) bucket.push(r);
        else buckets.set(e, [r]);
      }
    }
    const candidates = [...buckets.keys()]
      .filter((e) => buckets.get(e)!.length >= minSupport)
      .sort((a, b) => rank[a] - rank[b]);
    candidates.forEach((e, index) => {
      if (pattern.length + (candidates.length - index) < this.floor()) return; // eq. 24
      const eRows = buckets.get(e)!;
      if (kthLargest(this.frequentLength, eRows, minSupport) < this.floor()) return;
      this.countItems(eRows);
      const closure: number[] = [];
      let prefixPreserved = true;
      for (const item of this.touched) {
        if (this.counts[item] !== eRows.length || inPattern[item]) continue;
        if (rank[item] < rank[e]) prefixPreserved = false;
        else closure.push(item);
      }
      if (!prefixPreserved) {
        this.resetCounts();
        return;
      }
      const next = [...pattern, ...closure];
      for (const item of closure) inPattern[item] = 1;
      const bound = this.upperBound(next.length, eRows, rank[e]);
      this.resetCounts();
      if (bound >= this.floor()) {
        if (next.length > this.bestLength) {
          this.bestLength = next.length;
          this.best = this.best.filter((p) => p.items.length >= this.floor());
        }
        if (next.length >= this.floor())
          this.best.push({ items: [...next].sort((a, b) => a - b), rows: eRows });
        if (bound > next.length) this.extend(next, eRows, rank[e]);
      }
      for (const item of closure) inPattern[item] = 0;
    });
  }

  /**
   * With `counts` holding the item counts over `rows` and `inPattern` the branch's pattern: the
   * lesser of |P ∪ POST| and the k-th largest |row ∩ (P ∪ POST)|.
   */
  private upperBound(patternLength: number, rows: readonly number[], coreRank: number): number {
    const { counts, inPattern, rank, minSupport } = this;
    const { offsets, items } = this.dataset;
    let post = 0;
    for (const item of this.touched)
      if (!inPattern[item] && rank[item] > coreRank && counts[item] >= minSupport) post++;
    const cheap = patternLength + post;
    if (cheap < this.floor() || post === 0) return cheap; // the costlier bound cannot change the outcome
    // The k-th largest |row ∩ (P ∪ POST)| by counting: lengths never exceed `cheap`.
    const histogram = this.lengthHistogram(cheap);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      let length = 0;
      for (let t = offsets[r]; t < offsets[r + 1]; t++) {
        const item = items[t];
        if (inPattern[item] === 1 || (rank[item] > coreRank && counts[item] >= minSupport)) length++;
      }
      histogram[length]++;
    }
    let seen = 0;
    let kth = cheap;
    for (; kth > 0; kth--) {
      seen += histogram[kth];
      if (seen >= minSupport) break;
    }
    return kth;
  }

  private histogram = new Int32Array(64);

  /** A zeroed scratch histogram over lengths 0..max. */
  private lengthHistogram(max: number): Int32Array {
    if (this.histogram.length <= max) this.histogram = new Int32Array(2 * max + 2);
    this.histogram.fill(0, 0, max + 1);
    return this.histogram;
  }

  /** Length of the closed pattern a greedy dive from `root` reaches (a lower bound of the longest). */
  private greedyLength(root: readonly number[]): number {
    let current: readonly number[] = this.rows;
    const taken = new Set(root);
    for (;;) {
      this.countItems(current);
      let bestItem = -1;
      for (const item of this.touched) {
        if (taken.has(item) || this.counts[item] < this.minSupport) continue;
        if (bestItem < 0 || this.counts[item] > this.counts[bestItem]) bestItem = item;
      }
      if (bestItem < 0) {
        const closed = this.touched.filter((item) => this.counts[item] === current.length).length;
        this.resetCounts();
        return current === this.rows ? root.length : closed;
      }
      this.resetCounts();
      taken.add(bestItem);
      current = current.filter((r) =>
        this.dataset.bits ? this.dataset.bits.has(r, bestItem) : this.dataset.row(r).includes(bestItem),
      );
    }
  }

  private countItems(rows: readonly number[]): void {
    const { counts, touched } = this;
    const { offsets, items } = this.dataset;
    for (const r of rows) {
      for (let t = offsets[r]; t < offsets[r + 1]; t++) {
        const item = items[t];
        if (counts[item]++ === 0) touched.push(item);
      }
    }
  }

  private resetCounts(): void {
    for (const item of this.touched) this.counts[item] = 0;
    this.touched.length = 0;
  }
}

/** The k-th largest of values[i] over i in `indices` (k <= indices.length), by a small sorted top list. */
function kthLargest(values: Int32Array, indices: readonly number[], k: number): number {
  const top: number[] = []; // ascending, at most k long
  for (const i of indices) {
    const v = values[i];
    if (top.length === k) {
      if (v <= top[0]) continue;
      top.shift();
    }
    let at = top.length;
    while (at > 0 && top[at - 1] > v) at--;
    top.splice(at, 0, v);
  }
  return top[0];
}
