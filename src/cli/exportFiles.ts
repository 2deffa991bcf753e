/**
 * Where a release exported as data (core/release/export, DESIGN.md sec. 4) goes for `anonymize
 * --export FILE` and `distribute --export FILE` (runFiles.ts) and `apply --export FILE`: the data
 * at FILE and, where the kind has one, a second table beside it (FILE without its extension +
 * `-generalized` or `-sensitive`, .parquet where the export is Parquet, else .csv). The second
 * table's name is known from the release kind before the run, so it is checked with the
 * other outputs (outputFiles.ts) before any work.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { COLUMNAR_HEAD_BYTES, columnarFormatOf } from '../core/data/columnar/readColumnar.ts';
import type { DatasetFormat } from '../core/data/dataset.ts';
import {
  isParquetFormat,
  sideTableSuffix,
  type ExportFile,
  type ExportFormat,
} from '../core/release/export/types.ts';
import type { OutputFiles, OutputTarget } from './outputFiles.ts';

/**
 * The export's targets: FILE, and the second table of a `kind` release beside it (a `.parquet`
 * when the export is Parquet, else a `.csv`).
 */
export function exportTargets(flag: string, path: string, kind: string, parquet = false): OutputTarget[] {
  const suffix = sideTableSuffix(kind);
  return [
    { what: flag, path },
    ...(suffix
      ? [
          {
            what: `${flag}'s ${suffix.slice(1)} table`,
            path: sideTablePath(path, suffix, parquet ? 'parquet' : 'csv'),
          },
        ]
      : []),
  ];
}

/**
 * Whether the export will be Parquet, known before any work: the format asked for, else the
 * input's own (a Parquet or Arrow input is exported as Parquet; its first bytes tell).
 */
export function exportIsParquet(
  asked: ExportFormat | undefined,
  input: string,
  forced: DatasetFormat | undefined,
): boolean {
  if (asked) return isParquetFormat(asked);
  const head = new Uint8Array(COLUMNAR_HEAD_BYTES);
  try {
    const fd = openSync(input, 'r');
    readSync(fd, head, 0, head.length, 0);
    closeSync(fd);
  } catch {
    return false; // reading the input names the problem
  }
  return columnarFormatOf(head, forced) !== null;
}

/** FILE-<suffix>.<extension> beside FILE (its extension replaced). */
function sideTablePath(path: string, suffix: string, extension: string): string {
  return `${path.replace(/\.[^./\\]+$/, '')}${suffix}.${extension}`;
}

/** Writes each exported file to its target (exportTargets, same order); returns the paths. */
export function writeExportFiles(
  outputs: OutputFiles,
  targets: readonly OutputTarget[],
  files: readonly ExportFile[],
): string[] {
  if (files.length !== targets.length)
    throw new Error(`the export has ${files.length} files, ${targets.length} were planned`);
  files.forEach((file, i) => outputs.writeWith(targets[i].path, (sink) => file.write(sink)));
  return targets.map((t) => t.path);
}
