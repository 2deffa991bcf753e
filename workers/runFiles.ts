/**
 * An exported file (core/release/export) as the page receives it: a Blob, which crosses to the
 * page and into IndexedDB by reference, so a large release never blocks the main thread.
 */
import type { ExportFile } from '../src/core/release/export/types.ts';
import type { RunFile } from './engineTypes.ts';

export function toRunFile(file: ExportFile): RunFile {
  return {
    suffix: file.suffix,
    extension: file.extension,
    description: file.description,
    blob: new Blob([...file.parts], { type: file.mime }),
  };
}
