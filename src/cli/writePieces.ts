/**
 * Writing large files in pieces. A release of 480,189 Netflix-shaped rows is 0.7 GB of JSON, more
 * than one JS string holds (issue 31), so nothing is written from one string: a writer hands its
 * bytes chunk after chunk to a sink (core/release/export/textWriter.ts), and `writeFile` makes the
 * sink a file. One `writeFileSync` of a 70 MB string encoded it into one fresh 70 MB buffer, and on
 * the machines this project runs on the first write to fresh memory costs about 8 ms per MB; the
 * writers reuse one 1 MB chunk. `FileSink` is the one place a CLI file is opened for writing.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import type { ByteSink } from '../core/release/export/textWriter.ts';

const PIECE = 1 << 22;

/** A file written through a sink: opened on creation, closed by `close`. */
export class FileSink implements ByteSink {
  private readonly fd: number;

  constructor(readonly path: string) {
    this.fd = openSync(path, 'w');
  }

  write(chunk: Uint8Array | string): void {
    if (typeof chunk === 'string') writeSync(this.fd, chunk);
    else for (let at = 0; at < chunk.length;) at += writeSync(this.fd, chunk, at, chunk.length - at);
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** Writes into `path` what `write` hands its sink (the file is closed whatever happens). */
export function writeFile(path: string, write: (sink: ByteSink) => void): void {
  const file = new FileSink(path);
  try {
    write(file);
  } finally {
    file.close();
  }
}

/** What `write` writes, then a line break (a JSON file ends with one). */
export function writeJsonLine(sink: ByteSink, write: (sink: ByteSink) => void): void {
  write(sink);
  sink.write(NEWLINE);
}

const NEWLINE = Uint8Array.of(0x0a);

/**
 * Writes `text` and a final line break into `path`, in pieces of about `piece` UTF-16 units (4 M;
 * tests set a few).
 */
export function writeTextFile(path: string, text: string, piece = PIECE): void {
  const file = new FileSink(path);
  try {
    for (const part of textPieces(text, piece)) file.write(part);
    file.write('\n');
  } finally {
    file.close();
  }
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
