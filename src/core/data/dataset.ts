/**
 * Dataset (DESIGN.md sec. 2): n transactions over d items in CSR form (`offsets` of length n+1,
 * `items` with each row sorted ascending and free of duplicates), plus the dense BitMatrix when it
 * fits the memory budget. Both live in shared memory where possible, so a `DatasetHandle` posted
 * to a worker shares them without copies.
 */
import { BitMatrix } from './bitMatrix.ts';
import { ItemDictionary } from './itemDictionary.ts';

/** Default budget for the dense BitMatrix: 256 MiB. */
export const DEFAULT_BITMATRIX_BUDGET = 256 * 1024 * 1024;

/** The formats read as text (core/data/parsers). */
export type TextFormat = 'fimi' | 'csv-basket' | 'csv-long' | 'relational' | 'arff';

/**
 * What a dataset was read as. Parquet and Arrow IPC files (core/data/columnar) are `parquet` and
 * `arrow` with a list column of items, `parquet-long` and `arrow-long` with (tid, item) rows.
 */
export type DatasetFormat = TextFormat | 'parquet' | 'parquet-long' | 'arrow' | 'arrow-long';

/** Plain data that re-creates a Dataset in another worker; buffers are shared, not copied. */
export interface DatasetHandle {
  name: string;
  format: DatasetFormat | 'synthetic';
  offsets: Uint32Array;
  items: Uint32Array;
  tokens: string[];
  bits: Uint32Array | null;
}

/** Rows in CSR form: row r holds items[offsets[r]..offsets[r+1]) (a Dataset, or its QID parts). */
export interface CsrRows {
  readonly offsets: Uint32Array;
  readonly items: Uint32Array;
}

export class Dataset {
  readonly dictionary: ItemDictionary;
  private matrix: BitMatrix | null | (() => BitMatrix | null);

  /**
   * `bits`: the BitMatrix, null, or how to build it: a parsed dataset builds it on first use
   * (`stats` and the methods that never ask save its time and memory; a handle carries it).
   */
  constructor(
    readonly name: string,
    readonly format: DatasetHandle['format'],
    readonly offsets: Uint32Array,
    readonly items: Uint32Array,
    dictionary: ItemDictionary,
    bits: BitMatrix | null | (() => BitMatrix | null),
  ) {
    this.dictionary = dictionary;
    this.matrix = bits;
  }

  /** The dense BitMatrix when it fits the budget it was built under, else null. */
  get bits(): BitMatrix | null {
    if (typeof this.matrix === 'function') this.matrix = this.matrix();
    return this.matrix;
  }

  /** Number of transactions n. */
  get n(): number {
    return this.offsets.length - 1;
  }

  /** Number of distinct items d. */
  get d(): number {
    return this.dictionary.size;
  }

  /** Item ids of transaction r, ascending (a view, no copy). */
  row(r: number): Uint32Array {
    return this.items.subarray(this.offsets[r], this.offsets[r + 1]);
  }

  rowLength(r: number): number {
    return this.offsets[r + 1] - this.offsets[r];
  }

  /** Tokens of transaction r, in item-id order. */
  rowTokens(r: number): string[] {
    return Array.from(this.row(r), (id) => this.dictionary.token(id));
  }

  toHandle(): DatasetHandle {
    return {
      name: this.name,
      format: this.format,
      offsets: this.offsets,
      items: this.items,
      tokens: this.dictionary.tokens,
      bits: this.bits ? this.bits.words : null,
    };
  }

  static fromHandle(handle: DatasetHandle): Dataset {
    const d = handle.tokens.length;
    const n = handle.offsets.length - 1;
    const bits = handle.bits ? new BitMatrix(n, d, handle.bits) : null;
    return new Dataset(
      handle.name,
      handle.format,
      handle.offsets,
      handle.items,
      new ItemDictionary(handle.tokens),
      bits,
    );
  }
}
