/**
 * `--engine dask`: the partitions' tasks on Dask distributed (Debian's python3-distributed), by
 * its own client and scheduler: dask_driver.py beside this file, started with Python 3 (the
 * system's /usr/bin/python3 where it exists, else `python3`; TXANON_PYTHON names another). Without
 * `--scheduler` the driver starts a LocalCluster of `workers` single-threaded worker processes
 * (dask_client.py, shared with dask_rounds.py); with one, the tasks go to that cluster (its workers must see the work directory and run this
 * CLI at the same path). Progress lines come from the driver, on stderr.
 */
import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError } from '../cliError.ts';
import { TaskFailed, type EngineOptions, type EngineTask, type TaskOutcome } from './engine.ts';
import { killGroup, onInterrupt } from './interrupt.ts';
import { attemptReason } from './taskReason.ts';

/** The driver's word on a partition that failed the run (dask_driver.py's results). */
interface DaskFailure {
  part: number;
  attempts: number;
  attemptDir: string | null;
  badInput?: boolean;
}

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

/** How long the scheduler may take to accept a connection (the check and the driver's client). */
export const SCHEDULER_TIMEOUT_S = 10;

/**
 * Refuses before any work a `--scheduler` that is no `tcp://host:port` (or tls://) address, or
 * that does not accept a connection within SCHEDULER_TIMEOUT_S (issue 43, F12: the driver's client
 * otherwise tried for half a minute and ended in a long Python traceback).
 */
export async function checkScheduler(address: string): Promise<void> {
  const match = /^(?:tcp|tls):\/\/(\[[^\]]+\]|[^:/]+):(\d{1,5})\/?$/.exec(address);
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 65535)
    throw new CliError(`--scheduler ${address}: expected a Dask scheduler's address such as tcp://host:8786`);
  const host = match[1].replace(/^\[|\]$/g, '');
  const problem = await new Promise<string | null>((resolve) => {
    const socket = connect({ host, port: Number(match[2]) });
    socket.setTimeout(SCHEDULER_TIMEOUT_S * 1000, () => {
      socket.destroy();
      resolve(`no answer within ${SCHEDULER_TIMEOUT_S} s`);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(null);
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      resolve(
        error.code === 'ECONNREFUSED'
          ? 'connection refused (ECONNREFUSED): no scheduler listens there'
          : `${error.code ?? error.message}`,
      ),
    );
  });
  if (problem) throw new CliError(`--scheduler ${address}: cannot reach the scheduler: ${problem}`);
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
    // Detached: the driver, its LocalCluster and the tasks' processes are one process group,
    // which a signal to this process ends whole (interrupt.ts).
    const child = spawn(daskPython(), ['-B', DRIVER, manifest, results], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    const dispose = onInterrupt(() => killGroup(child.pid));
    child.on('close', dispose);
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
  let outcome: { error: string | null; failed?: DaskFailure | null; tasks: TaskOutcome[] };
  try {
    outcome = JSON.parse(readFileSync(results, 'utf8'));
  } catch {
    throw new TaskFailed(
      `the Dask driver ended with exit code ${code} and no results (its messages are above)`,
    );
  }
  const failed = outcome.failed;
  if (failed?.attemptDir) {
    // The task's real error, from the whole standard error of its last attempt (taskReason.ts).
    const why = attemptReason(failed.attemptDir, outcome.error ?? '');
    throw new TaskFailed(
      failed.badInput
        ? `partition ${failed.part}: ${why}`
        : `partition ${failed.part} failed after ${failed.attempts} attempts; the last: ${why}`,
    );
  }
  if (outcome.error || code !== 0)
    throw new TaskFailed(outcome.error ?? `the Dask driver ended with exit code ${code}`);
  return outcome.tasks;
}
