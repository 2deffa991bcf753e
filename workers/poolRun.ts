/**
 * Runs a method on the worker pool. A method with parallel tasks (MethodSpec.parallel, e.g. PTA's
 * segments) is planned on one worker, its tasks spread over every worker, and assembled, verified
 * and measured on one; runtime_ms then covers plan, tasks and assembly (wall clock). Other methods,
 * and any method on a pool of one worker, run whole on one worker.
 */
import { proxy } from 'comlink';
import type { RunRequest } from '../src/core/experiment/runRecord.ts';
import type { RunResult } from './engineTypes.ts';
import type { WorkerPool } from './pool.ts';

export type RunProgress = (fraction: number, phase?: string) => void;

export async function runOnPool(
  pool: WorkerPool,
  datasetId: string,
  request: RunRequest,
  parallelTasks: boolean,
  onProgress: RunProgress,
  signal?: AbortSignal,
): Promise<RunResult> {
  const progress = proxy(onProgress);
  if (!parallelTasks || pool.size < 2) {
    return pool.run((api) => api.anonymize(datasetId, request, progress), signal);
  }
  const started = performance.now();
  const tasks = await pool.run((api) => api.planTasks(datasetId, request), signal);
  let done = 0;
  const partials = await Promise.all(
    tasks.map((task) =>
      pool.run(async (api) => {
        const partial = await api.runTask(datasetId, request, task);
        onProgress(++done / tasks.length, `tasks on ${pool.size} workers`);
        return partial;
      }, signal),
    ),
  );
  return pool.run(
    (api) => api.anonymize(datasetId, request, progress, partials, performance.now() - started),
    signal,
  );
}
