/** What every parser takes and gives back. */
import type { Dataset, DatasetFormat } from '../dataset.ts';
import type { ParseWarning } from './parseError.ts';

export interface ParseOptions {
  /** File name, used in error messages and as the dataset's name. */
  fileName: string;
  /** Force a format instead of detecting it. */
  format?: DatasetFormat;
  /** csv-basket: field delimiter (default ','). */
  delimiter?: string;
  /** csv-basket: the first row is a header, not a transaction (default false). */
  header?: boolean;
  /** csv-long: name of the transaction-id column (default 'tid'). */
  tidColumn?: string;
  /** csv-long: give back each transaction's tid (`rowNames`; the teaching stepper asks). */
  keepRowNames?: boolean;
  /** csv-long: name of the item column (default 'item'). */
  itemColumn?: string;
  /** relational: equal-width buckets per numeric column (default 20, as PatternKa Sec. 5 on Adult). */
  buckets?: number;
  /** Total size of the input in bytes, when known: lets the parser presize its arrays. */
  sizeHint?: number;
  /** Byte budget for the dense BitMatrix (default 256 MiB). */
  bitBudget?: number;
  /**
   * The memory budget in bytes (`--memory-mb`): what a length or size read from a columnar file's
   * headers may claim before anything is allocated (default DEFAULT_MEMORY_BUDGET).
   */
  memoryBudget?: number;
}

export interface ParseResult {
  dataset: Dataset;
  format: DatasetFormat;
  /** An exported groups or buckets table read as its rows (exportLayout.ts); absent for data. */
  layout?: 'groups' | 'buckets';
  warnings: { total: number; first: ParseWarning[] };
  /** csv-long: each transaction's tid as the file writes it (the teaching stepper's row names). */
  rowNames?: string[];
}

/** Progress of a parse: bytes consumed out of the total. */
export type ParseProgress = (bytesDone: number, bytesTotal: number) => void;
