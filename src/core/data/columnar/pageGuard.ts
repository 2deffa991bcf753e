/**
 * A Parquet column chunk's page headers checked against its footer before hyparquet decodes it.
 * hyparquet trusts each page header's value count: a damaged header (a file cut and patched, a disk
 * error) can claim hundreds of millions of values, and assembling lists over them grows an array
 * past what V8 allows, which ends the process (or the page's worker) with no error to catch. So
 * every header of the chunk is read first (hyparquet's own header reader, no decompression): its
 * page must lie inside the chunk, its value count within the chunk's (the footer's num_values), its
 * uncompressed size within a bound; anything else is a ColumnarError naming the row group, column
 * and byte offset, and the chunk is not decoded.
 */
import type { ColumnChunk } from 'hyparquet';
import { parquetHeader } from 'hyparquet/src/column.js';
import { ColumnarError, type ColumnarPlace } from './columnarError.ts';

/** No page of a transaction file decompresses to more than this (hyparquet's writers use 1 MiB). */
const MAX_PAGE_BYTES = 1 << 30;

/** Checks the headers of `chunk` (its bytes from the file) or throws naming where it is broken. */
export function checkPageHeaders(
  bytes: ArrayBuffer,
  chunk: ColumnChunk,
  file: string,
  place: ColumnarPlace,
): void {
  const meta = chunk.meta_data;
  if (!meta) return;
  const total = Number(meta.num_values);
  const view = new DataView(bytes);
  const reader = { view, offset: 0 };
  let values = 0;
  const fail = (what: string): never => {
    throw new ColumnarError(
      file,
      place,
      `damaged page header at byte ${reader.offset} of the column chunk: ${what}`,
    );
  };
  while (values < total && reader.offset < view.byteLength) {
    let header;
    try {
      header = parquetHeader(reader);
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
    header = header!;
    const size = header.compressed_page_size;
    if (!(size >= 0) || reader.offset + size > view.byteLength)
      fail(`a page of ${size} bytes where ${view.byteLength - reader.offset} remain`);
    if (!(header.uncompressed_page_size >= 0) || header.uncompressed_page_size > MAX_PAGE_BYTES)
      fail(`a page that decompresses to ${header.uncompressed_page_size} bytes`);
    const count = header.data_page_header?.num_values ?? header.data_page_header_v2?.num_values ?? 0;
    if (header.type === 'DATA_PAGE' || header.type === 'DATA_PAGE_V2') {
      if (!(count >= 0) || values + count > total)
        fail(`${count} values, past the ${total} the footer gives the chunk`);
      values += count;
    } else if (header.type !== 'DICTIONARY_PAGE' && header.type !== 'INDEX_PAGE')
      fail(`a page of unknown type ${String(header.type)}`);
    reader.offset += size;
  }
}
