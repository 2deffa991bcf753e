/**
 * The columnar formats' entry point (Parquet and Arrow IPC; DESIGN.md sec. 2 read for tables):
 * whether a file is one (its first bytes, or a forced `--format parquet|arrow`), and reading it from
 * a random-access source, the way the page's worker (a Blob) and the CLI (a file) both call it.
 * Text formats stream through parseChunks.ts instead; a columnar file cannot, since its layout is
 * written at its end.
 */
import type { ParseOptions, ParseProgress, ParseResult } from '../parsers/types.ts';
import { readArrow } from './readArrow.ts';
import { readParquet, type AsyncBuffer } from './readParquet.ts';
import type { ColumnarFormat } from './signature.ts';

export { COLUMNAR_HEAD_BYTES, columnarFormatOf, type ColumnarFormat } from './signature.ts';

/** Reads a Parquet or Arrow IPC file from `file` (an Arrow file is read whole first). */
export async function readColumnar(
  file: AsyncBuffer,
  format: ColumnarFormat,
  options: ParseOptions,
  onProgress?: ParseProgress,
): Promise<ParseResult> {
  if (format === 'parquet') return readParquet(file, options, onProgress);
  const bytes = new Uint8Array(await file.slice(0, file.byteLength));
  return readArrow(bytes, options, onProgress);
}

/** A random-access view of bytes already in memory (tests, samples). */
export function bytesBuffer(bytes: Uint8Array): AsyncBuffer {
  return {
    byteLength: bytes.length,
    slice: (start, end) => bytes.slice(start, end).buffer,
  };
}

export type { AsyncBuffer };
