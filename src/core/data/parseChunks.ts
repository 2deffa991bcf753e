/**
 * A file's bytes, chunk by chunk as they arrive (a Blob's stream in the page's worker, a read
 * stream in the CLI), into the parser its first bytes call for (parsers/index.ts), and gzip
 * recognised on the way in. A gzip file (`.gz` name or the magic bytes 1f 8b) is read like the
 * plain one: the caller decompresses as it streams (DecompressionStream in the page, zlib in the
 * CLI) and the format is detected from the name without `.gz` (parsers/detect.ts). Detection needs
 * the first DETECTION_BYTES of the *decompressed* text, so chunks are held back until that many
 * have come (or the file ended).
 *
 * A gzip file has a decompression budget (GZIP_BUDGET), checked as the text comes: it may expand
 * at most `ratio` times the compressed bytes read so far (beyond a first `floorBytes`, which any
 * file may have) and to at most `maxBytes`. Real transaction files expand 3 to 30 times (BMS1 4.4, chess
 * 26); 60 MB of newlines gzip to 58 kB (1,030 times) and, read on, cost seconds and half a GB
 * before being refused for holding no transaction: such a file is refused early, with the figures.
 * A gzip stream that breaks is reported at the line and column of the text it had reached.
 */
import { InputError } from '../base/errors.ts';
import { createParser, DETECTION_BYTES, ParseError, type StreamingParser } from './parsers/index.ts';
import type { ParseOptions, ParseResult } from './parsers/types.ts';

/** Whether a file is gzip-compressed: by its name, or by its first two bytes (RFC 1952's 1f 8b). */
export function isGzip(fileName: string, head: Uint8Array): boolean {
  return /\.gz$/i.test(fileName) || (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b);
}

/** The decompression budget of a gzip file (see the top). */
export const GZIP_BUDGET = { ratio: 300, floorBytes: 2 ** 20, maxBytes: 4 * 2 ** 30 };

/**
 * Parses the chunks of one file. `compressed`: the chunks come out of a decompressor, whose
 * failure (a truncated or corrupt `.gz`) is then the user's file at fault, reported as such; with
 * the compressed bytes read so far (`read`, else the file's size `bytes`), the ratio of the budget
 * is checked too.
 */
export async function parseChunks(
  chunks: AsyncIterable<Uint8Array>,
  options: ParseOptions,
  compressed: boolean | { bytes?: number; read?: () => number } = false,
): Promise<ParseResult> {
  const text = compressed ? new TextPosition() : null;
  const sizes = typeof compressed === 'object' ? compressed : {};
  const budget = compressed
    ? gzipBudget(options.fileName, sizes.read ?? (sizes.bytes === undefined ? undefined : () => sizes.bytes!))
    : null;
  let parser: StreamingParser | null = null;
  const held: Uint8Array[] = [];
  let heldBytes = 0;
  const start = () => {
    const head = concat(held, Math.min(heldBytes, DETECTION_BYTES));
    const created = createParser(options, head);
    for (const chunk of held) created.push(chunk);
    held.length = 0;
    return created;
  };
  try {
    for await (const chunk of chunks) {
      if (text) {
        text.advance(chunk);
        budget!(text.bytes);
      }
      if (parser) {
        parser.push(chunk);
        continue;
      }
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes >= DETECTION_BYTES) parser = start();
    }
  } catch (error) {
    // The parser's own errors (a bad line deep in the file) are about the data, not the gzip stream.
    if (
      !compressed ||
      !(error instanceof Error) ||
      error instanceof InputError ||
      error instanceof ParseError
    )
      throw error;
    throw new ParseError(
      options.fileName,
      text!.line,
      text!.column,
      `not a readable gzip file (${error.message}) after ${text!.bytes} bytes of text`,
    );
  }
  parser ??= start();
  return parser.finish();
}

/** The first `length` bytes of the chunks, as one array. */
function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    if (at >= length) break;
    const part = chunk.subarray(0, length - at);
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Where the decompressed text has come to: bytes, and the line and column after the last one. */
class TextPosition {
  bytes = 0;
  line = 1;
  column = 1;

  advance(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    const last = chunk.lastIndexOf(0x0a);
    if (last < 0) {
      this.column += chunk.length;
      return;
    }
    for (let i = 0; i <= last; i++) if (chunk[i] === 0x0a) this.line++;
    this.column = chunk.length - last;
  }
}

/** A check of the decompressed size so far against GZIP_BUDGET; `read`: compressed bytes read so far. */
function gzipBudget(fileName: string, read: (() => number) | undefined): (bytes: number) => void {
  const { ratio, floorBytes, maxBytes } = GZIP_BUDGET;
  return (bytes) => {
    const compressed = read?.();
    const byRatio = compressed === undefined ? Infinity : Math.max(floorBytes, ratio * compressed);
    if (bytes <= Math.min(maxBytes, byRatio)) return;
    const count = (n: number) => n.toLocaleString('en-US');
    throw new InputError(
      bytes > maxBytes
        ? `${fileName}: refused: its text passes ${count(bytes)} bytes, more than the ${count(maxBytes)} a gzip file may hold here; decompress it and read the plain file`
        : `${fileName}: refused: ${count(compressed!)} compressed bytes expand past ${count(bytes)} bytes, more than ${ratio} times their size (real transaction files expand 3 to 30 times); if this is the data you meant, decompress it and read the plain file`,
    );
  };
}
