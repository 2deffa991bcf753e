/**
 * `perm-mondrian`: the PermMondrian (PM) baseline of Ghinita Sec. 6.2: Mondrian-style top-down
 * splits (LeFevre et al., ICDE 2006) on QID items that publish exact QID values, as Anatomy does,
 * instead of generalising them. A partition splits on the QID item that divides it into the rows
 * with and without the item such that both halves keep degree >= p, choosing the split that is most
 * balanced in cardinality and in the frequency of each sensitive item (score = ||L| - |R|| / |P| +
 * sum over s of |f_s(L)/|L| - f_s(R)/|R||, lower is better, ties to the lower item id); a partition
 * with no such split is a group.
 */
import { pDegreeMethod } from '../shared/pDegreeMethod.ts';
import type { SensitiveRows } from '../shared/sensitiveRows.ts';

interface Split {
  item: number;
  score: number;
}

function bestSplit(rows: SensitiveRows, part: readonly number[], p: number): Split | null {
  const { dataset, sensitiveOf } = rows;
  const support = new Map<number, number>();
  const sensitiveWith = new Map<number, Map<number, number>>(); // item -> s -> count in rows with item
  const totals = new Map<number, number>();
  for (const r of part) {
    for (const s of sensitiveOf[r]) totals.set(s, (totals.get(s) ?? 0) + 1);
    for (const item of dataset.row(r)) {
      if (rows.isSensitive[item]) continue;
      support.set(item, (support.get(item) ?? 0) + 1);
      if (sensitiveOf[r].length === 0) continue;
      let counts = sensitiveWith.get(item);
      if (!counts) sensitiveWith.set(item, (counts = new Map()));
      for (const s of sensitiveOf[r]) counts.set(s, (counts.get(s) ?? 0) + 1);
    }
  }
  let best: Split | null = null;
  for (const [item, left] of support) {
    const right = part.length - left;
    if (left === 0 || right === 0) continue;
    const withItem = sensitiveWith.get(item);
    let feasible = true;
    let sensitiveBalance = 0;
    for (const [s, total] of totals) {
      const l = withItem?.get(s) ?? 0;
      const r = total - l;
      if (l * p > left || r * p > right) {
        feasible = false;
        break;
      }
      sensitiveBalance += Math.abs(l / left - r / right);
    }
    if (!feasible) continue;
    const score = Math.abs(left - right) / part.length + sensitiveBalance;
    if (!best || score < best.score || (score === best.score && item < best.item)) best = { item, score };
  }
  return best;
}

export const permMondrianSpec = pDegreeMethod({
  id: 'perm-mondrian',
  label: 'PermMondrian baseline (Mondrian splits, exact QID)',
  params: [],
  formGroups(rows, p, _params, ctx) {
    const n = rows.dataset.n;
    const groups: number[][] = [];
    const stack: number[][] = [Array.from({ length: n }, (_, r) => r)];
    let settled = 0;
    while (stack.length > 0) {
      const part = stack.pop()!;
      const split = bestSplit(rows, part, p);
      if (!split) {
        groups.push(part);
        settled += part.length;
        ctx.progress(settled / n, 'splits');
        continue;
      }
      const bits = rows.dataset.bits;
      const has = (r: number) => (bits ? bits.has(r, split.item) : rows.dataset.row(r).includes(split.item));
      stack.push(
        part.filter((r) => !has(r)),
        part.filter(has),
      );
    }
    return { groups };
  },
});
