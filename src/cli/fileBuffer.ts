/**
 * A file on disk as hyparquet's random-access `AsyncBuffer`: its size and any byte range, read
 * with one positioned read each (a Parquet reader asks for the footer, then each column chunk), so
 * a large file is never read whole. The descriptor is closed by `close()`.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { AsyncBuffer } from '../core/data/columnar/readColumnar.ts';

export interface FileBuffer extends AsyncBuffer {
  close(): void;
}

export function fileBuffer(path: string): FileBuffer {
  const fd = openSync(path, 'r');
  const byteLength = fstatSync(fd).size;
  return {
    byteLength,
    slice(start: number, end = byteLength): ArrayBuffer {
      const length = Math.max(0, Math.min(end, byteLength) - start);
      const bytes = new Uint8Array(length);
      for (let at = 0; at < length;) {
        const read = readSync(fd, bytes, at, length - at, start + at);
        if (read === 0) break;
        at += read;
      }
      return bytes.buffer;
    },
    close: () => closeSync(fd),
  };
}
