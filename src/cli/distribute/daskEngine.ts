/**
 * `--engine dask`: the partitions' tasks on Dask distributed (Debian's python3-distributed), by
 * its own client and scheduler: dask_driver.py beside this file, started with Python 3 (the
 * system's /usr/bin/python3 where it exists, else `python3`; TXANON_PYTHON names another). Without
 * `--scheduler` the driver starts a LocalCluster of `workers` single-threaded worker processes
 * (dask_client.py, shared with dask_rounds.py); with one, the tasks go to that cluster (its workers must see the work directory and run this
 * CLI at the same path). Progress lines come from the driver, on stderr.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError } from '../cliError.ts';
import { TaskFailed, type EngineOptions, type EngineTask, type TaskOutcome } from './engine.ts';

const DRIVER = fileURLToPath(new URL('./dask_driver.py', import.meta.url));

/** The Python that runs the driver. */
export function daskPython(): string {
  return process.env.TXANON_PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
}

/** Refuses before any work when the Python has no `distributed`, saying how to get it. */
export function checkDask(): void {
  const python = daskPython();
  const probe = spawnSync(python, ['-c', 'import distributed'], { encoding: 'utf8' });
  if (probe.status !== 0)
    throw new CliError(
      `--engine dask needs Dask distributed in ${python} (Debian: apt-get install python3-distributed; or name a Python with TXANON_PYTHON): ${(probe.stderr || probe.error?.message || '').trim().split('\n').pop()}`,
    );
}

export async function runDask(tasks: readonly EngineTask[], options: EngineOptions): Promise<TaskOutcome[]> {
  const manifest = join(options.workDir, 'dask-manifest.json');
  const results = join(options.workDir, 'dask-results.json');
  writeFileSync(
    manifest,
    JSON.stringify({
      scheduler: options.scheduler ?? null,
      workers: options.workers,
      retries: options.retries,
      tasks,
    }),
  );
  const code = await new Promise<number>((resolve, reject) => {
    // -B: the driver's import of dask_client.py beside it writes no bytecode there.
    const child = spawn(daskPython(), ['-B', DRIVER, manifest, results], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let pending = '';
    child.stderr.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) if (line.trim()) options.log(line);
    });
    child.on('error', reject);
    child.on('close', (c) => {
      if (pending.trim()) options.log(pending);
      resolve(c ?? 1);
    });
  });
  let outcome: { error: string | null; tasks: TaskOutcome[] };
  try {
    outcome = JSON.parse(readFileSync(results, 'utf8'));
  } catch {
    throw new TaskFailed(
      `the Dask driver ended with exit code ${code} and no results (its messages are above)`,
    );
  }
  if (outcome.error || code !== 0)
    throw new TaskFailed(outcome.error ?? `the Dask driver ended with exit code ${code}`);
  return outcome.tasks;
}
