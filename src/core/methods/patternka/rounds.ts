/**
 * PatternKa's minings on the worker pool, as its distributed Alg. 5 splits them: each mining's
 * root branches (one per item: the patterns whose least frequent item it is, over the rows that
 * hold it) in MINING_GROUPS groups, searched as independent tasks on any worker from the same
 * remaining rows, their results merged on the worker that runs Alg. 1 (alg1.ts). Minings with
 * nothing to search (the dive alone, too few rows) need no round. A run in one thread
 * (`runRounds`) does the same tasks in turn, so the release is the same either way.
 */
import type { Dataset } from '../../data/dataset.ts';
import { classesRelease } from '../shared/classesRelease.ts';
import type { MethodResult, RoundStep, RoundsPlan, RunContext } from '../types.ts';
import {
  groupCenter,
  LENGTH_SLACK,
  patternKaSteps,
  type MiningRequest,
  type PatternKaOutcome,
  type SelectionMode,
} from './alg1.ts';
import { LongestPatternMining, MINING_GROUPS, type GroupSearch } from './longestClosedPatterns.ts';
import { checkMemory } from '../../base/memoryBudget.ts';

/** One group of one mining: the remaining rows (any order), the group, the mining's budget. */
export interface MiningTask {
  rows: Int32Array;
  group: number;
  workBudget: number;
}

interface PatternKaParams {
  readonly k: number;
  readonly selection: 'auto' | SelectionMode;
}

/** `auto` follows the input: Alg. 2's selection for relational data, set-valued otherwise. */
function selectionOf(dataset: Dataset, params: PatternKaParams): SelectionMode {
  if (params.selection !== 'auto') return params.selection;
  return dataset.format === 'relational' ? 'relational' : 'set-valued';
}

export const patternKaRounds: RoundsPlan<PatternKaParams, MiningTask, GroupSearch> = {
  start(dataset, params, ctx) {
    const occurrences = dataset.offsets[dataset.n];
    // The remaining rows and the tid-lists (searchedRows.ts), a search's root conditional rows, the
    // dive's kept levels (a count per item and the rows of each), the pattern cache's masks.
    checkMemory(
      12 * occurrences + 24 * dataset.n + 64 * dataset.d,
      ctx.memoryBudget,
      `PatternKa's remaining rows, tid-lists and conditional rows over ${dataset.n} rows (${occurrences} item occurrences)`,
    );
    const selection = selectionOf(dataset, params);
    const steps = patternKaSteps(dataset, params.k, ctx, selection);
    const advance = (
      step: IteratorResult<MiningRequest, PatternKaOutcome>,
    ): RoundStep<MiningTask, GroupSearch> => {
      while (!step.done) {
        const { searched, workBudget } = step.value;
        const mining = new LongestPatternMining(dataset, searched, params.k, {
          slack: LENGTH_SLACK,
          workBudget,
        });
        if (mining.immediate) {
          step = steps.next(mining.immediate);
          continue;
        }
        const rows = Int32Array.from(searched.byLength);
        return {
          tasks: Array.from({ length: MINING_GROUPS }, (_, group) => ({ rows, group, workBudget })),
          next: (partials) => {
            forgetPreparedMining();
            return advance(steps.next(mining.finish(partials)));
          },
        };
      }
      return { result: patternKaResult(dataset, ctx, step.value, selection) };
    };
    return advance(steps.next());
  },

  task: (dataset, params, task) => preparedMining(dataset, params.k, task).searchGroup(task.group),
};

/**
 * The last mining this thread prepared for a task, so that the other groups of the same mining
 * that run here share its root, dive and root rows (one preparation per thread and mining, not one
 * per group). Taken only for exactly the same dataset, rows (element by element), k and budget,
 * and only ever built from a task's rows: a group's search is the same whether its mining was
 * prepared for it or for another group (mineLongest searches every group from one preparation).
 */
let prepared: { dataset: Dataset; k: number; task: MiningTask; mining: LongestPatternMining } | null = null;

function preparedMining(dataset: Dataset, k: number, task: MiningTask): LongestPatternMining {
  if (
    prepared &&
    prepared.dataset === dataset &&
    prepared.k === k &&
    prepared.task.workBudget === task.workBudget &&
    sameRows(prepared.task.rows, task.rows)
  )
    return prepared.mining;
  prepared = null; // the old one's memory goes before the new one is built
  const mining = new LongestPatternMining(dataset, Array.from(task.rows), k, {
    slack: LENGTH_SLACK,
    workBudget: task.workBudget,
  });
  prepared = { dataset, k, task, mining };
  return mining;
}

function sameRows(a: Int32Array, b: Int32Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Lets the last prepared mining's memory go (the run that needed it has moved on or ended). */
function forgetPreparedMining(): void {
  prepared = null;
}

/** The release: each group's rows replaced by its centre (eq. 12), rows shuffled within groups. */
function patternKaResult(
  dataset: Dataset,
  ctx: RunContext,
  { groups, minings, cutShort, searches }: PatternKaOutcome,
  selection: SelectionMode,
): MethodResult {
  const classes = groups.map((group) => ({ center: groupCenter(dataset, group.rows), members: group.rows }));
  const { release, audit } = classesRelease(ctx.header, dataset, classes, ctx.rng);
  return {
    release,
    audit,
    notes: {
      'classes formed (equal ones merge when published)': groups.length,
      'pattern minings': minings,
      ...(cutShort > 0 && { 'minings cut short (longest not proven)': cutShort }),
      'minings that searched (the others by the greedy dive alone)': searches,
      selection,
    },
    // A row of another batch joins the longest centre it holds, as rows join groups (eq. 18).
    join: 'longest-held',
  };
}
