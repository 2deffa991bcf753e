/**
 * A list column's chunk read straight into transactions: the pages decompressed and their headers
 * read by hyparquet, then each row's items taken from the repetition and definition levels
 * (Dremel: repetition 0 starts a row; the definition level says whether the list is null, empty,
 * holds a null element or a value) into one buffer of item ids, without a JS array per row as
 * hyparquet's `assembleLists` makes. Rows may continue from one page to the next.
 *
 * A version 1 data page whose values are dictionary indices (what DuckDB, Arrow and Spark write
 * for a column of few distinct items) is decoded without a JS value per occurrence (issue 46): its
 * levels and indices go into reused typed arrays by hyparquet's own RLE/bit-packed reader, and each
 * dictionary entry is turned into an item id once, the first time a row holds it (so ids still
 * come by first appearance). Other pages (plain or delta encodings, version 2 pages) go through
 * hyparquet's page readers and their values are resolved one by one, as before.
 */
import type {
  ColumnChunk,
  Compressors,
  DataPageHeader,
  DecodedArray,
  SchemaElement,
  SchemaTree,
} from 'hyparquet';
import { parquetHeader, readPage } from 'hyparquet/src/column.js';
import { convert, convertWithDictionary, DEFAULT_PARSERS } from 'hyparquet/src/convert.js';
import { decompressPage, readDataPage, readDataPageV2 } from 'hyparquet/src/datapage.js';
import { readRleBitPackedHybrid } from 'hyparquet/src/encoding.js';
import { getMaxDefinitionLevel, getMaxRepetitionLevel, getSchemaPath } from 'hyparquet/src/schema.js';

/** What a left-out item was: a null, or an empty (or undecodable) value. */
export type LeftOut = 'null' | 'empty';

/** Where each row goes; `row` counts the chunk's rows from 1. */
export interface ListRows {
  /** The item id of `value` in row `row`, -1 for a value that is left out (null or empty). */
  itemId(value: unknown, row: number): number;
  /** Row `row`: `ids[0..length)`, `nullElements` null elements and the values in `leftOut` dropped. */
  row(ids: Uint32Array, length: number, row: number, nullElements: number, leftOut: readonly LeftOut[]): void;
  /** Row `row` is a null list. */
  nullRow(row: number): void;
}

/** Reads the chunk `bytes` (checked by pageGuard.ts) of list column `chunk` into `rows`. */
export function readListChunk(
  bytes: ArrayBuffer,
  chunk: ColumnChunk,
  schema: SchemaElement[],
  compressors: Compressors,
  rows: ListRows,
): void {
  const meta = chunk.meta_data!;
  const schemaPath = getSchemaPath(schema, meta.path_in_schema);
  const decoder = {
    pathInSchema: meta.path_in_schema,
    element: schemaPath[schemaPath.length - 1].element,
    schemaPath,
    type: meta.type,
    codec: meta.codec,
    compressors,
    utf8: true,
    parsers: DEFAULT_PARSERS,
  };
  const levels = listLevels(schemaPath);
  const reader = { view: new DataView(bytes), offset: 0 };
  const scratch = new PageScratch();
  let dictionary: DecodedArray | undefined;
  /** Each dictionary entry's item id once known, else -2. */
  let dictionaryIds = new Int32Array(0);
  // The row being read: its ids gathered (a row may span pages), then handed on.
  let ids = new Uint32Array(1024);
  let length = 0;
  let leftOut: LeftOut[] = [];
  let row = 0;
  let isNull = false;
  let nulls = 0;
  const flush = () => {
    if (row === 0) return;
    if (isNull) rows.nullRow(row);
    else rows.row(ids, length, row, nulls, leftOut);
    length = 0;
    nulls = 0;
    if (leftOut.length > 0) leftOut = [];
  };
  while (reader.offset < reader.view.byteLength) {
    const header = parquetHeader(reader);
    if (header.type === 'DICTIONARY_PAGE') {
      const { data } = readPage(reader, header, decoder, undefined, undefined, 0);
      if (data) {
        dictionary = convert(data, decoder);
        dictionaryIds = new Int32Array(dictionary.length).fill(-2);
      }
      continue;
    }
    const pageBytes = new Uint8Array(bytes, reader.offset, header.compressed_page_size);
    reader.offset += header.compressed_page_size;
    let page: DecodedPage;
    if (header.type === 'DATA_PAGE') {
      const daph = header.data_page_header!;
      const raw = decompressPage(pageBytes, header.uncompressed_page_size, meta.codec, compressors);
      page =
        dictionary && isDictionaryEncoding(daph.encoding)
          ? scratch.dictionaryPage(raw, daph, levels)
          : valuesPage(readDataPage(raw, daph, decoder), dictionary, daph.encoding, decoder);
    } else if (header.type === 'DATA_PAGE_V2') {
      const encoding = header.data_page_header_v2!.encoding;
      page = valuesPage(readDataPageV2(pageBytes, header, decoder), dictionary, encoding, decoder);
    } else continue;
    const { repetition: rep, definition: def, indices } = page;
    // With indices the values are the dictionary's, each resolved once; else the page's own.
    const values = indices ? dictionary! : page.values;
    const known = indices ? dictionaryIds : null;
    // No definition levels: every entry is a value.
    const allValues = def.length === 0;
    let v = 0;
    for (let i = 0; i < rep.length; i++) {
      if (rep[i] === 0) {
        flush();
        row++;
        isNull = !allValues && def[i] < levels.list;
      }
      const d = allValues ? levels.max : def[i];
      if (d === levels.max) {
        const k = indices ? indices[v++] : v++;
        let id = known ? known[k] : -2;
        if (!(id >= 0)) {
          const value = values[k];
          id = rows.itemId(value, row);
          if (id < 0) {
            leftOut.push(value === null ? 'null' : 'empty');
            continue;
          }
          if (known && k >= 0 && k < known.length) known[k] = id;
        }
        if (length === ids.length) {
          const grown = new Uint32Array(ids.length * 2);
          grown.set(ids);
          ids = grown;
        }
        ids[length++] = id;
      } else if (d >= levels.repeated) nulls++;
    }
  }
  flush();
}

