/**
 * How a partition is written for its task and how the task reads it back (issue 35): a Parquet
 * file (issue 34's writer, core/data/columnar/writeParquet.ts `transactionsParquet`: a list column
 * `items`, integers when every item is a plain decimal integer, strings otherwise, snappy), read
 * back with `--format parquet`, the layout found from its one column. Items with spaces, commas,
 * quotes or any Unicode come back as they were; an empty row is an empty list. The one place that
 * knows the partitions' format.
 */
import type { Dataset } from '../../core/data/dataset.ts';
import { rowSubset } from '../../core/data/rowSubset.ts';
import { transactionsParquet } from '../../core/data/columnar/writeParquet.ts';
import { writeFile } from '../writePieces.ts';

export interface PartitionFormat {
  /** The file name's extension. */
  readonly extension: string;
  /** The flags that make `anonymize` read the file as written. */
  readonly readFlags: readonly string[];
}

const PARQUET: PartitionFormat = { extension: 'parquet', readFlags: ['--format', 'parquet'] };

/** The partitions' format (one for every input). */
export function partitionFormat(_dataset: Dataset): PartitionFormat {
  return PARQUET;
}

/** Writes input rows `rows` of `dataset`, in that order, as one partition file. */
export function writePartition(
  path: string,
  dataset: Dataset,
  rows: readonly number[],
  _format: PartitionFormat,
): void {
  // The partition's rows as CSR rows of ids into the input's own token table (no token copied).
  const { offsets, items } = rowSubset(dataset, rows);
  const bytes = transactionsParquet({ offsets, items, tokens: dataset.dictionary.tokens }, 'list');
  writeFile(path, (sink) => sink.write(bytes));
}
