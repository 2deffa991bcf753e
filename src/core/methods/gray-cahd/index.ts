/**
 * `gray-cahd`: GraySort (Ghinita Fig. 9) then CAHD (Fig. 11). The QID part of each transaction is
 * read as a Gray code with the items in decreasing support as the most significant bits (Sec. 5.2),
 * transactions are sorted by its rank, and CAHD forms the groups along that order.
 */
import { cahd } from '../shared/cahd.ts';
import { graySort } from '../shared/grayOrder.ts';
import { ITEM_ORDERS, itemPositions, type ItemOrder } from '../shared/itemOrder.ts';
import { pDegreeMethod } from '../shared/pDegreeMethod.ts';
import type { SensitiveRows } from '../shared/sensitiveRows.ts';

export const ALPHA_PARAM = {
  name: 'alpha',
  type: 'int' as const,
  default: 1,
  min: 1,
  help: 'CAHD search range: alpha*p candidates before and after each sensitive transaction',
};

/**
 * Fig. 9 on the QID bits only (sensitive items do not take part in the order); columns by
 * decreasing support as in Sec. 5.2 unless `order` switches the reordering off.
 */
export function grayOrderOfQid(rows: SensitiveRows, order: ItemOrder = 'support'): Uint32Array {
  return graySort(rows.qidRows, itemPositions(rows.dataset, order));
}

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
    groups: cahd(rows, p, Number(params.alpha), grayOrderOfQid(rows, params.order as ItemOrder), (f) =>
      ctx.progress(f, 'groups'),
    ),
  }),
});
