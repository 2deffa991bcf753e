/**
 * The text path of the text formats: bytes checked as text (textGuard.ts), decoded as UTF-8 as
 * they come and cut into pieces at record ends (textPieces.ts), each piece handed to a format's
 * piece reader. Relational CSV and ARFF always go this way; CSV baskets and tid,item go through
 * the byte tokenizer (csvBytes.ts) and come here only from the row where it meets what it leaves
 * to papaparse (a malformed quote, a row too short), so that such a row's error is the same.
 */
import { TextGuard } from './textGuard.ts';
import { TextPieces, type PieceReader } from './textPieces.ts';
import type { ParseResult } from './types.ts';

export interface ByteStream {
  push(chunk: Uint8Array): void;
  finish(): ParseResult;
}

/** Where a text stream starts in its file (1-based line and column; whether bytes came before). */
export interface StreamStart {
  line: number;
  column: number;
  started: boolean;
}

/**
 * A piece reader fed raw bytes. `delimiter`: the CSV delimiter (quotes may hold line ends), null
 * for ARFF. `start`: where the bytes start (mid-file when the byte tokenizer hands on).
 */
export function textStream(
  reader: PieceReader,
  fileName: string,
  delimiter: string | null,
  start: StreamStart = { line: 1, column: 1, started: false },
): ByteStream {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: start.started });
  const guard = new TextGuard(fileName, start.line, start.column);
  const pieces = new TextPieces(
    (text, firstLine) => reader.piece(text, firstLine),
    delimiter,
    undefined,
    start,
  );
  return {
    push: (chunk) => {
      guard.check(chunk);
      pieces.push(decoder.decode(chunk, { stream: true }));
    },
    finish: () => {
      guard.end();
      pieces.push(decoder.decode());
      pieces.end();
      return reader.finish();
    },
  };
}

/** The delimiter's byte when the byte tokenizer can split on it (one printable ASCII byte but the quote, or a tab), else -1. */
export function byteDelimiter(delimiter: string): number {
  if (delimiter.length !== 1) return -1;
  const c = delimiter.charCodeAt(0);
  return (c >= 32 && c < 127 && c !== 34) || c === 9 ? c : -1;
}
