/**
 * Runs a sweep's requests on the worker pool, all queued at once so every worker stays busy; the
 * same code serves the page (Web Workers) and `cli sweep` (worker_threads). Each finished run is
 * reported as it lands, a run that fails becomes a failed record that says whether the setting
 * was infeasible (`input`) or the run broke (`internal`: a failed verifier, a crash), and cancelling stops every run still going at once while the finished ones stay.
 */
import type { FailedRun, SweepRun } from '../src/core/experiment/results.ts';
import type { RunRequest } from '../src/core/run/runRecord.ts';
import type { ParamValue } from '../src/core/methods/types.ts';
import { isEngineError } from './engineTypes.ts';
import { CancelledError, type WorkerPool } from './pool.ts';
import { recordOnPool } from './poolRun.ts';

export interface SweepCallbacks {
  /** A run's progress (0..1), reported while it runs. */
  onProgress?(index: number, fraction: number, phase?: string): void;
  /** A run finished (verified record or failed run). */
  onRun?(index: number, run: SweepRun): void;
}

export interface SweepOutcome {
  /** One entry per request: its record, or undefined when the sweep was cancelled before it ended. */
  runs: (SweepRun | undefined)[];
  cancelled: boolean;
}

export function failedRun(request: RunRequest, error: unknown): FailedRun {
  const message = isEngineError(error) || error instanceof Error ? error.message : String(error);
  // Bad input (parse, params, an infeasible setting) is the user's; anything else broke.
  const errorKind = isEngineError(error) && error.kind !== 'internal' ? 'input' : 'internal';
  return {
    method: request.method,
    params: request.params as Record<string, ParamValue>,
    seed: request.seed,
    ...(request.metricOptions
      ? { metricOptions: request.metricOptions as Record<string, number | string> }
      : {}),
    error: errorKind === 'internal' ? `internal error: ${message}` : message,
    errorKind,
  };
}

export async function runSweepOnPool(
  pool: WorkerPool,
  datasetId: string,
  requests: readonly RunRequest[],
  parallelMethods: ReadonlySet<string>,
  callbacks: SweepCallbacks = {},
  signal?: AbortSignal,
): Promise<SweepOutcome> {
  const runs: (SweepRun | undefined)[] = requests.map(() => undefined);
  let cancelled = false;
  await Promise.all(
    requests.map(async (request, index) => {
      try {
        const record = await recordOnPool(
          pool,
          datasetId,
          request,
          parallelMethods.has(request.method),
          (fraction, phase, step) =>
            callbacks.onProgress?.(index, fraction, step ? `${phase}: ${step}` : phase),
          signal,
        );
        runs[index] = record;
      } catch (error) {
        if (error instanceof CancelledError) {
          cancelled = true;
          return;
        }
        runs[index] = failedRun(request, error);
      }
      callbacks.onRun?.(index, runs[index]!);
    }),
  );
  return { runs, cancelled: cancelled || (signal?.aborted ?? false) };
}
