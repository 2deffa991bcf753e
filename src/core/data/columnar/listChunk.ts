/**
 * A list column's chunk read straight into transactions: the pages decoded by hyparquet's own
 * page readers (decompression, levels, encodings, dictionary), then each row's items taken from
 * the repetition and definition levels (Dremel: repetition 0 starts a row; the definition level
 * says whether the list is null, empty, holds a null element or a value) without building a JS
 * array per row, as hyparquet's `assembleLists` does: on 1,000,000 rows that assembly and the
 * garbage it left were most of a Parquet load. Rows may continue from one page to the next.
 */
import type { ColumnChunk, Compressors, DecodedArray, SchemaElement, SchemaTree } from 'hyparquet';
import { parquetHeader, readPage } from 'hyparquet/src/column.js';
import { convert, convertWithDictionary, DEFAULT_PARSERS } from 'hyparquet/src/convert.js';
import { decompressPage, readDataPage, readDataPageV2 } from 'hyparquet/src/datapage.js';
import { getMaxDefinitionLevel, getSchemaPath } from 'hyparquet/src/schema.js';

/** Where each row's items go: `values[from..to)`, with how many null elements it held. */
export interface ListRows {
  row(values: ArrayLike<unknown>, from: number, to: number, nullElements: number): void;
  nullRow(): void;
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
  let dictionary: DecodedArray | undefined;
  // The row being read: its values gathered (a row may span pages), then handed on.
  const current: unknown[] = [];
  let open = false;
  let isNull = false;
  let nulls = 0;
  const flush = () => {
    if (!open) return;
    if (isNull) rows.nullRow();
    else rows.row(current, 0, current.length, nulls);
    current.length = 0;
    nulls = 0;
  };
  while (reader.offset < reader.view.byteLength) {
    const header = parquetHeader(reader);
    if (header.type === 'DICTIONARY_PAGE') {
      const { data } = readPage(reader, header, decoder, undefined, undefined, 0);
      if (data) dictionary = convert(data, decoder);
      continue;
    }
    const pageBytes = new Uint8Array(bytes, reader.offset, header.compressed_page_size);
    reader.offset += header.compressed_page_size;
    let page;
    let encoding;
    if (header.type === 'DATA_PAGE') {
      const daph = header.data_page_header!;
      page = readDataPage(
        decompressPage(pageBytes, header.uncompressed_page_size, meta.codec, compressors),
        daph,
        decoder,
      );
      encoding = daph.encoding;
    } else if (header.type === 'DATA_PAGE_V2') {
      page = readDataPageV2(pageBytes, header, decoder);
      encoding = header.data_page_header_v2!.encoding;
    } else continue;
    const values = convertWithDictionary(page.dataPage, dictionary, encoding, decoder) as ArrayLike<unknown>;
    const rep = page.repetitionLevels;
    const def = page.definitionLevels ?? [];
    // No definition levels: every entry is a value.
    const allValues = def.length === 0;
    let v = 0;
    for (let i = 0; i < rep.length; i++) {
      if (rep[i] === 0) {
        flush();
        open = true;
        isNull = !allValues && def[i] < levels.list;
      }
      const d = allValues ? levels.max : def[i];
      if (d === levels.max) current.push(values[v++]);
      else if (d >= levels.repeated) nulls++;
    }
  }
  flush();
}

/**
 * The definition levels that matter in a list column's path: below `list` the list itself is
 * null; below `repeated` it is empty; below `max` its element is null.
 */
function listLevels(schemaPath: SchemaTree[]): { list: number; repeated: number; max: number } {
  let level = 0;
  let list = 0;
  let repeated = -1;
  for (let i = 1; i < schemaPath.length; i++) {
    const repetition = schemaPath[i].element.repetition_type;
    if (repetition !== 'REQUIRED') level++;
    if (i === 1 && repetition === 'OPTIONAL') list = level;
    if (repetition === 'REPEATED' && repeated < 0) repeated = level;
  }
  return { list, repeated, max: getMaxDefinitionLevel(schemaPath) };
}
