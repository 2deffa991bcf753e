/**
 * `gray-cahd`: GraySort (Ghinita Fig. 9) then CAHD (Fig. 11). The QID part of each transaction is
 * read as a Gray code with the items in decreasing support as the most significant bits (Sec. 5.2),
 * transactions are sorted by its rank, and CAHD forms the groups along that order. Its teaching
 * view is Fig. 1 (input, GraySort and RCM orders with their CAHD groups).
 */
import { ITEM_ORDERS } from '../shared/itemOrder.ts';
import { cahd } from '../shared/p-degree/cahd.ts';
import { pDegreeTeachingTrace } from '../shared/p-degree/fig1Trace.ts';
import { grayOrderOfQid } from '../shared/p-degree/grayOrderOfQid.ts';
import { ALPHA_PARAM } from '../shared/p-degree/pDegreeParams.ts';
import { pDegreeMethod } from '../shared/p-degree/pDegreeMethod.ts';
import { TEACHING_ROWS } from '../shared/teachingSize.ts';

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
  formGroups: (rows, p, params, ctx) => ({
    groups: cahd(rows, p, params.alpha, grayOrderOfQid(rows, params.order), (f) => ctx.progress(f, 'groups')),
  }),
  teach: {
    maxRows: TEACHING_ROWS,
    run: (dataset, params, ctx) =>
      pDegreeTeachingTrace(dataset, ctx.sensitive, params.p, params.alpha, params.order),
  },
});
