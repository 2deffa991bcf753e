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
 * coordinator decides from them at t's turn (lshAnswers.ts). The same groups and notes.
 */
import { ExactNeighbours } from '../shared/p-degree/exactNeighbours.ts';
import { greedyGroups } from '../shared/p-degree/greedyGroups.ts';
import { pDegreeMethod } from '../shared/p-degree/pDegreeMethod.ts';
import { speculativeGroups } from '../shared/p-degree/speculativeGroups.ts';
import { drawProjections, LshKeys, LshTables } from './lshTables.ts';
import { answerLshTask, LshCounts, LshDecisions, type LshAnswer, type LshTask } from './lshAnswers.ts';

const LSH_PARAMS = [
  {
    name: 'w',
    type: 'int',
    default: 32,
    min: 1,
    max: 32,
    help: 'LSH projection width: QID dimensions per hash table (a key fits one 32-bit word)',
  },
  { name: 'B', type: 'int', default: 32, min: 1, help: 'number of LSH hash tables' },
] as const;

export const lshSpec = pDegreeMethod({
  id: 'lsh',
  label: 'NNGroup with LSH neighbours',
  params: LSH_PARAMS,
  formGroups(rows, p, params, ctx) {
    const tables = new LshTables(new LshKeys(rows, drawProjections(rows, params.w, params.B, ctx.rng)));
    const exact = new ExactNeighbours(rows);
    const counts = new LshCounts();
    const groups = greedyGroups(
      rows,
      p,
      rows.sensitiveRows,
      {
        partners(t, remaining) {
          const candidates = tables.candidates(t, remaining);
          const approximate = exact.partners(t, remaining, p, candidates);
          const fallback = approximate.length < p - 1;
          counts.query(candidates.size, fallback);
          return fallback ? exact.partners(t, remaining, p) : approximate;
        },
        removed: (group) => exact.forget(group),
      },
      (f) => ctx.progress(f, 'groups'),
    );
    return { groups, notes: counts.notes() };
  },
  rounds: {
    *start(rows, p, params, ctx) {
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
