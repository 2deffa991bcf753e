/**
 * `lsh`: NNGroup with approximate neighbours by locality-sensitive hashing (Ghinita Sec. 4.2,
 * Fig. 5), over the tables of lshTables.ts. ApproxNonConflictNN: the candidates are the
 * transactions sharing t's key in some table; the exact non-conflicting NN search runs on them, and
 * on all of T when it finds fewer than p-1 (line 12); a table where t's key is 0 adds no
 * candidates, and the fallback keeps the result exact in that case.
 * The nearest candidates are found by the exact search's walk by increasing distance, skipping
 * the rows that are not candidates (marked once per query from the buckets), rather than by
 * measuring every candidate: with Zipf popularity a bucket keyed on a popular item holds tens of
 * thousands of rows, and the walk stops at the p-1 nearest. Same candidates, same choice.
 * On the worker pool the queries are answered ahead of their turn (shared/speculativeGroups.ts):
 * a worker returns the head of t's candidates by distance, how many candidates remained, and,
 * when the candidates may run out, the head of all rows by distance for the fallback; the
 * coordinator decides from them at t's turn (lshAnswers.ts). The same groups and notes. A recorded
 * run draws the projections and each query's candidates (lshSteps.ts).
 */
import { checkMemory } from '../../base/memoryBudget.ts';
import { ExactNeighbours } from '../shared/p-degree/exactNeighbours.ts';
import { greedyGroups } from '../shared/p-degree/greedyGroups.ts';
import { pDegreeMethod } from '../shared/p-degree/pDegreeMethod.ts';
import { speculativeGroups } from '../shared/p-degree/speculativeGroups.ts';
import { drawProjections, LshKeys, LshTables } from './lshTables.ts';
import { answerLshTask, LshCounts, LshDecisions, type LshAnswer, type LshTask } from './lshAnswers.ts';
import { lshAccount, projectionsStep } from './lshSteps.ts';

const LSH_PARAMS = [
  {
    name: 'w',
    type: 'int',
    default: 32,
    min: 1,
    max: 32,
    help: 'LSH projection width: QID dimensions per hash table (a key fits one 32-bit word)',
  },
  {
    name: 'B',
    type: 'int',
    default: 32,
    min: 1,
    max: 1024,
    help: 'number of LSH hash tables (the paper: 32)',
  },
] as const;

export const lshSpec = pDegreeMethod({
  id: 'lsh',
  label: 'NNGroup with LSH neighbours',
  params: LSH_PARAMS,
  // Its walk reads on past the rows outside t's buckets, and falls back to the exact search:
  // 116 s of CPU against nn's 68 s on 50,000 Netflix-shaped rows.
  searchCost: 2,
  formGroups(rows, p, params, ctx, steps) {
    checkTablesMemory(rows.dataset.n, params.B, ctx.memoryBudget);
    const projections = drawProjections(rows, params.w, params.B, ctx.rng);
    const tables = new LshTables(new LshKeys(rows, projections));
    const exact = new ExactNeighbours(rows);
    const counts = new LshCounts();
    // A recorded run's query: the candidates' count, the rows each walk looked at, the fallback.
    const walk = steps && { size: 0, inBuckets: [] as number[], all: [] as number[], fallback: false };
    if (steps) projectionsStep(steps, projections, params.w);
    const groups = greedyGroups(
      rows,
      p,
      rows.sensitiveRows,
      {
        partners(t, remaining) {
          const candidates = tables.candidates(t, remaining);
          if (walk) [walk.inBuckets.length, walk.all.length, walk.size] = [0, 0, candidates.size];
          const approximate = exact.partners(t, remaining, p, candidates, walk?.inBuckets);
          const fallback = approximate.length < p - 1;
          counts.query(candidates.size, fallback);
          if (walk) walk.fallback = fallback;
          return fallback ? exact.partners(t, remaining, p, undefined, walk?.all) : approximate;
        },
        removed: (group) => exact.forget(group),
        describe: (t, partners, steps) => lshAccount(steps, t, partners, walk!),
      },
      (f) => ctx.progress(f, 'groups'),
      steps,
    );
    return { groups, notes: counts.notes() };
  },
  rounds: {
    *start(rows, p, params, ctx) {
      checkTablesMemory(rows.dataset.n, params.B, ctx.memoryBudget);
      const projections = drawProjections(rows, params.w, params.B, ctx.rng);
      const counts = new LshCounts();
      const decisions = new LshDecisions(rows, new LshKeys(rows, projections), p, counts);
      const groups = yield* speculativeGroups(
        rows,
        p,
        rows.sensitiveRows,
        (query, remaining): LshTask => ({ sensitive: rows.sensitive, remaining, query, projections }),
        (t, answer: LshAnswer, isRemaining, takenSince) =>
          decisions.decide(t, answer, isRemaining, takenSince),
        (f) => ctx.progress(f, 'groups'),
      );
      return { groups, notes: counts.notes() };
    },
    task: (dataset, params, task) => answerLshTask(dataset, task, params.p),
  },
});

/** Every row sits in a bucket of each of the B tables: about 16 bytes a row and table. */
function checkTablesMemory(rows: number, tables: number, budget: number): void {
  checkMemory(
    rows * tables * 16,
    budget,
    `LSH's ${tables} hash tables over ${rows} rows`,
    'use fewer tables (--B; the paper uses 32)',
  );
}
