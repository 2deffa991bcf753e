/**
 * An exported file (core/release/export) as the page receives it: a Blob, which crosses to the
 * page and into IndexedDB by reference, so a large release never blocks the main thread. Written
 * chunk after chunk into Blob parts (`BlobSink`): each 1 MB chunk becomes a Blob of its own (the
 * browser keeps Blob data out of the worker's heap, on disk when it is large) and the file is the
 * Blob of those parts, never one string or one buffer (issue 31: 0.7 GB of release JSON).
 */
import type { ExportFile } from '../src/core/release/export/types.ts';
import type { ByteSink } from '../src/core/release/export/textWriter.ts';
import type { RunFile } from './engineTypes.ts';

/** A sink whose chunks become a Blob's parts. */
export class BlobSink implements ByteSink {
  private readonly parts: Blob[] = [];

  write(chunk: Uint8Array): void {
    // The chunk is the writer's and is filled again: a Blob copies it.
    this.parts.push(new Blob([chunk as Uint8Array<ArrayBuffer>]));
  }

  blob(type: string): Blob {
    return new Blob(this.parts, { type });
  }
}

/** What `write` writes, as a Blob of `type`. */
export function blobOf(write: (sink: ByteSink) => void, type: string): Blob {
  const sink = new BlobSink();
  write(sink);
  return sink.blob(type);
}

export function toRunFile(file: ExportFile): RunFile {
  return {
    suffix: file.suffix,
    extension: file.extension,
    description: file.description,
    blob: blobOf((sink) => file.write(sink), file.mime),
  };
}
