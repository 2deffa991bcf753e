/**
 * Parquet output (issue 34), through hyparquet-writer, snappy-compressed (its own compressor: no
 * wasm, no native code; every Parquet reader reads snappy). Two shapes of transactions, the ones
 * the reader takes back (columnLayout.ts):
 * - `list`: one row per transaction, column `items` a LIST of strings, or of integers when every
 *   item is a plain decimal integer (a FIMI dataset stays integers: INT32, or INT64 past 2^31-1);
 * - `long`: one row per (transaction, item), columns `tid` (INT32, the row's number from 1) and
 *   `item`; a transaction without items is one row with a null item.
 * And `parquetTable`, a plain table of string and integer columns (an export's other tables).
 * Values are written as they are: spaces, commas, quotes and any Unicode stay what they were.
 */
import { ByteWriter, parquetWrite } from 'hyparquet-writer';
import type { SchemaElement } from 'hyparquet';

export type TransactionLayout = 'list' | 'long';

export interface ParquetWriteOptions {
  /** Rows per row group (default 100,000: a reader streams one group at a time). */
  rowGroupSize?: number;
  /** Key-value metadata written into the footer (`txanon.kind` and the like). */
  metadata?: Record<string, string>;
}

/**
 * Transactions to write: rows of item tokens, or rows in CSR form whose `items` are ids into
 * `tokens` (a release's TokenRows, a Dataset's rows with its dictionary's tokens).
 */
export type TransactionRows =
  | readonly (readonly string[])[]
  | { readonly offsets: Uint32Array; readonly items: Uint32Array; readonly tokens: readonly string[] };

/** A column of a plain table: strings (null for none), integers or doubles. */
export type TableColumn =
  | { name: string; type: 'string'; values: readonly (string | null)[] }
  | { name: string; type: 'integer'; values: readonly number[] }
  | { name: string; type: 'double'; values: readonly number[] };

const ROW_GROUP = 100_000;
const INT32_MAX = 2 ** 31 - 1;
/** Tokens that read back as the same integer (FIMI's decimal items, at most 15 digits). */
const PLAIN_INTEGER = /^(0|[1-9]\d{0,14})$/;

/**
 * Transactions (rows of item tokens, or CSR rows of token ids) as the bytes of a Parquet file, in
 * `layout` (see the top). The function issue 35's partitions are written with.
 */
