/**
 * Ghinita Fig. 1a-c for the teaching view: the binary matrix of a small dataset in input order,
 * after GraySort (Fig. 9, the QID columns in the chosen order, most significant first) and after
 * RCM (Fig. 6-7), with the groups CAHD (Fig. 11) forms along each of the two orders. Computed by
 * the same functions as gray-cahd and rcm-cahd.
 */
import type { Dataset } from '../../../data/dataset.ts';
import { reverseCuthillMcKee } from './rcm.ts';
import { cahd } from './cahd.ts';
import { itemPositions, type ItemOrder } from '../itemOrder.ts';
import { SensitiveRows } from './sensitiveRows.ts';
import { grayOrderOfQid } from './grayOrderOfQid.ts';

export interface PDegreeTeachingTrace {
  /** Columns: the QID items in Gray column order, then the sensitive items. */
  columns: { token: string; sensitive: boolean }[];
  /** Row names (T1, T2, ... in input order) and each input row's 0/1 cells over `columns`. */
  rowNames: string[];
  cells: number[][];
  /** Input rows in each order, with the CAHD group of each input row along that order (-1: none). */
  orders: { name: string; rows: number[]; groupOf: number[] }[];
}

export function pDegreeTeachingTrace(
  dataset: Dataset,
  sensitive: number[],
  p: number,
  alpha: number,
  order: ItemOrder,
): PDegreeTeachingTrace {
  const rows = new SensitiveRows(dataset, sensitive);
  rows.assertFeasible(p);
  const position = itemPositions(dataset, order);
  const ids = Array.from({ length: dataset.d }, (_, id) => id);
  const qidColumns = ids.filter((id) => !rows.isSensitive[id]).sort((a, b) => position[a] - position[b]);
  const columns = [...qidColumns, ...sensitive];
  const inputOrder = Array.from({ length: dataset.n }, (_, r) => r);
  const groupOf = (groups: number[][]) => {
    const of = new Array<number>(dataset.n).fill(-1);
    groups.forEach((g, i) => g.forEach((r) => (of[r] = i)));
    return of;
  };
  const gray = Array.from(grayOrderOfQid(rows, order));
  const rcm = reverseCuthillMcKee(rows).order;
  return {
    columns: columns.map((id) => ({
      token: dataset.dictionary.token(id),
      sensitive: rows.isSensitive[id] === 1,
    })),
    rowNames: inputOrder.map((r) => `T${r + 1}`),
    cells: inputOrder.map((r) => {
      const row = new Set(dataset.row(r));
      return columns.map((id) => (row.has(id) ? 1 : 0));
    }),
    orders: [
      { name: 'Input order (Fig. 1a)', rows: inputOrder, groupOf: new Array<number>(dataset.n).fill(-1) },
      {
        name: 'After GraySort, CAHD groups (Fig. 1c)',
        rows: gray,
        groupOf: groupOf(cahd(rows, p, alpha, gray)),
      },
      { name: 'After RCM, CAHD groups (Fig. 1b)', rows: rcm, groupOf: groupOf(cahd(rows, p, alpha, rcm)) },
    ],
  };
}
