/**
 * Parquet input (DESIGN.md sec. 2, read for tables; issue 34), through hyparquet with
 * hyparquet-compressors (snappy, zstd, gzip, brotli, lz4): the footer first, then one row group at
 * a time, reading only the columns the layout needs (columnLayout.ts: a list column of items, or
 * (tid, item) rows), with progress after each row group and a chance to cancel between them (the
 * page's worker is stopped there, as for the text formats). The file is any random-access source
 * (`AsyncBuffer`: a Blob in the page, a file descriptor in the CLI), so the whole file is never held
 * at once. Errors name the file, the row group and the column (columnarError.ts).
 */
import { parquetRead, parquetSchema } from 'hyparquet';
import type { AsyncBuffer, ColumnChunk, FileMetaData, SchemaElement, SchemaTree } from 'hyparquet';
import { DEFAULT_MEMORY_BUDGET } from '../../base/memoryBudget.ts';
import { boundedCompressors as compressors } from './codecClaims.ts';
import { readCheckedFooter } from './footerCheck.ts';
import { zstdReady } from './zstdPages.ts';
import type { ParseOptions, ParseProgress, ParseResult } from '../parsers/types.ts';
import { ColumnarError, type ColumnarPlace } from './columnarError.ts';
import { checkPageHeaders } from './pageGuard.ts';
import { readListChunk } from './listChunk.ts';
import { chooseLayout, type ColumnInfo, type ColumnLayout } from './columnLayout.ts';
import { TransactionSink } from './transactionSink.ts';

export type { AsyncBuffer } from 'hyparquet';

/** Reads the transactions of the Parquet `file` (see the top). */
export async function readParquet(
  file: AsyncBuffer,
  options: ParseOptions,
  onProgress: ParseProgress = () => {},
): Promise<ParseResult> {
  const name = options.fileName;
  const source: Source = { name, budget: options.memoryBudget ?? DEFAULT_MEMORY_BUDGET };
  const metadata = await readFooter(file, name);
  await zstdReady();
  const columns = columnsOf(parquetSchema(metadata));
  const layout = chooseLayout(name, columns, {
    itemColumn: options.itemColumn,
    tidColumn: options.tidColumn,
  });
  const read = layout.kind === 'list' ? [layout.items] : [layout.tid, layout.item];
  const sink = new TransactionSink(name, Math.min(Number(metadata.num_rows) * 4, 1 << 26));
  const groups = metadata.row_groups;
  let rowStart = 0;
  let bytesDone = 0;
  for (let g = 0; g < groups.length; g++) {
    const rows = Number(groups[g].num_rows);
    const part = `row group ${g + 1} of ${groups.length}`;
    if (layout.kind === 'list')
      await readListGroup(file, metadata, g, layout.items, sink, rowStart, source, part);
    else
      addRows(
        sink,
        layout,
        await readGroup(file, metadata, read, rowStart, rows, source, part),
        rowStart,
        part,
      );
    rowStart += rows;
    bytesDone += groups[g].columns.reduce(
      (sum, c) => sum + Number(c.meta_data?.total_compressed_size ?? 0),
      0,
    );
    onProgress(Math.min(bytesDone, file.byteLength), file.byteLength);
  }
  const result = sink.finish(layout.kind === 'list' ? 'parquet' : 'parquet-long', options.bitBudget);
  return layout.kind === 'long' && layout.exported ? { ...result, layout: layout.exported } : result;
}

/** The footer, checked (footerCheck.ts) and decoded. */
const readFooter = readCheckedFooter;

/**
 * One row group of a list column, its rows straight into the sink (listChunk.ts); an error names
 * the group and the column, and a chunk that holds another number of rows than the footer says is
 * one.
 */
async function readListGroup(
  file: AsyncBuffer,
  metadata: FileMetaData,
  g: number,
  column: ColumnInfo,
  sink: TransactionSink,
  rowStart: number,
  source: Source,
  part: string,
): Promise<void> {
  const { name } = source;
  const place = { part, column };
  const rows = Number(metadata.row_groups[g].num_rows);
  const chunk = metadata.row_groups[g].columns.find((c) => c.meta_data?.path_in_schema[0] === column.name);
  if (!chunk) throw new ColumnarError(name, place, 'has no column chunk in this row group');
  const bytes = await chunkBytes(file, chunk, source, place);
  let row = rowStart;
  try {
    readListChunk(bytes, chunk, metadata.schema, compressors, {
      itemId: (value, r) => sink.itemId(value, rowStart + r, place),
      row: (ids, length, r, nulls, leftOut) => sink.addIds(ids, length, (row = rowStart + r), nulls, leftOut),
      nullRow: (r) => sink.addList(null, (row = rowStart + r), place),
    });
  } catch (error) {
    if (error instanceof ColumnarError) throw error;
    const { start, end } = chunkRange(chunk);
    throw new ColumnarError(name, place, damagedPages(start, end, error));
  }
  if (row - rowStart !== rows)
    throw new ColumnarError(
      name,
      place,
      `holds ${row - rowStart} rows where the footer gives the row group ${rows}`,
    );
}

