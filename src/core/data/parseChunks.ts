/**
 * A file's bytes, chunk by chunk as they arrive (a Blob's stream in the page's worker, a read
 * stream in the CLI), into the parser its first bytes call for (parsers/index.ts), and gzip
 * recognised on the way in. A gzip file (`.gz` name or the magic bytes 1f 8b) is read like the
 * plain one: the caller decompresses as it streams (DecompressionStream in the page, zlib in the
 * CLI) and the format is detected from the name without `.gz` (parsers/detect.ts). Detection needs
 * the first DETECTION_BYTES of the *decompressed* text, so chunks are held back until that many
 * have come (or the file ended).
 */
import { InputError } from '../base/errors.ts';
import { createParser, DETECTION_BYTES, ParseError, type StreamingParser } from './parsers/index.ts';
import type { ParseOptions, ParseResult } from './parsers/types.ts';

/** Whether a file is gzip-compressed: by its name, or by its first two bytes (RFC 1952's 1f 8b). */
export function isGzip(fileName: string, head: Uint8Array): boolean {
  return /\.gz$/i.test(fileName) || (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b);
}

/**
 * Parses the chunks of one file. `compressed`: the chunks come out of a decompressor, whose
 * failure (a truncated or corrupt `.gz`) is then the user's file at fault, reported as such.
 */
export async function parseChunks(
  chunks: AsyncIterable<Uint8Array>,
  options: ParseOptions,
  compressed = false,
): Promise<ParseResult> {
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
    throw new InputError(`${options.fileName}: not a readable gzip file (${error.message})`);
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
