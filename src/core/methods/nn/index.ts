/**
 * `nn`: NNGroup (Ghinita Sec. 4.1, Fig. 3) with exact non-conflicting nearest neighbours by QID
 * Hamming distance (shared/exactNeighbours.ts); sensitive transactions are taken in input order.
 * On the worker pool the queries are answered ahead of their turn and the groups committed in
 * that order (shared/speculativeGroups.ts): the same groups. A recorded run notes the rows each
 * walk looked at (nnSteps.ts).
 */
import { ExactNeighbours } from '../shared/p-degree/exactNeighbours.ts';
import { greedyGroups } from '../shared/p-degree/greedyGroups.ts';
import {
  neighbourPrefix,
  partnersFromPrefix,
  type NeighbourPrefix,
} from '../shared/p-degree/neighbourPrefix.ts';
import { pDegreeMethod } from '../shared/p-degree/pDegreeMethod.ts';
import { preparedNeighbours, type NeighbourTask } from '../shared/p-degree/preparedNeighbours.ts';
import { speculativeGroups } from '../shared/p-degree/speculativeGroups.ts';
import { inputOrderStep, walkAccount } from './nnSteps.ts';

export const nnSpec = pDegreeMethod({
  id: 'nn',
  label: 'NNGroup (exact nearest neighbours)',
  params: [],
  searchCost: 1,
  formGroups(rows, p, _params, ctx, steps) {
    const exact = new ExactNeighbours(rows);
    const visited: number[] | undefined = steps && [];
    if (steps) inputOrderStep(steps);
    const groups = greedyGroups(
      rows,
      p,
      rows.sensitiveRows,
      {
        partners: (t, remaining) => {
          if (visited) visited.length = 0;
          return exact.partners(t, remaining, p, undefined, visited);
        },
        removed: (group) => exact.forget(group),
        describe: (t, partners, steps) => walkAccount(steps, t, partners, visited!),
      },
      (f) => ctx.progress(f, 'groups'),
      steps,
    );
    return { groups };
  },
  rounds: {
    *start(rows, p, _params, ctx) {
      const groups = yield* speculativeGroups(
        rows,
        p,
        rows.sensitiveRows,
        (query, remaining): NeighbourTask => ({ sensitive: rows.sensitive, remaining, query }),
        (t, prefix: NeighbourPrefix, isRemaining) => partnersFromPrefix(rows, t, prefix, isRemaining, p),
        (f) => ctx.progress(f, 'groups'),
      );
      return { groups };
    },
    task(dataset, params, task) {
      const { rows, exact, isRemaining } = preparedNeighbours(dataset, task);
      return neighbourPrefix(rows, task.query, exact.byDistance(task.query, isRemaining), params.p);
    },
  },
});
