/**
 * `distribute --mode rounds --engine dask` (issue 35): a method's own rounds (methods/types.ts
 * RoundsPlan; PatternKa's Alg. 5: the map of each mining's rows into conditional databases keyed by
 * item, the reduce searching each key's branch group) run on Dask over the whole input, its steps
 * (Alg. 1's class formation, the minings' merge) here, exactly as workers/roundsHere.ts runs them
 * on worker threads: the same tasks, so the release of a run in one process. dask_rounds.py is the
 * engine's side: each round's tasks are Dask tasks answered by a task server per worker (`tasks`
 * command) that read the input once.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Dataset } from '../../core/data/dataset.ts';
import type { MethodResult } from '../../core/methods/types.ts';
import { startRounds } from '../../core/run/runRounds.ts';
import type { RunRequest } from '../../core/run/runRecord.ts';
import { daskPython } from './daskEngine.ts';
import { TaskFailed, type EngineOptions } from './engine.ts';
import { taskFromJson, taskToJson } from './taskJson.ts';

const DRIVER = fileURLToPath(new URL('./dask_rounds.py', import.meta.url));

export interface RoundsOutcome {
  result: MethodResult;
  elapsedMs: number;
  rounds: number;
  tasks: number;
}

export async function roundsOnDask(
  dataset: Dataset,
  request: RunRequest,
  server: readonly string[],
  options: EngineOptions,
): Promise<RoundsOutcome> {
  const started = performance.now();
  // -B: the driver's import of dask_client.py beside it writes no bytecode there.
  const child = spawn(daskPython(), ['-B', DRIVER], { stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (line.trim()) options.log(line);
  });
  const replies = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const send = (value: unknown) => child.stdin.write(JSON.stringify(value) + '\n');
  send({ scheduler: options.scheduler ?? null, workers: options.workers, retries: options.retries, server });
  let rounds = 0;
  let tasks = 0;
  try {
    let step = startRounds(dataset, request);
    while ('tasks' in step) {
      rounds++;
      tasks += step.tasks.length;
      child.stdin.write(`{"tasks":[${step.tasks.map((t) => JSON.stringify(taskToJson(t))).join(',')}]}\n`);
      const next = await replies.next();
      if (next.done)
        throw new TaskFailed(`the Dask driver ended in round ${rounds} (exit code ${await exited})`);
      const reply = JSON.parse(next.value) as { partials?: string[]; error?: string };
      if (reply.error !== undefined) throw new TaskFailed(reply.error);
      const partials = reply.partials!.map((line) => (taskFromJson(line) as { partial: unknown }).partial);
      options.log(
        `round ${rounds}: ${partials.length} tasks done after ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      step = step.next(partials);
    }
    child.stdin.end();
    const code = await exited;
    if (code !== 0) throw new TaskFailed(`the Dask driver ended with exit code ${code}`);
    return { result: step.result, elapsedMs: performance.now() - started, rounds, tasks };
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
}
