/**
 * A Parquet file's footer read and checked before hyparquet decodes it (DESIGN.md sec. 8; issue
 * 43). hyparquet decodes the footer's Thrift without bounds and maps it without checks: a schema
 * whose root claims 99 children ends in `Cannot read properties of undefined (reading 'name')` (F1),
 * a codec number past the enum in `unsupported compression codec: undefined`, a field of type 15 in
 * `thrift unhandled type: 15` (F8). Here the footer is first read by the bounded Thrift reader
 * (thriftCompact.ts), then its structure is checked, each rule a small named function a faster
 * reader can call:
 * - framing: `PAR1` at both ends, a footer length within the file (footerPlace);
 * - schema: every element named, the tree its num_children describe uses every element exactly
 *   once, every leaf has a physical type (schemaProblem);
 * - row groups: row counts non-negative and adding up to the file's, one column chunk per leaf,
 *   each chunk's metadata with a known type and codec, its values counted, its bytes inside the
 *   file before the footer (rowGroupProblem, chunkProblem).
 * A breach is a ColumnarError naming the file, the row group and column where there is one, the
 * byte of the file, and what is wrong, in words. Only then does hyparquet decode the same bytes.
 */
import { parquetMetadata, type AsyncBuffer, type FileMetaData } from 'hyparquet';
import { CODECS, READ_CODECS } from './codecClaims.ts';
import { ColumnarError } from './columnarError.ts';
import {
  intField,
  isStruct,
  listField,
  readThriftStruct,
  structField,
  ThriftError,
  type ThriftStruct,
} from './thriftCompact.ts';

const MAGIC = [0x50, 0x41, 0x52, 0x31]; // PAR1

/** Parquet's physical types (parquet.thrift `Type`). */
const PHYSICAL_TYPES = 8;

/** Where the footer is: its first byte and its length; or what is wrong with the framing. */
export function footerPlace(
  size: number,
  head: Uint8Array,
  tail: Uint8Array,
): { start: number; length: number } | string {
  if (size < 12) return `${size} bytes are too few for a Parquet file (at least 12)`;
  if (!MAGIC.every((b, i) => head[i] === b)) return 'does not start with PAR1, the mark of a Parquet file';
  if (!MAGIC.every((b, i) => tail[4 + i] === b))
    return 'does not end with PAR1: the file is cut short or damaged';
  const length = new DataView(tail.buffer, tail.byteOffset, 8).getUint32(0, true);
  if (length > size - 12)
    return `the footer claims ${length.toLocaleString('en')} bytes where the file holds ${size.toLocaleString('en')} in all`;
  return { start: size - 8 - length, length };
}

