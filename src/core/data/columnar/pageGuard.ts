/**
 * A Parquet column chunk's page headers checked against its footer and the memory budget before
 * hyparquet decodes it (DESIGN.md sec. 8; issue 43). hyparquet trusts each page header: a damaged
 * header can claim hundreds of millions of values (arrays grown past what V8 allows end the process
 * with no error to catch) or a page of 10^9 bytes (allocated before the codec runs). So every header
 * of the chunk is read first, by the bounded Thrift reader (thriftCompact.ts; no decompression), and
 * each page must:
 * - be of a known type and lie inside the chunk;
 * - claim no more values than the footer gives the chunk, and no more than the budget holds at
 *   BYTES_PER_VALUE each (the levels and values arrays hyparquet allocates per page);
 * - claim an uncompressed size its codec's own stream agrees with, within the budget
 *   (codecClaims.ts: snappy's stated length, zstd's frame size, gzip's and lz4's ratios);
 * - (v2) have level sections that fit in the page.
 * Anything else is a ColumnarError naming the row group, the column, the byte of the file and what
 * is wrong, in words; the chunk is not decoded. These checks are each a small function, so that a
 * faster reader can call them page by page.
 */
import type { ColumnChunk } from 'hyparquet';
import { ColumnarError, type ColumnarPlace } from './columnarError.ts';
import { CODECS, decompressedClaimProblem } from './codecClaims.ts';
import { intField, readThriftStruct, structField, ThriftError, type ThriftStruct } from './thriftCompact.ts';

/** Bytes a decoded value may take while a page is decoded (a level of each kind and the value). */
export const BYTES_PER_VALUE = 24;

/** Parquet's PageType enum (parquet.thrift). */
const PAGE_TYPES = ['DATA_PAGE', 'INDEX_PAGE', 'DICTIONARY_PAGE', 'DATA_PAGE_V2'] as const;

/** A page header as the checks read it. */
export interface PageFacts {
  type: (typeof PAGE_TYPES)[number];
  uncompressed: number;
  compressed: number;
  /** Values (data pages, dictionary entries); 0 for an index page. */
  values: number;
  /** v2: the bytes of the repetition and definition levels, stored uncompressed. */
  levelBytes: number;
  /** v2: whether the values section is compressed (default true). */
  compressedValues: boolean;
}

/** Where the chunk is and what it may hold. */
export interface ChunkLimits {
  file: string;
  place: ColumnarPlace;
  /** Byte of the file where the chunk's bytes start. */
  start: number;
  /** Memory budget in bytes. */
  budget: number;
}

/** Checks the headers of `chunk` (its bytes from the file) or throws naming where it is broken. */
export function checkPageHeaders(bytes: ArrayBuffer, chunk: ColumnChunk, limits: ChunkLimits): void {
  const meta = chunk.meta_data;
  if (!meta) return;
  const total = Number(meta.num_values);
  const data = new Uint8Array(bytes);
  let offset = 0;
  let values = 0;
  const fail = (at: number, what: string): never => {
    throw new ColumnarError(
      limits.file,
      limits.place,
      `damaged page header at byte ${(limits.start + at).toLocaleString('en')} of the file: ${what}`,
    );
  };
  while (values < total && offset < data.length) {
    const at = offset;
    let header: ThriftStruct;
    try {
      ({ struct: header, end: offset } = readThriftStruct(data, offset));
    } catch (error) {
      if (error instanceof ThriftError) fail(error.at, `the header is not valid Thrift: ${error.what}`);
      throw error;
    }
    const page = pageFacts(header);
    if (typeof page === 'string') fail(at, page);
    const facts = page as PageFacts;
    const problem =
      pagePlaceProblem(facts, data.length - offset) ??
      pageValuesProblem(facts, values, total, limits.budget) ??
      pageSizeProblem(facts, meta.codec, data.subarray(offset, offset + facts.compressed), limits.budget);
    if (problem) fail(at, problem);
    if (facts.type === 'DATA_PAGE' || facts.type === 'DATA_PAGE_V2') values += facts.values;
    offset += facts.compressed;
  }
}

/** A page header's facts, or what is missing or wrong in it. */
export function pageFacts(header: ThriftStruct): PageFacts | string {
  const typeNumber = intField(header, 1);
  const type = typeNumber === undefined ? undefined : PAGE_TYPES[typeNumber];
  if (type === undefined)
    return typeNumber === undefined
      ? 'a page header without its type'
      : `a page of unknown type ${typeNumber}`;
  const uncompressed = intField(header, 2);
  const compressed = intField(header, 3);
  if (uncompressed === undefined || compressed === undefined) return 'a page header without its sizes';
  const part = structField(header, type === 'DATA_PAGE' ? 5 : type === 'DICTIONARY_PAGE' ? 7 : 8);
  if (type !== 'INDEX_PAGE' && !part) return `a ${type} header without its ${type.toLowerCase()} fields`;
  const values = part ? intField(part, 1) : 0;
  if (values === undefined) return `a ${type} header without its number of values`;
  const v2 = type === 'DATA_PAGE_V2' ? part : undefined;
  const levelBytes = v2 ? (intField(v2, 5) ?? -1) + (intField(v2, 6) ?? -1) : 0;
  const flag = v2?.fields.get(7)?.value;
  return { type, uncompressed, compressed, values, levelBytes, compressedValues: flag !== false };
}

/** The page inside what remains of the chunk; its level sections inside the page. */
export function pagePlaceProblem(page: PageFacts, remaining: number): string | null {
  if (!(page.compressed >= 0) || page.compressed > remaining)
    return `a page of ${page.compressed.toLocaleString('en')} bytes where ${remaining.toLocaleString('en')} remain in the column chunk`;
  if (page.levelBytes < 0 || page.levelBytes > page.compressed || page.levelBytes > page.uncompressed)
    return `levels of ${page.levelBytes} bytes in a page of ${page.compressed} bytes`;
  return null;
}

/** A page's value count: within the chunk's (the footer's num_values) and the budget. */
export function pageValuesProblem(
  page: PageFacts,
  before: number,
  total: number,
  budget: number,
): string | null {
  if (!(page.values >= 0)) return `${page.values} values`;
  const data = page.type === 'DATA_PAGE' || page.type === 'DATA_PAGE_V2';
  if (data && before + page.values > total)
    return `${page.values.toLocaleString('en')} values, past the ${total.toLocaleString('en')} the footer gives the column chunk`;
  if (page.values * BYTES_PER_VALUE > budget)
    return `${page.values.toLocaleString('en')} values in one page, more than the memory budget of ${budget.toLocaleString('en')} bytes holds (--memory-mb)`;
  return null;
}

/** The page's uncompressed size against its codec's stream (codecClaims.ts) and the budget. */
export function pageSizeProblem(
  page: PageFacts,
  codecName: string,
  pageBytes: Uint8Array,
  budget: number,
): string | null {
  if (page.type === 'INDEX_PAGE')
    return page.uncompressed >= 0 && page.uncompressed <= budget
      ? null
      : `an index page of ${page.uncompressed} bytes`;
  if (!CODECS.includes(codecName as (typeof CODECS)[number]))
    return `a column chunk compressed with an unknown codec (${codecName})`;
  // v2 pages keep their levels uncompressed, before the values.
  const codec = page.compressedValues ? codecName : 'UNCOMPRESSED';
  return decompressedClaimProblem(
    codec,
    pageBytes.subarray(page.levelBytes),
    page.uncompressed - page.levelBytes,
    budget,
  );
}
