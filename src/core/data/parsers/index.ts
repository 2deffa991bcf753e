/**
 * Entry point of the parsers: picks the format (forced or detected) and feeds byte chunks to it.
 * FIMI streams byte by byte; the CSV and ARFF parsers check that the chunks are text (textGuard.ts),
 * decode them as UTF-8 as they come and parse the text piece by piece as the pieces fill
 * (textPieces.ts: never the whole file as one string), every line end (LF, CR LF, a bare CR) read
 * as one. A file that starts as a binary format does is refused before detection. Callers (the parse worker, the CLI, tests) only see `createParser`.
 */
import type { DatasetFormat } from '../dataset.ts';
import { arffReader } from './arff.ts';
import { csvBasketReader } from './csvBasket.ts';
import { csvLongReader } from './csvLong.ts';
import { defaultDelimiter, detectFormat } from './detect.ts';
import { exportLayoutOfText, layoutHeader, qidTableName } from '../exportLayout.ts';
import { FimiParser } from './fimi.ts';
import { relationalReader } from './relational.ts';
import { checkSignature } from './textGuard.ts';
import { byteDelimiter, textStream } from './textStream.ts';
import { csvByteParser } from './csvByteParsers.ts';
import { ParseError } from './parseError.ts';
import type { ParseOptions, ParseResult } from './types.ts';

export { ParseError } from './parseError.ts';
export type { ParseOptions, ParseResult, ParseProgress } from './types.ts';

export { FORMATS } from '../formats.ts';

export interface StreamingParser {
  readonly format: DatasetFormat;
  push(chunk: Uint8Array): void;
  finish(): ParseResult;
}

/** How many bytes of the file's start `createParser` wants to see for detection. */
export const DETECTION_BYTES = 64 * 1024;

/** A parser for the file whose first bytes are `head` (the format detected unless forced). */
export function createParser(options: ParseOptions, head: Uint8Array): StreamingParser {
  checkSignature(head, options.fileName);
  const delimiter = options.delimiter ?? defaultDelimiter(options.fileName);
  const withDelimiter: ParseOptions = { ...options, delimiter };
  const text = withLineFeeds(new TextDecoder().decode(head.subarray(0, DETECTION_BYTES)));
  const format = options.format ?? detectFormat(options.fileName, text, delimiter);
  // An exported groups or buckets table is rows of items by its `row` column (exportLayout.ts);
  // a groups export's sensitive table alone is no dataset.
  const layout = options.format === undefined && delimiter === ',' ? exportLayoutOfText(text) : null;
  if (layout === 'groups-sensitive')
    throw new ParseError(
      options.fileName,
      1,
      1,
      `this is the sensitive table of a groups export (${layoutHeader(layout)}): load it together with ${qidTableName(options.fileName) ?? 'the QID table'} (group,row,item), the table it belongs to`,
    );
  if (layout !== null) withDelimiter.tidColumn = 'row';
  if (format === 'parquet' || format === 'parquet-long' || format === 'arrow' || format === 'arrow-long')
    throw new ParseError(
      options.fileName,
      1,
      1,
      `a ${format.replace('-long', '')} file is read as a table (core/data/columnar), not as a stream of text`,
    );
  if (format === 'fimi') {
    const fimi = new FimiParser(withDelimiter);
    return { format, push: (chunk) => fimi.push(chunk), finish: () => fimi.finish() };
  }
  const parser = textParser(format, withDelimiter);
  return layout === null ? parser : { ...parser, finish: () => ({ ...parser.finish(), layout }) };
}

function textParser(
  format: 'csv-basket' | 'csv-long' | 'relational' | 'arff',
  options: ParseOptions,
): StreamingParser {
  const delimiter = options.delimiter ?? ',';
  if ((format === 'csv-basket' || format === 'csv-long') && byteDelimiter(delimiter) >= 0)
    return { format, ...csvByteParser(format, options) };
  const reader = {
    'csv-basket': csvBasketReader,
    'csv-long': csvLongReader,
    relational: relationalReader,
    arff: arffReader,
  }[format](options);
  return { format, ...textStream(reader, options.fileName, format === 'arff' ? null : delimiter) };
}

/** Every line end (CR LF, or a bare CR as old Mac files have) as LF, which the text parsers split on. */
function withLineFeeds(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** Parses a whole file held in memory. */
export function parseBytes(bytes: Uint8Array, options: ParseOptions): ParseResult {
  const parser = createParser({ sizeHint: bytes.length, ...options }, bytes.subarray(0, DETECTION_BYTES));
  parser.push(bytes);
  return parser.finish();
}

/** Parses a string (tests, samples typed in). */
export function parseText(text: string, options: ParseOptions): ParseResult {
  return parseBytes(new TextEncoder().encode(text), options);
}
