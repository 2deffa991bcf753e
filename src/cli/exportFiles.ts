/**
 * Writes a release exported as data (core/release/export, DESIGN.md sec. 4) for `anonymize
 * --export FILE` and `apply --export FILE`: the data at FILE and, where the kind has one, a second
 * table beside it (FILE without its extension + `-generalized.csv` or `-sensitive.csv`). A second
 * table that would land on a file the command reads or writes is refused before anything is written
 * (checkedExportTargets, then writeExportFiles).
 */
import { resolve } from 'node:path';
import type { ExportFile } from '../core/release/export/types.ts';
import { CliError } from './cliError.ts';
import { writeFile } from './writePieces.ts';

/** Where each file goes: FILE for the data, FILE-<suffix>.<extension> beside it for a second table. */
export function exportTargets(path: string, files: readonly ExportFile[]): string[] {
  return files.map((file) =>
    file.suffix === '' ? path : `${path.replace(/\.[^./\\]+$/, '')}${file.suffix}.${file.extension}`,
  );
}

/**
 * The targets of `files`, refused (before anything is written) when a second table would land on a
 * path the command reads or writes (`taken`).
 */
export function checkedExportTargets(
  path: string,
  files: readonly ExportFile[],
  taken: readonly (string | undefined)[],
): string[] {
  const targets = exportTargets(path, files);
  const busy = new Set(taken.filter((p): p is string => p !== undefined).map((p) => resolve(p)));
  for (const target of targets.slice(1))
    if (busy.has(resolve(target)))
      throw new CliError(`the table ${target} (beside --export) would overwrite a file of this command`);
  return targets;
}

/** Writes each file to its target (checkedExportTargets) and returns the targets. */
export function writeExportFiles(targets: readonly string[], files: readonly ExportFile[]): string[] {
  files.forEach((file, i) => writeFile(targets[i], (sink) => file.write(sink)));
  return [...targets];
}
