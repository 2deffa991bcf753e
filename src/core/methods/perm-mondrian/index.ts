/**
 * `perm-mondrian`: the PermMondrian (PM) baseline of Ghinita Sec. 6.2: Mondrian-style top-down
 * splits (LeFevre et al., ICDE 2006) on QID items that publish exact QID values, as Anatomy does,
 * instead of generalising them. A partition splits on the QID item that divides it into the rows
 * with and without the item such that both halves keep degree >= p, choosing the split that is most
 * balanced in cardinality and in the frequency of each sensitive item (score = ||L| - |R|| / |P| +
 * sum over s of |f_s(L)/|L| - f_s(R)/|R||, lower is better, ties to the lower item id); a partition
 * with no such split is a group. The counts a split is scored by: splitCounts.ts (a large
 * partition's counts are carried to its larger side, O(nnz log n) counting in all). A recorded run
 * draws each split with the items it weighed (mondrianSteps.ts).
 */
import { pDegreeMethod } from '../shared/p-degree/pDegreeMethod.ts';
import type { GroupSteps } from '../shared/p-degree/groupSteps.ts';
import type { SensitiveRows } from '../shared/p-degree/sensitiveRows.ts';
import { PartitionCounts } from './splitCounts.ts';
import { MondrianSteps } from './mondrianSteps.ts';

/** Partitions of at least this many rows keep their counts for their larger side (splitCounts.ts). */
export const CARRY_COUNTS_FROM = 2048;

interface Pending {
  rows: number[];
  /** The partition's counts when carried from its parent. */
  counts: PartitionCounts | null;
}

/** The groups of PermMondrian: splits taken depth first, the side holding the item first. */
export function permMondrianGroups(
  rows: SensitiveRows,
  p: number,
  progress: (fraction: number) => void = () => {},
  carryFrom = CARRY_COUNTS_FROM,
  steps?: GroupSteps,
): number[][] {
  const n = rows.dataset.n;
  const sensitiveIndex = new Int32Array(rows.dataset.d).fill(-1);
  rows.sensitive.forEach((s, index) => (sensitiveIndex[s] = index));
  const scratch = new PartitionCounts(rows, sensitiveIndex);
  const counted = (part: number[]) => {
    const counts = new PartitionCounts(rows, sensitiveIndex);
    counts.add(part, 1);
    return counts;
  };
  const groups: number[][] = [];
  const stack: Pending[] = [{ rows: Array.from({ length: n }, (_, r) => r), counts: null }];
  let settled = 0;
  const recording = steps && new MondrianSteps(steps, groups, stack);
  recording?.start();
  while (stack.length > 0) {
    const { rows: part, counts: carried } = stack.pop()!;
    const counts = carried ?? (part.length >= carryFrom ? counted(part) : null);
    const scored = recording && [];
    let split;
    if (counts) split = counts.bestSplit(part.length, p, scored);
    else {
      scratch.add(part, 1);
      split = scratch.bestSplit(part.length, p, scored);
      scratch.clear();
    }
    if (!split) {
      groups.push(part);
      recording?.settled(part, scored!);
      settled += part.length;
      progress(settled / n);
      continue;
    }
    const bits = rows.dataset.bits;
    const without: number[] = [];
    const holding: number[] = [];
    for (const r of part) {
      const holds = bits ? bits.has(r, split.item) : rows.dataset.row(r).includes(split.item);
      (holds ? holding : without).push(r);
    }
    let withoutCounts: PartitionCounts | null = null;
    let holdingCounts: PartitionCounts | null = null;
    if (counts) {
      // The larger side keeps the parent's counts, less the smaller side's.
      const [smaller, larger] = holding.length <= without.length ? [holding, without] : [without, holding];
      counts.add(smaller, -1);
      counts.settle(larger);
      const smallerCounts = smaller.length >= carryFrom ? counted(smaller) : null;
      const largerCounts = larger.length >= carryFrom ? counts : null;
      [holdingCounts, withoutCounts] =
        smaller === holding ? [smallerCounts, largerCounts] : [largerCounts, smallerCounts];
    }
    stack.push({ rows: without, counts: withoutCounts }, { rows: holding, counts: holdingCounts });
    recording?.split(part, split.item, holding, without, scored!);
  }
  return groups;
}

export const permMondrianSpec = pDegreeMethod({
  id: 'perm-mondrian',
  label: 'PermMondrian baseline (Mondrian splits, exact QID)',
  params: [],
  formGroups(rows, p, _params, ctx, steps) {
    return {
      groups: permMondrianGroups(rows, p, (f) => ctx.progress(f, 'splits'), CARRY_COUNTS_FROM, steps),
    };
  },
});
