/**
 * `nn`: NNGroup (Ghinita Sec. 4.1, Fig. 3) with exact non-conflicting nearest neighbours by QID
 * Hamming distance (shared/exactNeighbours.ts); sensitive transactions are taken in input order.
 * On the worker pool the queries are answered ahead of their turn and the groups committed in
 * that order (shared/speculativeGroups.ts): the same groups.
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

export const nnSpec = pDegreeMethod({
  id: 'nn',
  label: 'NNGroup (exact nearest neighbours)',
  params: [],
  formGroups(rows, p, _params, ctx) {
    const exact = new ExactNeighbours(rows);
    const groups = greedyGroups(
      rows,
      p,
      rows.sensitiveRows,
      {
        partners: (t, remaining) => exact.partners(t, remaining, p),
        removed: (group) => exact.forget(group),
      },
      (f) => ctx.progress(f, 'groups'),
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
