/**
 * A `buckets` release read once for the estimators that walk it (estimators.ts, pairEstimates.ts):
 * each column's published cells as a Dataset over item ids (a cell a row, bucket after bucket) with
 * their tid-lists, the bucket of each cell, the range of cells of each bucket, and the column of
 * each item. Built once per release.
 */
import type { Dataset } from '../data/dataset.ts';
import { ItemRows } from '../data/itemRows.ts';
import { publishedDataset } from '../release/publishedRows.ts';
import type { BucketsRelease } from '../release/types.ts';
import { bucketCells, bucketCount } from '../release/tables.ts';
import { TokenRowsBuilder } from '../release/tokenRows.ts';

export interface BucketColumn {
  /** The column's cells, bucket after bucket; input items keep their input ids. */
  published: Dataset;
  rows: ItemRows;
  /** The bucket of each cell. */
  bucketOf: number[];
  /** Bucket b's cells are cells start[b] .. start[b+1]-1. */
  start: Uint32Array;
}

export interface BucketColumns {
  /** The column (0-based) of each item token the release places in a column. */
  columnOf: Map<string, number>;
  columns: BucketColumn[];
}

const built = new WeakMap<BucketsRelease, { input: Dataset; columns: BucketColumns }>();

export function bucketColumns(input: Dataset, release: BucketsRelease): BucketColumns {
  const cached = built.get(release);
  if (cached && cached.input === input) return cached.columns;
  const columnOf = new Map<string, number>();
  release.columns.forEach((tokens, c) => tokens.forEach((t) => columnOf.set(t, c)));
  const table = release.buckets;
  const columns = release.columns.map((_, c): BucketColumn => {
    const cells = new TokenRowsBuilder(table.cells.tokens);
    const bucketOf: number[] = [];
    const start = new Uint32Array(bucketCount(table) + 1);
    for (let b = 0; b < bucketCount(table); b++) {
      const range = bucketCells(table, b, c);
      if (range)
        for (let i = range.from; i < range.to; i++) {
          cells.addIds(table.cells.items, table.cells.offsets[i], table.cells.offsets[i + 1]);
          bucketOf.push(b);
        }
      start[b + 1] = cells.rowCount;
    }
    const published = publishedDataset(input, cells.build());
    return { published, rows: ItemRows.of(published), bucketOf, start };
  });
  const result = { columnOf, columns };
  built.set(release, { input, columns: result });
  return result;
}