/** One row group's values, column by column (`rows` each); an error names the group and column. */
async function readGroup(
  file: AsyncBuffer,
  metadata: FileMetaData,
  columns: readonly ColumnInfo[],
  rowStart: number,
  rows: number,
  source: Source,
  part: string,
): Promise<unknown[][]> {
  const { name } = source;
  const out: unknown[][] = [];
  const group = metadata.row_groups.find((_, g) => part.startsWith(`row group ${g + 1} `))!;
  for (const column of columns) {
    const values: unknown[] = new Array(rows).fill(null);
    const chunk = group.columns.find((c) => c.meta_data?.path_in_schema[0] === column.name);
    // The chunk's bytes are read once: checked here (pageGuard.ts), then decoded from the same copy.
    const checked = chunk ? await checkedChunk(file, chunk, source, { part, column }) : file;
    try {
      await parquetRead({
        file: checked,
        metadata,
        columns: [column.name],
        rowStart,
        rowEnd: rowStart + rows,
        compressors,
        onChunk: ({ columnData, rowStart: start }) => {
          // A chunk may reach outside the rows asked for; each value goes by its row.
          const from = Math.max(0, rowStart - start);
          const to = Math.min(columnData.length, rowStart + rows - start);
          for (let i = from; i < to; i++) values[start - rowStart + i] = columnData[i];
        },
      });
    } catch (error) {
      const range = chunk ? chunkRange(chunk) : { start: 0, end: 0 };
      throw new ColumnarError(name, { part, column }, damagedPages(range.start, range.end, error));
    }
    out.push(values);
  }
  return out;
}

/** The file with `chunk`'s bytes read, their page headers checked, and kept for the decoder. */
async function checkedChunk(
  file: AsyncBuffer,
  chunk: ColumnChunk,
  source: Source,
  place: ColumnarPlace,
): Promise<AsyncBuffer> {
  const { start, end } = chunkRange(chunk);
  const bytes = await chunkBytes(file, chunk, source, place);
  return {
    byteLength: file.byteLength,
    slice: (from, to) =>
      from >= start && to !== undefined && to <= end
        ? bytes.slice(from - start, to - start)
        : file.slice(from, to),
  };
}

/** A column chunk's bytes, its page headers checked (pageGuard.ts). */
async function chunkBytes(
  file: AsyncBuffer,
  chunk: ColumnChunk,
  source: Source,
  place: ColumnarPlace,
): Promise<ArrayBuffer> {
  // footerCheck.ts placed every chunk inside the file.
  const { start, end } = chunkRange(chunk);
  const bytes = await file.slice(start, end);
  checkPageHeaders(bytes, chunk, { file: source.name, place, start, budget: source.budget });
  return bytes;
}

/** A chunk's bytes in the file (a dictionary offset of 0 is none, as hyparquet reads it). */
function chunkRange(chunk: ColumnChunk): { start: number; end: number } {
  const meta = chunk.meta_data!;
  const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
  return { start, end: start + Number(meta.total_compressed_size) };
}

/** The file's name and the memory budget (bytes) its pages are held to. */
interface Source {
  name: string;
  budget: number;
}

function addRows(
  sink: TransactionSink,
  layout: ColumnLayout,
  columns: readonly unknown[][],
  rowStart: number,
  part: string,
): void {
  if (layout.kind === 'list') {
    const place = { part, column: layout.items };
    const [lists] = columns;
    for (let r = 0; r < lists.length; r++)
      sink.addList(lists[r] as ArrayLike<unknown> | null, rowStart + r + 1, place);
    return;
  }
  const place = { part, column: layout.item };
  const [tids, items] = columns;
  for (let r = 0; r < tids.length; r++) sink.addPair(tids[r], items[r], rowStart + r + 1, place);
}

/** The top-level columns of a Parquet schema, as the layout sees them. */
export function columnsOf(schema: SchemaTree): ColumnInfo[] {
  return schema.children.map((node, i) => {
    const { shape, leaf } = shapeOf(node);
    const values = leaf ? valuesOf(leaf) : { values: 'other' as const, type: 'group' };
    return {
      name: node.element.name,
      index: i + 1,
      shape,
      values: values.values,
      type: shape === 'list' ? `list<${values.type}>` : shape === 'value' ? values.type : 'struct or map',
    };
  });
}

