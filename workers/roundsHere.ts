/**
 * A run's method part in rounds (core/run/runRounds.ts) coordinated in this thread, each round's
 * tasks spread over the pool, whose workers hold the dataset under `datasetId`: the CLI's way
 * (its main thread would otherwise only wait). The page's way, coordinated on a worker, is
 * poolRun.ts. The tasks are those of a run in one thread, so the release is the same; the result
 * and the wall time of the rounds go to runMethod (`result`, `elapsedMs`) to be verified and measured.
 */
import type { Dataset } from '../src/core/data/dataset.ts';
import type { MethodResult } from '../src/core/methods/types.ts';
import type { ContextHooks } from '../src/core/run/resolveRequest.ts';
import type { RunRequest } from '../src/core/run/runRecord.ts';
import { startRounds } from '../src/core/run/runRounds.ts';
import type { WorkerPool } from './pool.ts';

export async function roundsHere(
  pool: WorkerPool,
  datasetId: string,
  dataset: Dataset,
  request: RunRequest,
  hooks: ContextHooks = {},
): Promise<{ result: MethodResult; elapsedMs: number }> {
  const started = performance.now();
  let step = startRounds(dataset, request, hooks);
  while ('tasks' in step) {
    const partials = await Promise.all(
      step.tasks.map((task) => pool.run((api) => api.runTask(datasetId, request, task))),
    );
    step = step.next(partials);
  }
  return { result: step.result, elapsedMs: performance.now() - started };
}