export function transactionsParquet(
  transactions: TransactionRows,
  layout: TransactionLayout = 'list',
  options: ParquetWriteOptions = {},
): Uint8Array<ArrayBuffer> {
  const { type: itemType, rows } = valueRows(transactions);
  if (layout === 'list') {
    return write(
      [
        { name: 'root', num_children: 1 },
        {
          name: 'items',
          repetition_type: 'REQUIRED',
          num_children: 1,
          converted_type: 'LIST',
          logical_type: { type: 'LIST' },
        },
        { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
        { ...leaf('element', itemType), repetition_type: 'REQUIRED' },
      ],
      [{ name: 'items', data: rows }],
      options,
    );
  }
  const tids: number[] = [];
  const items: (string | number | bigint | null)[] = [];
  rows.forEach((row, r) => {
    if (row.length === 0) {
      tids.push(r + 1);
      items.push(null);
    }
    for (const value of row) {
      tids.push(r + 1);
      items.push(value);
    }
  });
  return write(
    [
      { name: 'root', num_children: 2 },
      { ...leaf('tid', 'INT32'), repetition_type: 'REQUIRED' },
      { ...leaf('item', itemType), repetition_type: 'OPTIONAL' },
    ],
    [
      { name: 'tid', data: tids },
      { name: 'item', data: items },
    ],
    options,
  );
}

/** A plain table as the bytes of a Parquet file (string columns nullable, integers INT64 when large). */
export function parquetTable(
  columns: readonly TableColumn[],
  options: ParquetWriteOptions = {},
): Uint8Array<ArrayBuffer> {
  const schema: SchemaElement[] = [{ name: 'root', num_children: columns.length }];
  const data = columns.map((column) => {
    if (column.type === 'string') {
      schema.push({ ...leaf(column.name, 'string'), repetition_type: 'OPTIONAL' });
      return { name: column.name, data: [...column.values] };
    }
    if (column.type === 'double') {
      schema.push({ name: column.name, type: 'DOUBLE', repetition_type: 'REQUIRED' });
      return { name: column.name, data: [...column.values] };
    }
    const wide = column.values.some((v) => v > INT32_MAX || v < -INT32_MAX - 1);
    schema.push({ ...leaf(column.name, wide ? 'INT64' : 'INT32'), repetition_type: 'REQUIRED' });
    return { name: column.name, data: wide ? column.values.map(BigInt) : [...column.values] };
  });
  return write(schema, data, options);
}

type LeafType = 'string' | 'INT32' | 'INT64';

type ItemValue = string | number | bigint;

/**
 * Each row's items as the values the writer takes (strings, or numbers / bigints when every item
 * is a plain integer: `integerTypeOf`), and that type. CSR rows are turned into values straight
 * from their ids, each distinct token tested and converted once (the driver of `distribute` writes
 * its partitions this way: no row of token strings is built, and no occurrence is tested twice).
 */
function valueRows(transactions: TransactionRows): { type: LeafType; rows: ItemValue[][] } {
  if (!('offsets' in transactions)) {
    const type = integerTypeOf(transactions);
    const toValue = valueOf(type);
    return { type, rows: transactions.map((row) => row.map((t) => toValue(t))) };
  }
  const { offsets, items, tokens } = transactions;
  // The ids the rows use (a Map: a partition of a few rows over a large dictionary costs its rows).
  const values = new Map<number, ItemValue>();
  for (let k = offsets[0] ?? 0; k < (offsets.at(-1) ?? 0); k++) values.set(items[k], '');
  const type = integerTypeOf([[...values.keys()].map((id) => tokens[id])]);
  const toValue = valueOf(type);
  for (const id of values.keys()) values.set(id, toValue(tokens[id]));
  const rows: ItemValue[][] = new Array<ItemValue[]>(offsets.length - 1);
  for (let r = 0; r + 1 < offsets.length; r++) {
    const row = new Array<ItemValue>(offsets[r + 1] - offsets[r]);
    for (let k = offsets[r]; k < offsets[r + 1]; k++) row[k - offsets[r]] = values.get(items[k])!;
    rows[r] = row;
  }
  return { type, rows };
}

/** A token as the value of a leaf of `type`. */
function valueOf(type: LeafType): (token: string) => ItemValue {
  return type === 'string' ? (t) => t : type === 'INT32' ? (t) => Number(t) : (t) => BigInt(t);
}

function leaf(name: string, type: LeafType): SchemaElement {
  return type === 'string'
    ? { name, type: 'BYTE_ARRAY', converted_type: 'UTF8', logical_type: { type: 'STRING' } }
    : { name, type };
}

/** INT32 or INT64 when every token is a plain integer (INT32 when all fit), else string. */
function integerTypeOf(rows: readonly (readonly string[])[]): LeafType {
  let wide = false;
  let any = false;
  for (const row of rows)
    for (const token of row) {
      if (!PLAIN_INTEGER.test(token)) return 'string';
      any = true;
      if (token.length >= 10 && Number(token) > INT32_MAX) wide = true;
    }
  return !any ? 'string' : wide ? 'INT64' : 'INT32';
}

function write(
  schema: SchemaElement[],
  columnData: { name: string; data: unknown[] }[],
  options: ParquetWriteOptions,
): Uint8Array<ArrayBuffer> {
  const writer = new ByteWriter();
  parquetWrite({
    writer,
    schema,
    columnData: columnData as Parameters<typeof parquetWrite>[0]['columnData'],
    codec: 'SNAPPY',
    rowGroupSize: options.rowGroupSize ?? ROW_GROUP,
    kvMetadata: Object.entries(options.metadata ?? {}).map(([key, value]) => ({ key, value })),
    createdBy: 'txanon-workbench (hyparquet-writer)',
  });
  return new Uint8Array(writer.getBuffer());
}
