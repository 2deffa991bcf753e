/**
 * The rows a longest-closed-pattern mining searches, with what the miner would otherwise recompute
 * from them at every call (PatternKa Alg. 1 mines the remaining rows up to 25 times on BMS1 at
 * k = 5): the item counts over the rows, a flag per input row, the rows ordered longest first (the
 * length pruning of Sec. 3.3 reads only the rows long enough to matter, a prefix of that order),
 * and the dataset's tid-lists. `RemainingRows` keeps all of it up to date as PatternKa removes
 * groups, at the cost of the removed rows' items.
 */
import type { Dataset } from '../../data/dataset.ts';
import { ItemRows } from '../../data/itemRows.ts';
import { DivePrefixes } from './divePrefixes.ts';

export interface SearchedRows {
  /** The searched rows, longest first, equal lengths in ascending row order. */
  readonly byLength: readonly number[];
  /** isSearched[r] === 1 for the searched rows, 0 for every other input row. */
  readonly isSearched: Uint8Array;
  /** Item counts over the searched rows, by item id. */
  readonly itemCounts: Int32Array;
  /** The tid-lists of the whole dataset. */
  readonly itemRows: ItemRows;
  /** The greedy dive's first steps kept from earlier minings of these rows (Alg. 1's run only). */
  readonly dives?: DivePrefixes;
}

/** `rows` of `dataset` ready to be searched (built from scratch). */
export function searchedRows(dataset: Dataset, rows: readonly number[]): SearchedRows {
  const remaining = new RemainingRows(dataset, rows);
  return remaining.current();
}

/** The rows not removed yet; starts from `rows` (default: every input row). */
export class RemainingRows {
  private readonly byLength: number[];
  private readonly isSearched: Uint8Array;
  private readonly itemCounts: Int32Array;
  private readonly itemRows: ItemRows;
  private readonly dives: DivePrefixes;
  private removedSinceCompaction = 0;
  count: number;

  constructor(
    private readonly dataset: Dataset,
    rows: readonly number[] = Array.from({ length: dataset.n }, (_, r) => r),
    /** The support a pattern needs (the dive's kept levels list the items held by that many rows). */
    minSupport = 1,
  ) {
    this.byLength = longestFirst(dataset, rows);
    this.isSearched = new Uint8Array(dataset.n);
    this.itemCounts = new Int32Array(dataset.d);
    const { offsets, items } = dataset;
    for (const r of rows) {
      this.isSearched[r] = 1;
      const end = offsets[r + 1];
      for (let t = offsets[r]; t < end; t++) this.itemCounts[items[t]]++;
    }
    this.itemRows = ItemRows.of(dataset);
    this.dives = new DivePrefixes(dataset, minSupport);
    this.count = rows.length;
  }

  isRemaining(r: number): boolean {
    return this.isSearched[r] === 1;
  }

  /** Takes rows out (each must be remaining). */
  remove(rows: readonly number[]): void {
    const { offsets, items } = this.dataset;
    for (const r of rows) {
      this.isSearched[r] = 0;
      const end = offsets[r + 1];
      for (let t = offsets[r]; t < end; t++) this.itemCounts[items[t]]--;
    }
    this.dives.remove(rows);
    this.count -= rows.length;
    this.removedSinceCompaction += rows.length;
  }

  /** The remaining rows as a miner reads them (valid until the next `remove`). */
  current(): SearchedRows {
    if (this.removedSinceCompaction > 0) {
      let kept = 0; // compacted in place: a miner keeps no reference to the list
      for (const r of this.byLength) if (this.isSearched[r] === 1) this.byLength[kept++] = r;
      this.byLength.length = kept;
      this.removedSinceCompaction = 0;
    }
    return {
      byLength: this.byLength,
      isSearched: this.isSearched,
      itemCounts: this.itemCounts,
      itemRows: this.itemRows,
      dives: this.dives,
    };
  }

  /** The remaining rows, ascending. */
  ascending(): number[] {
    const rows: number[] = [];
    for (let r = 0; r < this.dataset.n; r++) if (this.isSearched[r] === 1) rows.push(r);
    return rows;
  }
}

/** `rows` by decreasing length, equal lengths in ascending order (a counting sort by length). */
function longestFirst(dataset: Dataset, rows: readonly number[]): number[] {
  const length = (r: number) => dataset.offsets[r + 1] - dataset.offsets[r];
  let longest = 0;
  for (const r of rows) longest = Math.max(longest, length(r));
  const start = new Int32Array(longest + 2); // slots of length L begin at start[longest - L]
  for (const r of rows) start[longest - length(r) + 1]++;
  for (let i = 1; i < start.length; i++) start[i] += start[i - 1];
  const sorted = new Array<number>(rows.length).fill(0); // packed, not holey: faster to walk
  const isAscending = rows.every((r, i) => i === 0 || rows[i - 1] < r);
  const ascending = isAscending ? rows : [...rows].sort((a, b) => a - b);
  for (const r of ascending) sorted[start[longest - length(r)]++] = r;
  return sorted;
}
