/**
 * The command that starts this CLI in a new process, for the tasks `distribute` hands to an engine
 * (issue 35): the same program this one is. Run from the built `txanon` program (dist-cli/, plain
 * JavaScript: issue 34), it is that program; run from the sources (`npm run -s cli`, the tests), it
 * is Node with tsx's loader on src/cli/main.ts. Both by absolute paths, so a task runs from any
 * working directory (a Dask worker's, a Slurm node's), and never a build older than the sources.
 */
import { fileURLToPath } from 'node:url';

export function cliCommand(): string[] {
  if (!fileURLToPath(import.meta.url).endsWith('.ts'))
    return [process.execPath, fileURLToPath(new URL('./txanon.mjs', import.meta.url))];
  return [
    process.execPath,
    '--import',
    fileURLToPath(import.meta.resolve('tsx')),
    fileURLToPath(new URL('../main.ts', import.meta.url)),
  ];
}
