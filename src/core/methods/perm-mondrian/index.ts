/**
 * `perm-mondrian`: the PermMondrian (PM) baseline of Ghinita Sec. 6.2: Mondrian-style top-down
 * splits (LeFevre et al., ICDE 2006) on QID items that publish exact QID values, as Anatomy does,
 * instead of generalising them. A partition splits on the QID item that divides it into the rows
 * with and without the item such that both halves keep degree >= p, choosing the split that is most
 * balanced in cardinality and in the frequency of each sensitive item (score = ||L| - |R|| / |P| +
 * sum over s of |f_s(L)/|L| - f_s(R)/|R||, lower is better, ties to the lower item id); a partition
 * with no such split is a group.
 */
import { pDegreeMethod } from '../shared/p-degree/pDegreeMethod.ts';
import type { SensitiveRows } from '../shared/p-degree/sensitiveRows.ts';

interface Split {
  item: number;
  score: number;
}

/**
 * The counts a split is scored by, over one partition, in typed arrays reused from partition to
 * partition: each QID item's support, each sensitive item's total, and, per QID item, the sensitive
 * items among the rows holding it. Items and sensitive items are listed in order of first sight,
 * which the scores are summed in.
 */
class SplitCounts {
  private readonly support: Int32Array;
  private readonly items: number[] = [];
  /** Index of each sensitive item in `rows.sensitive` (-1 for the others). */
  private readonly sensitiveIndex: Int32Array;
  private readonly totals: Int32Array;
  private readonly sensitiveSeen: number[] = [];
  /** withItem[item * m + index of s]: rows holding both. */
  private readonly withItem: Int32Array;
  private readonly m: number;

  constructor(private readonly rows: SensitiveRows) {
    const d = rows.dataset.d;
    this.m = rows.sensitive.length;
    this.support = new Int32Array(d);
    this.sensitiveIndex = new Int32Array(d).fill(-1);
    rows.sensitive.forEach((s, index) => (this.sensitiveIndex[s] = index));
    this.totals = new Int32Array(this.m);
    this.withItem = new Int32Array(d * this.m);
  }

  /** The best feasible split of `part` (score as in the module comment), or null. */
  bestSplit(part: readonly number[], p: number): Split | null {
    const { support, items, sensitiveIndex, totals, sensitiveSeen, withItem, m } = this;
    const { isSensitive, sensitiveOf, holdsSensitive } = this.rows;
    const { offsets, items: rowItems } = this.rows.dataset;
    for (const r of part) {
      const own = sensitiveOf[r];
      if (holdsSensitive[r] === 1)
        for (const s of own) if (totals[sensitiveIndex[s]]++ === 0) sensitiveSeen.push(s);
      const end = offsets[r + 1];
      for (let k = offsets[r]; k < end; k++) {
        const item = rowItems[k];
        if (isSensitive[item]) continue;
        if (support[item]++ === 0) items.push(item);
        if (holdsSensitive[r] === 1) for (const s of own) withItem[item * m + sensitiveIndex[s]]++;
      }
    }
    let best: Split | null = null;
    for (const item of items) {
      const left = support[item];
      const right = part.length - left;
      if (left === 0 || right === 0) continue;
      let feasible = true;
      let sensitiveBalance = 0;
      for (const s of sensitiveSeen) {
        const total = totals[sensitiveIndex[s]];
        const l = withItem[item * m + sensitiveIndex[s]];
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
    for (const item of items) {
      support[item] = 0;
      withItem.fill(0, item * m, item * m + m);
    }
    items.length = 0;
    totals.fill(0);
    sensitiveSeen.length = 0;
    return best;
  }
}

export const permMondrianSpec = pDegreeMethod({
  id: 'perm-mondrian',
  label: 'PermMondrian baseline (Mondrian splits, exact QID)',
  params: [],
  formGroups(rows, p, _params, ctx) {
    const n = rows.dataset.n;
    const groups: number[][] = [];
    const stack: number[][] = [Array.from({ length: n }, (_, r) => r)];
    const counts = new SplitCounts(rows);
    let settled = 0;
    while (stack.length > 0) {
      const part = stack.pop()!;
      const split = counts.bestSplit(part, p);
      if (!split) {
        groups.push(part);
        settled += part.length;
        ctx.progress(settled / n, 'splits');
        continue;
      }
      const bits = rows.dataset.bits;
      const without: number[] = [];
      const holding: number[] = [];
      for (const r of part) {
        const holds = bits ? bits.has(r, split.item) : rows.dataset.row(r).includes(split.item);
        (holds ? holding : without).push(r);
      }
      stack.push(without, holding);
    }
    return { groups };
  },
});
