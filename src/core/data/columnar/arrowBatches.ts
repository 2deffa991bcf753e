/**
 * Each Arrow record batch (and dictionary batch) checked against the schema before flechette builds
 * columns over it (DESIGN.md sec. 8; issue 43). flechette makes views over the buffers a batch lists
 * and trusts their lengths and offsets: a damaged offset reads another slice of the values, so a
 * file with damaged offsets was read as a different dataset, lengths and rows changed. Walking the
 * columns in flechette's own order (a node per column, its buffers in the order of the Arrow
 * columnar format), each batch must:
 * - list enough nodes and buffers for its columns; each buffer inside the batch's body, aligned for
 *   its element type and a whole number of elements (bufferProblem);
 * - give every top-level column the batch's length; hold a validity bitmap for its nulls;
 * - hold values for every row of a fixed-width column (valuesProblem);
 * - hold offsets for every row of a string, binary or list column, starting at 0 or more, never
 *   decreasing, the last within the values or the child column (offsetsProblem);
 * - not be compressed (flechette has no codec here: said in words).
 * A breach is a ColumnarError naming the file, the record batch, the column and what is wrong.
 * Spec: Arrow Columnar Format, "Buffer Listing for Each Layout" and "Variable-size Binary Layout".
 */
import { Type, type DataType, type Field } from '@uwdata/flechette';
import type { ArrowData, RecordBatch } from '@uwdata/flechette/dist/types/types.js';
import { ColumnarError } from './columnarError.ts';

interface Region {
  offset: number;
  length: number;
}

/** A batch being walked: its next node and buffer, its body. */
class Walk {
  private node = 0;
  private buffer = 0;
  constructor(
    readonly batch: RecordBatch,
    readonly body: Uint8Array,
  ) {}

  nextNode(): { length: number; nullCount: number } {
    const node = this.batch.nodes[this.node++];
    if (!node)
      throw new Problem(
        `the batch lists ${this.batch.nodes.length} column lengths (nodes), fewer than its columns need`,
      );
    if (!(
      Number.isSafeInteger(node.length) &&
      node.length >= 0 &&
      node.nullCount >= 0 &&
      node.nullCount <= node.length
    ))
      throw new Problem(`a column of ${node.length} rows with ${node.nullCount} nulls`);
    return node;
  }

  /** The next buffer's bytes, checked for an element of `width` bytes (1 for bytes). */
  nextBuffer(width: number): Uint8Array {
    const region: Region | undefined = this.batch.regions[this.buffer++];
    if (!region)
      throw new Problem(`the batch lists ${this.batch.regions.length} buffers, fewer than its columns need`);
    const problem = bufferProblem(region, this.body, width);
    if (problem) throw new Problem(`buffer ${this.buffer}: ${problem}`);
    return this.body.subarray(region.offset, region.offset + region.length);
  }
}

class Problem extends Error {}

/** A buffer inside the body, aligned and whole for elements of `width` bytes. */
export function bufferProblem(region: Region, body: Uint8Array, width: number): string | null {
  const { offset, length } = region;
  if (!(Number.isSafeInteger(offset) && Number.isSafeInteger(length) && offset >= 0 && length >= 0))
    return `placed at ${offset} with ${length} bytes`;
  if (offset + length > body.length)
    return `${length.toLocaleString('en')} bytes at byte ${offset.toLocaleString('en')} of a body of ${body.length.toLocaleString('en')}`;
  if (width > 1 && ((body.byteOffset + offset) % width !== 0 || length % width !== 0))
    return `${length} bytes at byte ${offset}, not whole ${width}-byte values`;
  return null;
}

/** A fixed-width column holds a value for each of its `rows`. */
export function valuesProblem(values: Uint8Array, rows: number, bitsPerValue: number): string | null {
  const need = Math.ceil((rows * bitsPerValue) / 8);
  return values.length >= need ? null : `${values.length} bytes of values for ${rows} rows (${need} needed)`;
}

/**
 * Offsets of `rows` rows: rows + 1 of them (none for an empty column), the first at 0 or more,
 * never decreasing, the last at most `limit` (the values' bytes or the child's rows).
 */
export function offsetsProblem(
  offsets: ArrayLike<number | bigint>,
  rows: number,
  limit: number,
): string | null {
  if (rows === 0) return null;
  if (offsets.length < rows + 1) return `${offsets.length} offsets for ${rows} rows (${rows + 1} needed)`;
  let previous = Number(offsets[0]);
  if (previous < 0) return `the first offset is ${previous}`;
  for (let i = 1; i <= rows; i++) {
    const next = Number(offsets[i]);
    if (next < previous)
      return `the offset of row ${i + 1} (${next}) is before that of row ${i} (${previous})`;
    previous = next;
  }
  return previous <= limit ? null : `the last offset (${previous}) is past the ${limit} values there are`;
}

