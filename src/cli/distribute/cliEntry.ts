/**
 * The command that starts this CLI in a new process, for the tasks `distribute` hands to an
 * engine. Until issue 34's `txanon` bin (plain JavaScript) lands on main this is Node with tsx's
 * loader on src/cli/main.ts, by absolute paths, so a task runs from any working directory (a Dask
 * worker's, a Slurm node's); the bin replaces it here, in one line.
 */
import { fileURLToPath } from 'node:url';

export function cliCommand(): string[] {
  return [
    process.execPath,
    '--import',
    fileURLToPath(import.meta.resolve('tsx')),
    fileURLToPath(new URL('../main.ts', import.meta.url)),
  ];
}