/** A data page's levels, and its values or (dictionary pages) its dictionary indices. */
interface DecodedPage {
  repetition: ArrayLike<number>;
  definition: ArrayLike<number>;
  values: ArrayLike<unknown>;
  indices: ArrayLike<number> | null;
}

function isDictionaryEncoding(encoding: string): boolean {
  return encoding === 'PLAIN_DICTIONARY' || encoding === 'RLE_DICTIONARY';
}

/** A page read by hyparquet, its values looked up in the dictionary when they are indices. */
function valuesPage(
  page: { repetitionLevels: ArrayLike<number>; definitionLevels?: ArrayLike<number>; dataPage: DecodedArray },
  dictionary: DecodedArray | undefined,
  encoding: DataPageHeader['encoding'],
  decoder: Parameters<typeof convertWithDictionary>[3],
): DecodedPage {
  return {
    repetition: page.repetitionLevels,
    definition: page.definitionLevels ?? [],
    values: convertWithDictionary(page.dataPage, dictionary, encoding, decoder) as ArrayLike<unknown>,
    indices: null,
  };
}

/**
 * Typed arrays reused from page to page for a dictionary-encoded version 1 data page (the layout of
 * hyparquet's readDataPage: repetition levels, definition levels, each RLE/bit-packed with a 4-byte
 * length; then the indices' bit width and their RLE/bit-packed runs up to the page's end).
 */
class PageScratch {
  private repetition = new Uint8Array(0);
  private definition = new Uint8Array(0);
  private indices = new Int32Array(0);

  dictionaryPage(bytes: Uint8Array, daph: DataPageHeader, levels: Levels): DecodedPage {
    const n = daph.num_values;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const reader = { view, offset: 0 };
    if (this.repetition.length < n) {
      this.repetition = new Uint8Array(n * 2);
      this.definition = new Uint8Array(n * 2);
    }
    let repetition = this.repetition.subarray(0, 0);
    if (levels.maxRepetition > 0) {
      repetition = this.repetition.subarray(0, n);
      readRleBitPackedHybrid(reader, bitWidth(levels.maxRepetition), repetition);
    }
    let definition = this.definition.subarray(0, 0);
    let values = n;
    if (levels.max > 0) {
      definition = this.definition.subarray(0, n);
      readRleBitPackedHybrid(reader, bitWidth(levels.max), definition);
      for (let i = 0; i < n; i++) if (definition[i] !== levels.max) values--;
      // As hyparquet: a page without nulls keeps no definition levels.
      if (values === n) definition = this.definition.subarray(0, 0);
    }
    if (this.indices.length < values) this.indices = new Int32Array(values * 2);
    const indices = this.indices.subarray(0, values);
    const width = view.getUint8(reader.offset++);
    if (width) readRleBitPackedHybrid(reader, width, indices, view.byteLength - reader.offset);
    else indices.fill(0);
    return { repetition, definition, values: [], indices };
  }
}

/** Bits to hold levels up to `value` (hyparquet's datapage.js bitWidth). */
function bitWidth(value: number): number {
  return 32 - Math.clz32(value);
}

/**
 * The levels that matter in a list column's path: a definition level below `list` is a null list;
 * below `repeated` an empty one; below `max` a null element.
 */
interface Levels {
  list: number;
  repeated: number;
  max: number;
  maxRepetition: number;
}

function listLevels(schemaPath: SchemaTree[]): Levels {
  let level = 0;
  let list = 0;
  let repeated = -1;
  for (let i = 1; i < schemaPath.length; i++) {
    const repetition = schemaPath[i].element.repetition_type;
    if (repetition !== 'REQUIRED') level++;
    if (i === 1 && repetition === 'OPTIONAL') list = level;
    if (repetition === 'REPEATED' && repeated < 0) repeated = level;
  }
  return {
    list,
    repeated,
    max: getMaxDefinitionLevel(schemaPath),
    maxRepetition: getMaxRepetitionLevel(schemaPath),
  };
}
