/**
 * `gray-cahd`: GraySort (Ghinita Fig. 9) then CAHD (Fig. 11). The QID part of each transaction is
 * read as a Gray code with the items in decreasing support as the most significant bits (Sec. 5.2),
 * transactions are sorted by its rank, and CAHD forms the groups along that order. A recorded run
 * draws the sorted matrix (Fig. 1c on the paper's example, read in its column order: `order` input)
 * with each row's code and rank (graySortStep.ts).
 */
import { ITEM_ORDERS, itemPositions } from '../shared/itemOrder.ts';
import { cahd } from '../shared/p-degree/cahd.ts';
import { grayOrderOfQid } from '../shared/p-degree/grayOrderOfQid.ts';
import { ALPHA_PARAM } from '../shared/p-degree/pDegreeParams.ts';
import { pDegreeMethod } from '../shared/p-degree/pDegreeMethod.ts';
import { graySortStep } from './graySortStep.ts';

export const grayCahdSpec = pDegreeMethod({
  id: 'gray-cahd',
  label: 'Gray sort + CAHD',
  params: [
    ALPHA_PARAM,
    {
      name: 'order',
      type: 'string',
      default: 'support',
      choices: ITEM_ORDERS,
      help: 'Gray code column order: support (decreasing, Sec. 5.2), token (natural) or input (first appearance)',
    },
  ],
  formGroups(rows, p, params, ctx, steps) {
    const order = grayOrderOfQid(rows, params.order);
    if (steps) graySortStep(steps, order, itemPositions(rows.dataset, params.order), params.order);
    return {
      groups: cahd(rows, p, params.alpha, order, (f) => ctx.progress(f, 'groups'), steps),
    };
  },
});
