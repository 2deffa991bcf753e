/**
 * GraySort (Ghinita Fig. 9) on the QID bits only: sensitive items take no part in the order.
 * Columns by decreasing support as in Sec. 5.2 unless `order` switches the reordering off.
 */
import { graySort } from '../grayOrder.ts';
import { itemPositions, type ItemOrder } from '../itemOrder.ts';
import type { SensitiveRows } from './sensitiveRows.ts';

export function grayOrderOfQid(rows: SensitiveRows, order: ItemOrder = 'support'): Uint32Array {
  return graySort(rows.qidRows, itemPositions(rows.dataset, order));
}
