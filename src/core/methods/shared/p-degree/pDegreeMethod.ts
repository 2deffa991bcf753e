/**
 * What every p-degree method (Ghinita, Kalnis, Tao) shares around its own group formation: the
 * privacy degree parameter, the sensitive rows, the feasibility test of Theorem 1 (an error, not a
 * crash), and the `groups` release. A method supplies only how it forms groups (and, optionally,
 * the same formation in rounds of tasks for the worker pool). A recorded run (ctx.recorder on, the
 * teaching stepper) hands the formation a GroupSteps to record its steps in (groupSteps.ts).
 */
import { SPECULATIVE_MIN_ROWS } from './speculativeGroups.ts';
import {
  defineMethod,
  resolvedAs,
  type MethodResult,
  type MethodSpec,
  type ParamSpec,
  type ParamValues,
  type RoundStep,
  type RunContext,
} from '../../types.ts';
import type { Dataset } from '../../../data/dataset.ts';
import { TEACHING } from '../teachingSize.ts';
import { GroupSteps } from './groupSteps.ts';
import { groupsRelease } from './groupsRelease.ts';
import { P_PARAM } from './pDegreeParams.ts';
import { SensitiveRows } from './sensitiveRows.ts';
import { assertSearchFits } from './searchCost.ts';

export const GHINITA_PAPER = '000_6a275c75304b09c3.txt';

export interface GroupFormation {
  groups: number[][];
  notes?: Record<string, number | string>;
}

/** The params of a p-degree method: p, then the method's own. */
export type PDegreeParams<P extends readonly ParamSpec[]> = { readonly p: number } & ParamValues<P>;

/**
 * A group formation in rounds (methods/types.ts RoundsPlan): `start` yields each round's tasks,
 * takes their results in order, and returns the formation `formGroups` would; `task` runs on any
 * worker.
 */
export interface GroupRounds<P extends readonly ParamSpec[], Task, Partial> {
  start(
    rows: SensitiveRows,
    p: number,
    params: PDegreeParams<P>,
    ctx: RunContext,
  ): Generator<Task[], GroupFormation, Partial[]>;
  task(dataset: Dataset, params: PDegreeParams<P>, task: Task): Partial;
}

export function pDegreeMethod<const P extends readonly ParamSpec[], Task = never, Partial = never>(def: {
  id: string;
  label: string;
  params: P;
  /** `steps`: where a recorded run's steps go (undefined in production runs). */
  formGroups: (
    rows: SensitiveRows,
    p: number,
    params: PDegreeParams<P>,
    ctx: RunContext,
    steps?: GroupSteps,
  ) => GroupFormation;
  rounds?: GroupRounds<P, Task, Partial>;
  /**
   * For a method whose groups come from NNGroup's nearest-neighbour search, what its walk costs
   * against the exact search's (1 for nn): the search is estimated first (searchCost.ts).
   */
  searchCost?: number;
}): MethodSpec {
  const { rounds } = def;
  const params: readonly ParamSpec[] = [P_PARAM, ...def.params];
  return defineMethod<readonly ParamSpec[], Task, Partial>({
    id: def.id,
    label: def.label,
    paper: GHINITA_PAPER,
    model: 'p-degree',
    releaseKind: 'groups',
    needsSensitive: true,
    params,
    run(dataset, values, ctx) {
      const typed = resolvedAs<PDegreeParams<P>>(values);
      const rows = feasibleRows(dataset, typed.p, ctx, def);
      const steps = ctx.recorder.on ? new GroupSteps(ctx.recorder, rows, typed.p) : undefined;
      steps?.input();
      return published(dataset, rows, def.formGroups(rows, typed.p, typed, ctx, steps), ctx);
    },
    ...(rounds && {
      rounds: {
        start(dataset, values, ctx) {
          const typed = resolvedAs<PDegreeParams<P>>(values);
          const rows = feasibleRows(dataset, typed.p, ctx, def);
          const steps = rounds.start(rows, typed.p, typed, ctx);
          const advance = (step: IteratorResult<Task[], GroupFormation>): RoundStep<Task, Partial> =>
            step.done
              ? { result: published(dataset, rows, step.value, ctx) }
              : { tasks: step.value, next: (partials) => advance(steps.next(partials)) };
          return advance(steps.next());
        },
        task: (dataset, values, task) => rounds.task(dataset, resolvedAs<PDegreeParams<P>>(values), task),
        pays: (dataset) => dataset.n >= SPECULATIVE_MIN_ROWS,
      },
    }),
    teach: TEACHING,
  });
}

/**
 * The run's sensitive rows, once Theorem 1 says p is feasible (and, for a method that searches
 * neighbours, once the search fits its time: searchCost.ts).
 */
function feasibleRows(
  dataset: Dataset,
  p: number,
  ctx: RunContext,
  method: { id: string; searchCost?: number },
): SensitiveRows {
  const rows = new SensitiveRows(dataset, ctx.sensitive);
  rows.assertFeasible(p);
  if (method.searchCost) assertSearchFits(rows, method.id, method.searchCost);
  return rows;
}

/** The `groups` release of a formation (its shuffles from ctx.rng, after the method's draws). */
function published(
  dataset: Dataset,
  rows: SensitiveRows,
  { groups, notes }: GroupFormation,
  ctx: RunContext,
): MethodResult {
  const { release, audit } = groupsRelease(ctx.header, dataset, rows, groups, ctx.rng);
  return {
    release,
    audit,
    notes: { groups: groups.length, 'sensitive transactions': rows.sensitiveRows.length, ...notes },
  };
}
