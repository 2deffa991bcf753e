/**
 * The CLI as a user runs it: a process of its own, started through tsx from the sources (about a
 * second each; cliInProcess.ts runs many command lines in the test's own process). Plain Node,
 * without a test runner's API, so that Vitest tests and Playwright specs share it.
 */
import { spawnSync } from 'node:child_process';

export interface SpawnedCli {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `txanon ARGS` (src/cli/main.ts) to its end: its exit code, stdout and stderr. */
export function cliSpawned(...args: string[]): SpawnedCli {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
