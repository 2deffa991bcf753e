/**
 * Writing a large file in pieces. One `writeFileSync` of a 70 MB string encodes it into one fresh
 * 70 MB buffer, and on the machines this project runs on the first write to fresh memory costs
 * about 8 ms per MB: a gray-cahd release of the 410,201-row Netflix shape took 1.1-1.9 s to write
 * that way, 0.1-0.3 s in 4 MB pieces (each piece's buffer reused by the allocator).
 */
import { closeSync, openSync, writeSync } from 'node:fs';

const PIECE = 1 << 22;

/** Writes `parts` (bytes) one after the other into `path`. */
export function writeParts(path: string, parts: Iterable<Uint8Array | string>): void {
  const fd = openSync(path, 'w');
  try {
    for (const part of parts) {
      if (typeof part === 'string') writeSync(fd, part);
      else writeSync(fd, part);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `text` and a final line break into `path`, in pieces of about `piece` UTF-16 units (4 M;
 * tests set a few).
 */
export function writeTextFile(path: string, text: string, piece = PIECE): void {
  writeParts(path, [...textPieces(text, piece), '\n']);
}

/** `text` cut into pieces, never between the two halves of a surrogate pair. */
function* textPieces(text: string, piece: number): Generator<string> {
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + piece, text.length);
    const last = text.charCodeAt(end - 1);
    const next = text.charCodeAt(end); // NaN past the end
    if (last >= 0xd800 && last <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) end++;
    yield text.slice(start, end);
    start = end;
  }
}
