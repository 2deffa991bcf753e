/**
 * Where a release exported as data (core/release/export, DESIGN.md sec. 4) goes for `anonymize
 * --export FILE` and `apply --export FILE`: the data at FILE and, where the kind has one, a second
 * table beside it (FILE without its extension + `-generalized.csv` or `-sensitive.csv`). The
 * second table's name is known from the release kind before the run, so it is checked with the
 * other outputs (outputFiles.ts) before any work.
 */
import { sideTableSuffix, type ExportFile } from '../core/release/export/types.ts';
import type { OutputFiles, OutputTarget } from './outputFiles.ts';

/** The export's targets: FILE, and the second table of a `kind` release beside it. */
export function exportTargets(flag: string, path: string, kind: string): OutputTarget[] {
  const suffix = sideTableSuffix(kind);
  return [
    { what: flag, path },
    ...(suffix ? [{ what: `${flag}'s ${suffix.slice(1)} table`, path: sideTablePath(path, suffix) }] : []),
  ];
}

/** FILE-<suffix>.csv beside FILE (its extension replaced). */
function sideTablePath(path: string, suffix: string): string {
  return `${path.replace(/\.[^./\\]+$/, '')}${suffix}.csv`;
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
