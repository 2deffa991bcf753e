/**
 * Record partition (anatomy paper Sec. IV.B, Fig. 2), read this way and written down:
 * - a row's value in column C is the itemset t ∩ C; the empty itemset is a value like any other
 *   (an attacker sees that a row has nothing in a column);
 * - rows stream in input order into the open bucket; after each row, when every column is
 *   l-diverse under the reading in force (Fig. 2 line 5; release/diversity.ts: by default every
 *   column's most frequent value v has c(v) <= |B| / l, Def. 5; `distinct`: at least l distinct
 *   values, Example 5), the open bucket closes and a new one opens;
 * - each row left in the open bucket at the end joins an existing bucket chosen at random among
 *   those that stay l-diverse with it (line 12); a row that fits no bucket is not published in a
 *   bucket that breaks Def. 5: the rows that fit nowhere are merged with buckets, in random order,
 *   until their union is l-diverse. A union of l-diverse buckets is l-diverse, and the whole data
 *   is (feasibility check below), so this ends.
 * Feasibility is checked before running (feasibility.ts).
 */
import type { Dataset } from '../../data/dataset.ts';
import type { Rng } from '../../base/rng.ts';
import { columnIsDiverse, type DiversityReading } from '../../release/diversity.ts';
import type { MultiAnatomyTeach } from './multiAnatomyTeach.ts';

/** columnOf[item]: the column of each item. Returns each row's value key per column. */
export function columnValues(dataset: Dataset, columnOf: Int32Array, columns: number): string[][] {
  const keys: string[][] = [];
  for (let r = 0; r < dataset.n; r++) {
    const parts: number[][] = Array.from({ length: columns }, () => []);
    for (const item of dataset.row(r)) parts[columnOf[item]].push(item);
    keys.push(parts.map((p) => p.join(',')));
  }
  return keys;
}

/** Per-column value counts of a bucket under construction. */
class BucketCounter {
  readonly rows: number[] = [];
  private readonly counts: Map<string, number>[];
  private readonly maxCount: number[];

  constructor(
    private readonly values: string[][],
    columns: number,
  ) {
    this.counts = Array.from({ length: columns }, () => new Map());
    this.maxCount = new Array(columns).fill(0);
  }

  add(row: number): void {
    this.rows.push(row);
    this.values[row].forEach((value, c) => {
      const count = (this.counts[c].get(value) ?? 0) + 1;
      this.counts[c].set(value, count);
      if (count > this.maxCount[c]) this.maxCount[c] = count;
    });
  }

  /** Every column l-diverse under `reading` (Def. 5: c(v) * l <= |B|; distinct: >= l values). */
  isDiverse(l: number, reading: DiversityReading): boolean {
    return reading === 'distinct'
      ? this.counts.every((counts) => columnIsDiverse(counts.values(), this.rows.length, l, reading))
      : this.maxCount.every((c) => c * l <= this.rows.length);
  }

  /** Whether the bucket stays l-diverse with `row` added (a row adds no value to lose: distinct). */
  acceptsRow(row: number, l: number, reading: DiversityReading): boolean {
    if (reading === 'distinct') return this.isDiverse(l, reading);
    const size = this.rows.length + 1;
    return this.values[row].every(
      (value, c) => Math.max(this.maxCount[c], (this.counts[c].get(value) ?? 0) + 1) * l <= size,
    );
  }
}

/** Fig. 2: the buckets (input rows, in input order within each bucket). */
export function partitionRecords(
  values: string[][],
  columns: number,
  l: number,
  rng: Rng,
  reading: DiversityReading = 'frequency',
  /** A recorded run's steps (its `records` set up). */
  teach?: MultiAnatomyTeach,
): number[][] {
  const buckets: BucketCounter[] = [];
  let open = new BucketCounter(values, columns);
  const rowsOf = () => buckets.map((b) => [...b.rows]);
  for (let r = 0; r < values.length; r++) {
    open.add(r);
    if (open.isDiverse(l, reading)) {
      buckets.push(open);
      teach?.closed(rowsOf());
      open = new BucketCounter(values, columns);
    }
  }
  const homeless: number[] = [];
  open.rows.forEach((row, i) => {
    const fits = buckets.filter((b) => b.acceptsRow(row, l, reading));
    if (fits.length > 0) {
      const chosen = fits[rng.int(fits.length)];
      chosen.add(row);
      teach?.placed(
        row,
        fits.map((b) => buckets.indexOf(b)),
        buckets.indexOf(chosen),
        rowsOf(),
        open.rows.slice(i + 1),
      );
    } else homeless.push(row);
  });
  if (homeless.length > 0) {
    const merged = new BucketCounter(values, columns);
    for (const row of homeless) merged.add(row);
    const order = rng.shuffle(buckets.map((_, i) => i));
    const absorbed = new Set<number>();
    for (const index of order) {
      if (merged.isDiverse(l, reading)) break;
      for (const row of buckets[index].rows) merged.add(row);
      absorbed.add(index);
    }
    const kept = buckets.filter((_, i) => !absorbed.has(i));
    kept.push(merged);
    teach?.merged(
      homeless,
      kept.map((b) => [...b.rows]),
    );
    return kept.map((b) => [...b.rows].sort((a, b2) => a - b2));
  }
  return buckets.map((b) => b.rows);
}
