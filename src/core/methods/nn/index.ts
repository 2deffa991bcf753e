/**
 * `nn`: NNGroup (Ghinita Sec. 4.1, Fig. 3) with exact non-conflicting nearest neighbours by QID
 * Hamming distance (shared/exactNeighbours.ts); sensitive transactions are taken in input order.
 */
import { ExactNeighbours } from '../shared/p-degree/exactNeighbours.ts';
import { greedyGroups } from '../shared/p-degree/greedyGroups.ts';
import { pDegreeMethod } from '../shared/p-degree/pDegreeMethod.ts';

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
});
