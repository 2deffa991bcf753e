/**
 * A run's method part in rounds, for the worker pool (methods/types.ts RoundsPlan): the worker
 * that coordinates the run starts it and takes each round's results, in order; the tasks run on
 * any worker. A method with a ParallelPlan (PTA's segments) is one round: its plan's tasks, then
 * `assemble`; any other method is its run, with no round. The context (sensitive items, RNG,
 * header) is the one `runMethod` would make for the same request, so the result is the run's.
 */
import type { Dataset } from '../data/dataset.ts';
import type { RoundStep } from '../methods/types.ts';
import { resolveRequest, runContext, type ContextHooks } from './resolveRequest.ts';
import type { RunRequest } from './runRecord.ts';

export function startRounds(dataset: Dataset, request: RunRequest, hooks: ContextHooks = {}): RoundStep {
  const { spec, params } = resolveRequest(request);
  const ctx = runContext(dataset, spec, params, request, hooks);
  if (spec.rounds) return spec.rounds.start(dataset, params, ctx);
  const parallel = spec.parallel;
  if (!parallel) return { result: spec.run(dataset, params, ctx) };
  return {
    tasks: parallel.plan(dataset, params, ctx),
    next: (partials) => ({ result: parallel.assemble(dataset, params, partials, ctx) }),
  };
}

/** One task of a round, on whichever worker runs it. */
export function roundTask(dataset: Dataset, request: RunRequest, task: unknown): unknown {
  const { spec, params } = resolveRequest(request);
  if (spec.rounds) return spec.rounds.task(dataset, params, task);
  if (spec.parallel) return spec.parallel.task(dataset, params, task);
  throw new Error(`${spec.id} has no tasks`);
}
