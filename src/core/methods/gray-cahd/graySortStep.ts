/**
 * The GraySort step of a recorded gray-cahd run (Ghinita Sec. 5.2, Fig. 9): the QID columns in the
 * Gray code's order (most significant first), the rows in increasing rank of their code, and for
 * each row its code t[Q] and rank t'[Q] = G^-1(t[Q]) (Fig. 9 lines 1-3) while they fit a line.
 */
import { grayRank } from '../shared/grayOrder.ts';
import type { ItemOrder } from '../shared/itemOrder.ts';
import type { GroupSteps } from '../shared/p-degree/groupSteps.ts';
import { rowName } from '../../teach/trace.ts';

/** Codes are shown up to this many QID columns. */
const SHOWN_BITS = 24;

const ORDER_WORDS: Record<ItemOrder, string> = {
  support: 'by decreasing support, as Sec. 5.2 advises',
  token: "in the items' natural order",
  input: 'in the order the data first lists them',
};

export function graySortStep(
  steps: GroupSteps,
  order: ArrayLike<number>,
  position: Uint32Array,
  columnOrder: ItemOrder,
): void {
  const { rows } = steps;
  const qid = Array.from({ length: rows.dataset.d }, (_, i) => i)
    .filter((i) => !rows.isSensitive[i])
    .sort((a, b) => position[a] - position[b]);
  const rank = new Map(qid.map((item, p) => [item, p]));
  const width = qid.length;
  const bits = (positions: number[]) => {
    const set = new Set(positions);
    return Array.from({ length: width }, (_, p) => (set.has(p) ? '1' : '0')).join('');
  };
  steps.ordered(
    order,
    {
      title: 'GraySort',
      text:
        `The QID columns are taken ${ORDER_WORDS[columnOrder]}, most significant first; each row's QID bits are read as a Gray code t[Q] ` +
        `and the rows sorted by its rank t'[Q] = G⁻¹(t[Q]), so that neighbours differ in few items.`,
      cite: 'Ghinita Sec. 5.2, Fig. 9 lines 1-4',
      figure: 'Fig. 1c',
      candidates:
        width > SHOWN_BITS
          ? undefined
          : Array.from(order, (r) => {
              const positions = Array.from(rows.qid(r), (item) => rank.get(item)!).sort((a, b) => a - b);
              return {
                label: rowName(r),
                ref: rowName(r),
                values: {
                  't[Q]': bits(positions),
                  "t'[Q]": grayRank(positions, width).toString(2).padStart(width, '0'),
                },
              };
            }),
    },
    qid,
  );
}
