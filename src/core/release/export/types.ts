/**
 * Exported data (DESIGN.md sec. 4 "Exported data"): a release written as data in one of the input
 * formats, so that the analyst opens it where they opened the input. A release becomes one or more
 * files: the data itself (suffix '') and, where the kind needs one, a second table (the generalized
 * items' members, a `groups` release's sensitive counts).
 */
import type { DatasetFormat } from '../../data/dataset.ts';
import type { ByteSink } from './textWriter.ts';

/**
 * The formats a release can be written in (`relational` input is written as csv-long; Parquet and
 * Arrow input as Parquet: `parquet` with a list column of items, `parquet-long` as (tid, item) rows,
 * core/data/columnar/writeParquet.ts).
 */
export type ExportFormat = 'fimi' | 'csv-basket' | 'csv-long' | 'arff' | 'parquet' | 'parquet-long';

export const EXPORT_FORMATS: readonly ExportFormat[] = [
  'csv-basket',
  'csv-long',
  'fimi',
  'arff',
  'parquet',
  'parquet-long',
];

/** Whether files of `format` are Parquet (their tables too, not CSV). */
export function isParquetFormat(format: ExportFormat): boolean {
  return format === 'parquet' || format === 'parquet-long';
}

export interface ExportFile {
  /** '' for the data; '-generalized' or '-sensitive' for the second table. */
  suffix: string;
  /** File extension without the dot: `dat`, `csv`, `arff`. */
  extension: string;
  mime: string;
  /** What the file holds, in one line (the page's download label). */
  description: string;
  /**
   * Writes the file's content as UTF-8 into `sink`, chunk after chunk (a file in the CLI, Blob
   * parts in the page); may be called again for another copy.
   */
  write(sink: ByteSink): void;
}

/**
 * The suffix of the second table a release of `kind` is exported with (beside the data, always a
 * `.csv`), if it has one: known before the run, so that a front end can check where it will land.
 */
export function sideTableSuffix(kind: string): '-generalized' | '-sensitive' | undefined {
  return kind === 'generalized' ? '-generalized' : kind === 'groups' ? '-sensitive' : undefined;
}

/** The format a release of data read as `input` is written in when none is asked for. */
export function exportFormatFor(input: DatasetFormat | 'synthetic'): ExportFormat {
  switch (input) {
    case 'relational':
      return 'csv-long';
    case 'synthetic':
      return 'fimi';
    case 'arrow':
      return 'parquet';
    case 'arrow-long':
      return 'parquet-long';
    default:
      return input;
  }
}

export function isExportFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

export const EXTENSION: Readonly<Record<ExportFormat, string>> = {
  fimi: 'dat',
  'csv-basket': 'csv',
  'csv-long': 'csv',
  arff: 'arff',
  parquet: 'parquet',
  'parquet-long': 'parquet',
};

export const MIME: Readonly<Record<ExportFormat, string>> = {
  fimi: 'text/plain',
  'csv-basket': 'text/csv',
  'csv-long': 'text/csv',
  arff: 'text/plain',
  parquet: 'application/vnd.apache.parquet',
  'parquet-long': 'application/vnd.apache.parquet',
};
