/**
 * The band-matrix step of a recorded rcm-cahd run (Ghinita Sec. 5.1, Figs. 6-7): the rows in
 * Reverse Cuthill-McKee order of the row graph A x A^T (two rows adjacent when they share a QID
 * item), the QID columns in the order the band first meets them (so the band shows along the
 * diagonal, as Fig. 1b draws it), and the bandwidth of the row graph before and after.
 */
import type { GroupSteps } from '../shared/p-degree/groupSteps.ts';
import type { SensitiveRows } from '../shared/p-degree/sensitiveRows.ts';

/** max |position(u) - position(v)| over rows u, v sharing a QID item. */
function bandwidth(rows: SensitiveRows, order: readonly number[]): number {
  const at = new Int32Array(rows.dataset.n);
  order.forEach((r, i) => (at[r] = i));
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  for (const r of order)
    for (const item of rows.qid(r)) {
      first.set(item, Math.min(first.get(item) ?? Infinity, at[r]));
      last.set(item, Math.max(last.get(item) ?? -Infinity, at[r]));
    }
  let widest = 0;
  for (const [item, lo] of first) widest = Math.max(widest, last.get(item)! - lo);
  return widest;
}

export function rcmStep(
  steps: GroupSteps,
  rcm: { order: number[]; edges: number; components: number },
): void {
  const { rows } = steps;
  const seen = new Set<number>();
  const columns: number[] = [];
  for (const r of rcm.order)
    for (const item of rows.qid(r)) if (!seen.has(item) && seen.add(item)) columns.push(item);
  for (let i = 0; i < rows.dataset.d; i++) if (!rows.isSensitive[i] && !seen.has(i)) columns.push(i);
  const input = Array.from({ length: rows.dataset.n }, (_, r) => r);
  steps.ordered(
    rcm.order,
    {
      title: 'Band matrix by Reverse Cuthill-McKee',
      text:
        `Rows that share a QID item are neighbours in the graph of A·Aᵀ (${rcm.edges} pairs, ${rcm.components} connected part${rcm.components === 1 ? '' : 's'}). ` +
        `A breadth-first search from a peripheral row visits neighbours by increasing degree and the order is reversed: ` +
        `the farthest apart two neighbouring rows lie drops from ${bandwidth(rows, input)} to ${bandwidth(rows, rcm.order)} places.`,
      cite: 'Ghinita Sec. 5.1, Fig. 6 (RCM), Fig. 7 (A·Aᵀ)',
      figure: 'Fig. 1b',
    },
    columns,
  );
}
