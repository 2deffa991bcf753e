/**
 * Runs a method on the worker pool. A method with tasks (MethodSpec.parallel, PTA's segments, one
 * round; MethodSpec.rounds, PatternKa's minings split by Alg. 5, a round per mining) is started on
 * one worker, which keeps the run's state; each round's tasks are spread over every worker, worker
 * to worker: the coordinating worker posts each task on a MessageChannel whose other end the main
 * thread hands (a transferred port, nothing else) to whichever worker is free, and that worker
 * posts the result back on it. The main thread only learns that a task is done (a 410,201-row
 * PatternKa round's rows and results relayed through it took up to 239 ms of its CPU in one task,
 * issue 18). The coordinator then verifies and measures the result; runtime_ms covers the rounds
 * (wall clock). Other methods, and any method on a pool of one worker, run whole on one worker.
 */
import { proxy, transfer, type Remote } from 'comlink';
import type { RunRecord, RunRequest } from '../src/core/run/runRecord.ts';
import type { RunProgress } from '../src/core/run/runPhases.ts';
import type { EngineApi, FinishedRounds, Round, RunResult, TaskPort } from './engineTypes.ts';
import type { WorkerPool } from './pool.ts';

export type { RunProgress };

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
        const total = round.taskCount;
        const channels = Array.from({ length: total }, () => new MessageChannel());
        const ends = channels.map((channel) => channel.port1 as TaskPort);
        await pool.run(async (api) => await api.postTasks(token!, transfer(ends, ends)), signal, coordinator);
        let done = 0;
        await Promise.all(
          channels.map(({ port2 }) =>
            pool.run(async (api) => {
              await api.portTask(datasetId, request, transfer(port2 as TaskPort, [port2]));
              done++;
              if (!ownProgress) onProgress(done / total, 'running', `tasks on ${pool.size} workers`);
            }, signal),
          ),
        );
        round = await pool.run<Round>(async (api) => await api.nextRound(token!), signal, coordinator);
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
