/**
 * Runs a method on the worker pool. A method with parallel tasks (MethodSpec.parallel, e.g. PTA's
 * segments) is planned on one worker, its tasks spread over every worker, and assembled, verified
 * and measured on one; runtime_ms then covers plan, tasks and assembly (wall clock). Other methods,
 * and any method on a pool of one worker, run whole on one worker.
 */
import { proxy, type Remote } from 'comlink';
import type { RunRecord, RunRequest } from '../src/core/run/runRecord.ts';
import type { RunProgress } from '../src/core/run/runPhases.ts';
import type { EngineApi, RunResult } from './engineTypes.ts';
import type { WorkerPool } from './pool.ts';

export type { RunProgress };

/** The last step of a run on one worker: `anonymize` (release files too) or `record` (sweeps). */
type Finish<T> = (
  api: Remote<EngineApi>,
  datasetId: string,
  request: RunRequest,
  progress: RunProgress,
  partials?: unknown[],
  elapsedMs?: number,
  slot?: number,
) => Promise<T>;

/** A run on the pool that ends with `finish`: plan and tasks first when the method has them. */
function onPool<T>(finish: Finish<T>) {
  return async (
    pool: WorkerPool,
    datasetId: string,
    request: RunRequest,
    parallelTasks: boolean,
    onProgress: RunProgress,
    signal?: AbortSignal,
  ): Promise<T> => {
    const progress = proxy(onProgress);
    if (!parallelTasks || pool.size < 2)
      return pool.run(
        (api, slot) => finish(api, datasetId, request, progress, undefined, undefined, slot),
        signal,
      );
    const started = performance.now();
    const tasks = await pool.run((api) => api.planTasks(datasetId, request), signal);
    let done = 0;
    const partials = await Promise.all(
      tasks.map((task) =>
        pool.run(async (api) => {
          const partial = await api.runTask(datasetId, request, task);
          onProgress(++done / tasks.length, 'running', `tasks on ${pool.size} workers`);
          return partial;
        }, signal),
      ),
    );
    return pool.run(
      (api, slot) => finish(api, datasetId, request, progress, partials, performance.now() - started, slot),
      signal,
    );
  };
}

/** A verified run with its release files (the Anonymize page). */
export const runOnPool = onPool<RunResult>(async (api, id, request, progress, partials, elapsed, slot) => ({
  ...(await api.anonymize(id, request, progress, partials, elapsed)),
  slot,
}));

/** A verified run's record only (sweeps): no release files cross the worker boundary. */
export const recordOnPool = onPool<RunRecord>((api, id, request, progress, partials, elapsed) =>
  api.record(id, request, progress, partials, elapsed),
);
