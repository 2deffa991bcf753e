/**
 * Runs a method on the worker pool. A method with tasks (MethodSpec.parallel, PTA's segments, one
 * round; MethodSpec.rounds, PatternKa's minings split by Alg. 5, a round per mining) is started on
 * one worker, which keeps the run's state; each round's tasks are spread over every worker, the
 * results go back to that worker for the next round, and it verifies and measures the result;
 * runtime_ms then covers the rounds (wall clock). Other methods, and any method on a pool of one
 * worker, run whole on one worker.
 */
import { proxy, type Remote } from 'comlink';
import type { RunRecord, RunRequest } from '../src/core/run/runRecord.ts';
import type { RunProgress } from '../src/core/run/runPhases.ts';
import type { EngineApi, FinishedRounds, Round, RunResult } from './engineTypes.ts';
import type { WorkerPool } from './pool.ts';

export type { RunProgress };

/** Task results sent to the coordinating worker per message (see onPool). */
const PARTIALS_PER_MESSAGE = 64;

/** The last step of a run on one worker: `anonymize` (release files too) or `record` (sweeps). */
type Finish<T> = (
  api: Remote<EngineApi>,
  datasetId: string,
  request: RunRequest,
  progress: RunProgress,
  rounds?: FinishedRounds,
  slot?: number,
) => Promise<T>;

/** A run on the pool that ends with `finish`: its rounds of tasks first when the method has them. */
function onPool<T>(finish: Finish<T>) {
  return async (
    pool: WorkerPool,
    datasetId: string,
    request: RunRequest,
    parallelTasks: boolean,
    onProgress: RunProgress,
    signal?: AbortSignal,
  ): Promise<T> => {
    // The method's own progress (PatternKa's groups, reported from its start) when it reports any;
    // otherwise (PTA's one round of segments) the share of the round's tasks done.
    let ownProgress = false;
    const progress = proxy<RunProgress>((fraction, phase, step) => {
      ownProgress = true;
      onProgress(fraction, phase, step);
    });
    if (!parallelTasks || pool.size < 2)
      return pool.run((api, slot) => finish(api, datasetId, request, progress, undefined, slot), signal);
    const started = performance.now();
    let coordinator = 0;
    let token: string | undefined;
    try {
      let round = await pool.run<Round>(async (api, slot) => {
        coordinator = slot;
        return await api.startRounds(datasetId, request, progress);
      }, signal);
      token = round.token;
      while (!round.done) {
        const { tasks } = round;
        let done = 0;
        const partials = await Promise.all(
          tasks.map((task) =>
            pool.run(async (api) => {
              const partial = await api.runTask(datasetId, request, task);
              done++;
              if (!ownProgress) onProgress(done / tasks.length, 'running', `tasks on ${pool.size} workers`);
              return partial;
            }, signal),
          ),
        );
        // To the coordinator in chunks: a 1,000,000-row PTA round's classes in one message took
        // 570 ms of the main thread to serialize; a chunk takes a few ms, and the page stays live.
        let from = 0;
        for (; from + PARTIALS_PER_MESSAGE < partials.length; from += PARTIALS_PER_MESSAGE) {
          const chunk = partials.slice(from, from + PARTIALS_PER_MESSAGE);
          await pool.run(async (api) => await api.handPartials(token!, chunk), signal, coordinator);
        }
        const last = partials.slice(from);
        round = await pool.run<Round>(async (api) => await api.nextRound(token!, last), signal, coordinator);
      }
    } catch (error) {
      // A failed or cancelled run's state must not stay in the coordinating worker.
      if (token !== undefined) {
        const dropped = token;
        void pool.run((api) => api.dropRounds(dropped), undefined, coordinator).catch(() => {});
      }
      throw error;
    }
    const rounds = { token, elapsedMs: performance.now() - started };
    return pool.run(
      (api, slot) => finish(api, datasetId, request, progress, rounds, slot),
      signal,
      coordinator,
    );
  };
}

/** A verified run with its release files (the Anonymize page). */
export const runOnPool = onPool<RunResult>(async (api, id, request, progress, rounds, slot) => ({
  ...(await api.anonymize(id, request, progress, rounds)),
  slot,
}));

/** A verified run's record only (sweeps): no release files cross the worker boundary. */
export const recordOnPool = onPool<RunRecord>((api, id, request, progress, rounds) =>
  api.record(id, request, progress, rounds),
);