/** Reads, checks and decodes the footer of `file` (see the top). */
export async function readCheckedFooter(file: AsyncBuffer, name: string): Promise<FileMetaData> {
  const size = file.byteLength;
  const fail = (what: string, at?: number): never => {
    throw new ColumnarError(
      name,
      {},
      `not a readable Parquet file: ${what}${at === undefined ? '' : ` (byte ${at.toLocaleString('en')} of the file)`}`,
    );
  };
  const head = new Uint8Array(await file.slice(0, Math.min(4, size)));
  const tail = new Uint8Array(await file.slice(Math.max(0, size - 8), size));
  const place = footerPlace(size, head, tail);
  if (typeof place === 'string') return fail(place);
  const bytes = new Uint8Array(await file.slice(place.start, size));
  let footer: ThriftStruct;
  try {
    const read = readThriftStruct(bytes.subarray(0, place.length));
    footer = read.struct;
  } catch (error) {
    if (error instanceof ThriftError)
      return fail(`the footer is damaged: ${error.what}`, place.start + error.at);
    throw error;
  }
  const problem = schemaProblem(footer) ?? rowGroupsProblem(footer, place.start);
  if (problem) fail(problem.what, problem.at === undefined ? undefined : place.start + problem.at);
  try {
    return parquetMetadata(bytes);
  } catch (error) {
    return fail(`the footer cannot be decoded (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** A problem and the byte of the footer where it is. */
export interface FooterProblem {
  what: string;
  at?: number;
}

/** The schema's elements and the tree their num_children describe (see the top). */
export function schemaProblem(footer: ThriftStruct): FooterProblem | null {
  const schema = listField(footer, 2);
  if (!schema || schema.items.length === 0) return { what: 'the footer has no schema' };
  const elements = schema.items;
  if (!elements.every(isStruct))
    return { what: 'the schema holds something other than elements', at: schema.at };
  const named = (i: number) => {
    const name = (elements[i] as ThriftStruct).fields.get(4)?.value;
    return name instanceof Uint8Array ? new TextDecoder().decode(name) : null;
  };
  // Walks the tree from element i; returns the element after its subtree, or a problem.
  const walk = (i: number, depth: number): number | FooterProblem => {
    const element = elements[i] as ThriftStruct;
    const name = named(i);
    if (name === null) return { what: `schema element ${i + 1} has no name`, at: element.at };
    if (depth > 64) return { what: `the schema nests deeper than 64 levels at '${name}'`, at: element.at };
    const children = intField(element, 5) ?? 0;
    if (children < 0) return { what: `schema element '${name}' claims ${children} children`, at: element.at };
    if (children === 0) {
      const type = intField(element, 1);
      if (i > 0 && (type === undefined || type < 0 || type >= PHYSICAL_TYPES))
        return { what: `column '${name}' has no known physical type (${String(type)})`, at: element.at };
      return i + 1;
    }
    let next = i + 1;
    for (let c = 0; c < children; c++) {
      if (next >= elements.length)
        return {
          what: `schema element '${name}' claims ${children} children, but the schema lists only ${elements.length} elements in all`,
          at: element.at,
        };
      const after = walk(next, depth + 1);
      if (typeof after !== 'number') return after;
      next = after;
    }
    return next;
  };
  const end = walk(0, 0);
  if (typeof end !== 'number') return end;
  if (end !== elements.length)
    return {
      what: `the schema lists ${elements.length} elements, but its tree uses ${end} (the root claims too few children)`,
      at: schema.at,
    };
  return null;
}

/** The number of leaf columns of a (checked) schema. */
function leafCount(footer: ThriftStruct): number {
  return listField(footer, 2)!.items.filter((e, i) => i > 0 && (intField(e as ThriftStruct, 5) ?? 0) === 0)
    .length;
}

/** The row groups against the file's row count, the schema and the footer's place. */
export function rowGroupsProblem(footer: ThriftStruct, footerStart: number): FooterProblem | null {
  const rows = intField(footer, 3);
  if (rows === undefined || rows < 0) return { what: `the footer gives ${String(rows)} rows` };
  const groups = listField(footer, 4);
  if (!groups) return { what: 'the footer lists no row groups' };
  const leaves = leafCount(footer);
  let sum = 0;
  for (let g = 0; g < groups.items.length; g++) {
    const group = groups.items[g];
    const where = `row group ${g + 1} of ${groups.items.length}`;
    if (!isStruct(group)) return { what: `${where} is not a row group`, at: groups.at };
    const problem = rowGroupProblem(group, where, leaves, footerStart);
    if (problem) return problem;
    sum += intField(group, 3)!;
  }
  if (sum !== rows)
    return {
      what: `the row groups hold ${sum.toLocaleString('en')} rows where the footer gives ${rows.toLocaleString('en')}`,
    };
  return null;
}

/** One row group: its row count and one checked chunk per leaf column. */
export function rowGroupProblem(
  group: ThriftStruct,
  where: string,
  leaves: number,
  footerStart: number,
): FooterProblem | null {
  const rows = intField(group, 3);
  if (rows === undefined || rows < 0) return { what: `${where} gives ${String(rows)} rows`, at: group.at };
  const columns = listField(group, 1);
  if (!columns || columns.items.length !== leaves)
    return {
      what: `${where} holds ${columns?.items.length ?? 0} column chunks where the schema has ${leaves} columns`,
      at: group.at,
    };
  for (let c = 0; c < columns.items.length; c++) {
    const chunk = columns.items[c];
    const problem = isStruct(chunk) ? chunkProblem(chunk, footerStart) : `is not a column chunk`;
    if (problem)
      return {
        what: `${where}, column chunk ${c + 1}: ${problem}`,
        at: isStruct(chunk) ? chunk.at : columns.at,
      };
  }
  return null;
}

/** A column chunk's metadata: type, codec, values, and bytes inside the file before the footer. */
export function chunkProblem(chunk: ThriftStruct, footerStart: number): string | null {
  if (chunk.fields.get(1)?.value instanceof Uint8Array)
    return 'its data is in another file (file_path); only self-contained files are read';
  const meta = structField(chunk, 3);
  if (!meta) return 'has no metadata';
  const type = intField(meta, 1);
  if (type === undefined || type < 0 || type >= PHYSICAL_TYPES)
    return `has an unknown physical type (${String(type)})`;
  const path = listField(meta, 3);
  if (!path || path.items.length === 0 || !path.items.every((p) => p instanceof Uint8Array))
    return 'has no column path';
  if (!listField(meta, 2)) return 'lists no encodings';
  const codec = intField(meta, 4);
  const codecName = codec === undefined ? undefined : CODECS[codec];
  if (codecName === undefined) return `is compressed with an unknown codec (number ${String(codec)})`;
  if (!READ_CODECS.has(codecName))
    return `is compressed with ${codecName}, which this reader does not decompress`;
  const values = intField(meta, 5);
  if (values === undefined || values < 0) return `claims ${String(values)} values`;
  const size = intField(meta, 7);
  const dataAt = intField(meta, 9);
  // hyparquet reads a dictionary offset of 0 as none (some writers write it so).
  const start = intField(meta, 11) || dataAt;
  if (size === undefined || size < 0 || dataAt === undefined || start === undefined)
    return 'does not say where its pages are';
  if (start < 4 || start + size > footerStart)
    return `places its ${size.toLocaleString('en')} bytes at byte ${start.toLocaleString('en')}, outside the data of the file (bytes 4 to ${footerStart.toLocaleString('en')})`;
  return null;
}