/** A list (3-level LIST, or a repeated primitive), a plain value, or something else. */
function shapeOf(node: SchemaTree): { shape: ColumnInfo['shape']; leaf?: SchemaElement } {
  const element = node.element;
  if (node.children.length === 0)
    return { shape: element.repetition_type === 'REPEATED' ? 'list' : 'value', leaf: element };
  const isList = element.converted_type === 'LIST' || element.logical_type?.type === 'LIST';
  if (!isList || node.children.length !== 1) return { shape: 'other' };
  const repeated = node.children[0];
  if (repeated.children.length === 0) return { shape: 'list', leaf: repeated.element };
  if (repeated.children.length === 1 && repeated.children[0].children.length === 0)
    return { shape: 'list', leaf: repeated.children[0].element };
  return { shape: 'other' };
}

const INTEGER_CONVERTED = new Set([
  'INT_8',
  'INT_16',
  'INT_32',
  'INT_64',
  'UINT_8',
  'UINT_16',
  'UINT_32',
  'UINT_64',
]);

function valuesOf(leaf: SchemaElement): { values: ColumnInfo['values']; type: string } {
  const logical = leaf.logical_type?.type;
  const converted = leaf.converted_type;
  if (leaf.type === 'BYTE_ARRAY') {
    const text = logical === 'STRING' || logical === 'ENUM' || converted === 'UTF8' || converted === 'ENUM';
    const plain = logical === undefined && converted === undefined;
    return text || plain
      ? { values: 'string', type: 'string' }
      : { values: 'other', type: (logical ?? converted ?? 'binary').toLowerCase() };
  }
  if (leaf.type === 'INT32' || leaf.type === 'INT64') {
    const plain = logical === undefined && converted === undefined;
    if (plain || logical === 'INTEGER' || (converted !== undefined && INTEGER_CONVERTED.has(converted)))
      return { values: 'integer', type: leaf.type.toLowerCase() };
    return { values: 'other', type: (logical ?? converted ?? leaf.type).toLowerCase() };
  }
  return { values: 'other', type: (leaf.type ?? 'group').toLowerCase() };
}

/**
 * Page data that passed the header checks (pageGuard.ts) but cannot be decoded: damage inside a
 * page (a flipped byte in its levels or values), which the codecs do not detect. Said in words,
 * with the decoder's own detail after them.
 */
function damagedPages(start: number, end: number, error: unknown): string {
  return `the page data at bytes ${start.toLocaleString('en')} to ${end.toLocaleString('en')} of the file is damaged and cannot be decoded (${messageOf(error)})`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A whole Parquet table of plain columns as text cells (an exported groups or buckets table read
 * back for Check): its column names and each row's values as strings, a null as ''.
 */
export async function readParquetTable(
  file: AsyncBuffer,
  name: string,
): Promise<{ columns: string[]; rows: string[][] }> {
  const metadata = await readFooter(file, name);
  const columns = columnsOf(parquetSchema(metadata));
  return readTableRows(file, metadata, columns, name);
}

/** The names of a Parquet file's top-level columns (its footer only). */
export async function parquetColumnNames(file: AsyncBuffer, name: string): Promise<string[]> {
  return columnsOf(parquetSchema(await readFooter(file, name))).map((c) => c.name);
}

async function readTableRows(
  file: AsyncBuffer,
  metadata: FileMetaData,
  columns: ColumnInfo[],
  name: string,
): Promise<{ columns: string[]; rows: string[][] }> {
  const other = columns.find((c) => c.shape !== 'value');
  if (other)
    throw new ColumnarError(name, { column: other }, `is a ${other.type} column; a table has plain columns`);
  const source: Source = { name, budget: DEFAULT_MEMORY_BUDGET };
  for (const [g, group] of metadata.row_groups.entries())
    for (const [c, chunk] of group.columns.entries())
      await chunkBytes(file, chunk, source, {
        part: `row group ${g + 1} of ${metadata.row_groups.length}`,
        column: columns[c],
      });
  let rows: unknown[][] = [];
  await zstdReady();
  try {
    await parquetRead({ file, metadata, compressors, onComplete: (read) => (rows = read) });
  } catch (error) {
    throw new ColumnarError(name, {}, damagedPages(0, file.byteLength, error));
  }
  return {
    columns: columns.map((c) => c.name),
    rows: rows.map((row) => row.map((v) => (v === null || v === undefined ? '' : String(v)))),
  };
}
