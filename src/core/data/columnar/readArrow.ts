/**
 * Arrow IPC input (the file format, `.arrow`/`.feather` v2, and the stream format), through
 * flechette (@uwdata/flechette): the same two layouts as Parquet (columnLayout.ts), read batch by
 * batch into the same sink. An IPC file is decoded from its bytes as a whole (flechette reads no
 * partial file), so it is held in memory once; the rows are then read record batch by record batch
 * with progress between them. Errors name the file, the record batch and the column. Before
 * flechette decodes anything, the framing and metadata are checked (arrowFrames.ts), then every
 * batch's buffers, lengths and offsets against the schema (arrowBatches.ts): flechette trusts them.
 */
import { Type, type Column, type DataType, type Field } from '@uwdata/flechette';
import { decodeIPC } from '@uwdata/flechette/src/decode/decode-ipc.js';
import { createTable } from '@uwdata/flechette/src/decode/table-from-ipc.js';
import { checkArrowBatches } from './arrowBatches.ts';
import { checkArrowFrames } from './arrowFrames.ts';
import type { ParseOptions, ParseProgress, ParseResult } from '../parsers/types.ts';
import { ColumnarError } from './columnarError.ts';
import { chooseLayout, type ColumnInfo } from './columnLayout.ts';
import { TransactionSink } from './transactionSink.ts';

export async function readArrow(
  bytes: Uint8Array,
  options: ParseOptions,
  onProgress: ParseProgress = () => {},
): Promise<ParseResult> {
  const name = options.fileName;
  let table;
  checkArrowFrames(bytes, name);
  try {
    const data = decodeIPC(bytes);
    checkArrowBatches(data, name);
    table = createTable(data, { useBigInt: false });
  } catch (error) {
    if (error instanceof ColumnarError) throw error;
    throw new ColumnarError(
      name,
      {},
      `not a readable Arrow IPC file (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const columns = table.schema.fields.map((field, i) => columnInfo(field, i));
  const layout = chooseLayout(name, columns, {
    itemColumn: options.itemColumn,
    tidColumn: options.tidColumn,
  });
  const sink = new TransactionSink(name, Math.min(table.numRows * 4, 1 << 26));
  const child = (info: ColumnInfo) => table.getChildAt(info.index - 1) as Column<unknown>;
  const first = child(layout.kind === 'list' ? layout.items : layout.tid);
  const second = layout.kind === 'long' ? child(layout.item) : null;
  const batches = first.data.length;
  let rowStart = 0;
  for (let b = 0; b < batches; b++) {
    const part = `record batch ${b + 1} of ${batches}`;
    const a = first.data[b];
    const rows = a.length;
    try {
      if (layout.kind === 'list') {
        const place = { part, column: layout.items };
        for (let r = 0; r < rows; r++)
          sink.addList(a.at(r) as ArrayLike<unknown> | null, rowStart + r + 1, place);
      } else {
        const items = second!.data[b];
        const place = { part, column: layout.item };
        for (let r = 0; r < rows; r++) sink.addPair(a.at(r), items.at(r), rowStart + r + 1, place);
      }
    } catch (error) {
      if (error instanceof ColumnarError) throw error;
      throw new ColumnarError(
        name,
        { part, column: layout.kind === 'list' ? layout.items : layout.item },
        `the batch's data is damaged and cannot be decoded (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    rowStart += rows;
    onProgress(Math.round((bytes.length * (b + 1)) / batches), bytes.length);
    await Promise.resolve();
  }
  const result = sink.finish(layout.kind === 'list' ? 'arrow' : 'arrow-long', options.bitBudget);
  return layout.kind === 'long' && layout.exported ? { ...result, layout: layout.exported } : result;
}

const LISTS: readonly number[] = [
  Type.List,
  Type.LargeList,
  Type.FixedSizeList,
  Type.ListView,
  Type.LargeListView,
];

function columnInfo(field: Field, i: number): ColumnInfo {
  const type = field.type;
  if (LISTS.includes(type.typeId)) {
    const element = (type as { children: Field[] }).children[0].type;
    const values = valuesOf(element);
    return {
      name: field.name,
      index: i + 1,
      shape: 'list',
      values: values.values,
      type: `list<${values.type}>`,
    };
  }
  const values = valuesOf(type);
  const other = type.typeId === Type.Struct || type.typeId === Type.Map || type.typeId === Type.Union;
  return {
    name: field.name,
    index: i + 1,
    shape: other ? 'other' : 'value',
    values: values.values,
    type: values.type,
  };
}

function valuesOf(type: DataType): { values: ColumnInfo['values']; type: string } {
  if (type.typeId === Type.Dictionary) return valuesOf((type as { dictionary: DataType }).dictionary);
  if (type.typeId === Type.Utf8 || type.typeId === Type.LargeUtf8 || type.typeId === Type.Utf8View)
    return { values: 'string', type: 'string' };
  if (type.typeId === Type.Int)
    return { values: 'integer', type: `int${(type as { bitWidth: number }).bitWidth}` };
  const name = Object.entries(Type).find(([, id]) => id === type.typeId)?.[0] ?? `type ${type.typeId}`;
  return { values: 'other', type: name.toLowerCase() };
}
