/**
 * Transactions read from a columnar file (Parquet, Arrow IPC), row by row, into a Dataset: the
 * rows of a list column one transaction each, or (tid, item) pairs gathered by tid, transactions in
 * order of their tid's first row (as csv-long does, DESIGN.md sec. 2). Items are numbered by first
 * appearance; an item is its string, or an integer's decimal digits (`7`, as FIMI reads `007`), so
 * a Parquet file and its FIMI or CSV twin make the same dataset, ids and all.
 * Nothing is dropped unsaid: a null list is an empty transaction, a null or empty item in a list is
 * left out, a repeated item is kept once, each with a warning naming the row; a null tid is an error.
 */
import { DatasetBuilder } from '../datasetBuilder.ts';
import { noTransactionError, WarningLog } from '../parsers/parseError.ts';
import type { ParseResult } from '../parsers/types.ts';
import type { DatasetFormat } from '../dataset.ts';
import { ColumnarError, type ColumnarPlace } from './columnarError.ts';

/** Integer items below this map to ids through a flat table (as the FIMI parser's), larger ones by token. */
const DENSE_LIMIT = 1 << 22;

export class TransactionSink {
  private readonly builder: DatasetBuilder;
  private readonly warnings = new WarningLog();
  private idOfInt = new Int32Array(1024).fill(-1);
  private ids = new Uint32Array(256);
  /** (tid, item) rows: each tid's item ids, in the order tids first came. */
  private readonly byTid = new Map<string, number[]>();

  constructor(
    private readonly file: string,
    expectedItems = 8192,
  ) {
    this.builder = new DatasetBuilder(undefined, expectedItems);
  }

  /** One transaction: the list in row `row` (from 1), `place` for errors. */
  addList(values: ArrayLike<unknown> | null | undefined, row: number, place: ColumnarPlace): void {
    if (values === null || values === undefined) {
      this.warnings.add(0, `row ${row}: the list is null, read as an empty transaction`);
      this.builder.addRow(this.ids, 0);
      return;
    }
    this.addValues(values, 0, values.length, row, place, 0);
  }

  /** One transaction: `values[from..to)`, and `nullElements` null items its list held (left out). */
  addValues(
    values: ArrayLike<unknown>,
    from: number,
    to: number,
    row: number,
    place: ColumnarPlace,
    nullElements: number,
  ): void {
    if (to - from > this.ids.length) this.ids = new Uint32Array((to - from) * 2);
    if (nullElements > 0) this.warnings.add(0, `row ${row}: ${nullElements} null item(s) left out`);
    let length = 0;
    for (let i = from; i < to; i++) {
      const id = this.itemId(values[i], row, place);
      if (id < 0)
        this.warnings.add(0, `row ${row}: a ${values[i] === null ? 'null' : 'empty'} item left out`);
      else this.ids[length++] = id;
    }
    const repeats = this.builder.addRow(this.ids, length);
    if (repeats > 0) this.warnings.add(0, `row ${row}: ${repeats} repeated item(s) kept once`);
  }

  /**
   * One transaction of item ids (listChunk.ts): `ids[0..length)` (sorted here, in place), with
   * `nullElements` null elements and the `leftOut` values its list held, warned as addValues does.
   */
  addIds(
    ids: Uint32Array,
    length: number,
    row: number,
    nullElements: number,
    leftOut: readonly ('null' | 'empty')[],
  ): void {
    if (nullElements > 0) this.warnings.add(0, `row ${row}: ${nullElements} null item(s) left out`);
    for (const kind of leftOut) this.warnings.add(0, `row ${row}: a ${kind} item left out`);
    const repeats = this.builder.addRow(ids, length);
    if (repeats > 0) this.warnings.add(0, `row ${row}: ${repeats} repeated item(s) kept once`);
  }

  /** One (tid, item) row; an empty or null item adds the tid with no item. */
  addPair(tid: unknown, item: unknown, row: number, place: ColumnarPlace): void {
    if (tid === null || tid === undefined)
      throw new ColumnarError(this.file, { ...place, row }, 'the tid is null; every row needs one');
    const key = typeof tid === 'string' ? tid : String(tid);
    let items = this.byTid.get(key);
    if (!items) this.byTid.set(key, (items = []));
    const id = this.itemId(item, row, place);
    if (id >= 0) items.push(id);
  }

  /** The dataset (`bitBudget`: the dense BitMatrix's, as the text parsers take it). */
  finish(format: DatasetFormat, bitBudget?: number): ParseResult {
    for (const [tid, ids] of this.byTid) {
      const repeats = this.builder.addIds(ids);
      if (repeats > 0) this.warnings.add(0, `transaction ${tid}: ${repeats} repeated item(s) kept once`);
    }
    const dataset = this.builder.build(this.file, format, bitBudget);
    if (dataset.d === 0)
      throw noTransactionError(
        this.file,
        dataset.n === 0 ? 'the file holds no row' : `its ${dataset.n} transaction(s) hold no item`,
        0,
      );
    return { dataset, format, warnings: this.warnings.summary() };
  }

  /** The id of an item value, -1 for a null or empty one; an error for a value that is no item. */
  itemId(value: unknown, row: number, place: ColumnarPlace): number {
    if (typeof value === 'string') return value === '' ? -1 : this.builder.dictionary.idOf(value);
    if (typeof value === 'number') {
      if (!Number.isInteger(value))
        throw new ColumnarError(this.file, { ...place, row }, `the item ${value} is not an integer`);
      if (value < 0 || value >= DENSE_LIMIT) return this.builder.dictionary.idOf(String(value));
      if (value >= this.idOfInt.length) {
        const grown = new Int32Array(
          Math.min(DENSE_LIMIT, Math.max(value + 1, this.idOfInt.length * 2)),
        ).fill(-1);
        grown.set(this.idOfInt);
        this.idOfInt = grown;
      }
      let id = this.idOfInt[value];
      if (id < 0) id = this.idOfInt[value] = this.builder.dictionary.idOf(String(value));
      return id;
    }
    if (typeof value === 'bigint') return this.builder.dictionary.idOf(value.toString());
    if (value === null || value === undefined) return -1;
    throw new ColumnarError(
      this.file,
      { ...place, row },
      `the item ${String(value).slice(0, 40)} is a ${typeof value}; items are strings or integers`,
    );
  }
}