/** Walks one column (and its children) of `type`, `rows` long when known. */
function walkColumn(type: DataType, walk: Walk, rows: number | null, name: string): number {
  const node = walk.nextNode();
  if (rows !== null && node.length !== rows)
    throw new Problem(`column '${name}' has ${node.length} rows where its batch has ${rows}`);
  const length = node.length;
  if (type.typeId === Type.Null) return length;
  const t = type as DataType & {
    values?: { BYTES_PER_ELEMENT: number };
    offsets?: { BYTES_PER_ELEMENT: number };
    children?: Field[];
    listSize?: number;
    indices?: { values: { BYTES_PER_ELEMENT: number } };
  };
  const validity = (): void => {
    const bits = walk.nextBuffer(1);
    if (node.nullCount > 0 && bits.length < Math.ceil(length / 8))
      throw new Problem(
        `column '${name}': ${node.nullCount} nulls but a validity bitmap of ${bits.length} bytes for ${length} rows`,
      );
  };
  const offsetsOf = (width: number): ArrayLike<number | bigint> => {
    const bytes = walk.nextBuffer(width);
    return width === 8
      ? new BigInt64Array(bytes.buffer, bytes.byteOffset, bytes.length / 8)
      : new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  };
  const fail = (problem: string | null) => {
    if (problem) throw new Problem(`column '${name}': ${problem}`);
  };
  switch (type.typeId) {
    case Type.Bool:
      validity();
      fail(valuesProblem(walk.nextBuffer(1), length, 1));
      return length;
    case Type.Utf8:
    case Type.Binary:
    case Type.LargeUtf8:
    case Type.LargeBinary: {
      validity();
      const offsets = offsetsOf(t.offsets!.BYTES_PER_ELEMENT);
      const values = walk.nextBuffer(1);
      fail(offsetsProblem(offsets, length, values.length));
      return length;
    }
    case Type.List:
    case Type.LargeList:
    case Type.Map: {
      validity();
      const offsets = offsetsOf(t.offsets!.BYTES_PER_ELEMENT);
      const child = walkColumn(t.children![0].type, walk, null, `${name}.${t.children![0].name}`);
      fail(offsetsProblem(offsets, length, child));
      return length;
    }
    case Type.FixedSizeList: {
      validity();
      const child = walkColumn(t.children![0].type, walk, null, `${name}.${t.children![0].name}`);
      if (child < length * t.listSize!) fail(`${child} values for ${length} lists of ${t.listSize}`);
      return length;
    }
    case Type.Struct:
      validity();
      for (const field of t.children!) walkColumn(field.type, walk, length, `${name}.${field.name}`);
      return length;
    case Type.Dictionary: {
      validity();
      const width = t.indices!.values.BYTES_PER_ELEMENT;
      fail(valuesProblem(walk.nextBuffer(width), length, width * 8));
      return length;
    }
    default:
      if (t.values && !t.children) {
        validity();
        const width = t.values.BYTES_PER_ELEMENT;
        fail(valuesProblem(walk.nextBuffer(width), length, width * 8));
        return length;
      }
      // Views, unions, run-end encoded: never item columns (columnLayout.ts); flechette's views
      // over them are bounded by the regions, checked as they are taken.
      throw new Problem(
        `column '${name}' is of a type this reader does not take apart (${type.typeId}); write it as a list, string or integer column`,
      );
  }
}

/** Checks every batch of `data` (see the top); throws a ColumnarError naming where. */
export function checkArrowBatches(data: ArrowData, file: string): void {
  const fields = data.schema?.fields ?? [];
  const records = data.records ?? [];
  const dictionaryTypes = new Map<number, DataType>();
  const visit = (field: Field) => {
    const type = field.type as DataType & { id?: number; dictionary?: DataType; children?: Field[] };
    if (type.typeId === Type.Dictionary && type.dictionary) dictionaryTypes.set(type.id!, type.dictionary);
    type.children?.forEach(visit);
    (type.dictionary as { children?: Field[] } | undefined)?.children?.forEach(visit);
  };
  fields.forEach(visit);
  const check = (
    batch: RecordBatch,
    body: Uint8Array | undefined,
    part: string,
    run: (walk: Walk) => void,
  ) => {
    try {
      if (batch.compression)
        throw new Problem('its buffers are compressed (LZ4 or ZSTD); write the file uncompressed');
      run(new Walk(batch, body ?? new Uint8Array(0)));
    } catch (error) {
      if (error instanceof Problem) throw new ColumnarError(file, { part }, error.message);
      throw error;
    }
  };
  for (const [i, dictionary] of (data.dictionaries ?? []).entries()) {
    const type = dictionaryTypes.get(dictionary.id);
    if (!type)
      throw new ColumnarError(
        file,
        { part: `dictionary batch ${i + 1}` },
        `no column uses dictionary ${dictionary.id}`,
      );
    check(dictionary.data, dictionary.body, `dictionary batch ${i + 1}`, (walk) => {
      walkColumn(type, walk, dictionary.data.length ?? null, `dictionary ${dictionary.id}`);
    });
  }
  for (const [b, batch] of records.entries()) {
    const part = `record batch ${b + 1} of ${records.length}`;
    check(batch, batch.body, part, (walk) => {
      const rows = batch.length ?? 0;
      if (!(Number.isSafeInteger(rows) && rows >= 0)) throw new Problem(`the batch claims ${rows} rows`);
      for (const field of fields) walkColumn(field.type, walk, rows, field.name);
    });
  }
}
