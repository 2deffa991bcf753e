/**
 * The greedy dive's first steps, kept from one mining to the next (greedyDive.ts). Alg. 1 mines
 * the remaining rows once per group or so, and the dive of each mining starts the same way while
 * the same items stay the most frequent: the rows holding the dive's first items and their item
 * counts, thousands of long rows on Netflix-shaped data, would be counted again every time. A level
 * j holds, for the prefix of items f_1..f_(j+1) the dive took, the remaining rows holding all of
 * them, the item counts over those rows and the items held by minSupport of them; removing a group
 * takes its rows out of every level that holds them (their items uncounted), so a level is always
 * exact for the rows that remain, and a dive that takes the same item at the same step reads the
 * level instead of counting. Only levels of at least MIN_ROWS rows are kept (smaller ones cost
 * little to count).
 */
import type { Dataset } from '../../data/dataset.ts';

/** Rows a dive level needs to be kept. */
const MIN_ROWS = 1024;

export interface DiveLevel {
  /** The item the dive took at this step. */
  readonly item: number;
  /** Item counts over the level's rows (read only: a dive copies them to go on from here). */
  readonly counts: Int32Array;
}

interface KeptLevel extends DiveLevel {
  rows: number[];
  /** Rows of `rows` removed since they were last read. */
  stale: number;
  /** Items held by at least minSupport rows: candidates[0..candidateCount) (counts only fall). */
  candidates: Int32Array;
  candidateCount: number;
}

export class DivePrefixes {
  private readonly levels: KeptLevel[] = [];
  /** depth[r]: how many levels hold row r (the levels are nested: the first `depth[r]`). */
  private readonly depth: Int32Array;
  private readonly removed: Uint8Array;

  constructor(
    private readonly dataset: Dataset,
    private readonly minSupport: number,
    /** Rows a level needs to be kept (tests keep every level). */
    private readonly minRows = MIN_ROWS,
  ) {
    this.depth = new Int32Array(dataset.n);
    this.removed = new Uint8Array(dataset.n);
  }

  /** Whether a level of `rows` rows is worth keeping. */
  keeps(rows: number): boolean {
    return rows >= this.minRows;
  }

  /** Level `step` when the dive took `item` there (the caller's earlier steps were the levels before). */
  level(step: number, item: number): DiveLevel | undefined {
    const level = this.levels[step];
    return level && level.item === item ? level : undefined;
  }

  /** A level's remaining rows, ascending (the array is the level's: do not change it). */
  rowsOf(level: DiveLevel): number[] {
    const kept = level as KeptLevel;
    if (kept.stale > 0) {
      kept.rows = kept.rows.filter((r) => this.removed[r] === 0);
      kept.stale = 0;
    }
    return kept.rows;
  }

  /** A level's items still held by minSupport rows (a view, valid until the next call). */
  candidatesOf(level: DiveLevel): Int32Array {
    const kept = level as KeptLevel;
    let count = 0;
    for (let i = 0; i < kept.candidateCount; i++)
      if (kept.counts[kept.candidates[i]] >= this.minSupport) kept.candidates[count++] = kept.candidates[i];
    kept.candidateCount = count;
    return kept.candidates.subarray(0, count);
  }

  /** Keeps level `step` (the levels before it are the dive's prefix), dropping any deeper ones. */
  store(step: number, item: number, rows: readonly number[], counts: Int32Array): void {
    if (step > this.levels.length) return; // a level is kept only below the kept ones
    this.truncate(step);
    for (const r of rows) this.depth[r] = step + 1;
    const candidates: number[] = [];
    for (let i = 0; i < counts.length; i++) if (counts[i] >= this.minSupport) candidates.push(i);
    this.levels.push({
      item,
      rows: [...rows],
      stale: 0,
      counts: counts.slice(),
      candidates: Int32Array.from(candidates),
      candidateCount: candidates.length,
    });
  }

  /** Takes removed rows out of every level that holds them. */
  remove(rows: readonly number[]): void {
    const { offsets, items } = this.dataset;
    for (const r of rows) {
      this.removed[r] = 1;
      for (let j = 0; j < this.depth[r]; j++) {
        const level = this.levels[j];
        level.stale++;
        for (let t = offsets[r]; t < offsets[r + 1]; t++) level.counts[items[t]]--;
      }
      this.depth[r] = 0;
    }
  }

  /** Drops the levels from `length` on (the dive left the kept prefix there). */
  truncate(length: number): void {
    if (this.levels.length <= length) return;
    for (let j = length; j < this.levels.length; j++)
      for (const r of this.levels[j].rows) this.depth[r] = Math.min(this.depth[r], length);
    this.levels.length = length;
  }
}
