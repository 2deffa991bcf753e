/**
 * CAHD, correlation-aware anonymization of high-dimensional data (Ghinita Sec. 5.3, Fig. 11), on a
 * row order produced by GraySort or RCM. For each sensitive transaction t in that order, the
 * candidate list CL holds the alpha*p nearest remaining predecessors and alpha*p successors that
 * conflict neither with t nor with each other (conflicting ones are skipped); the p-1 of CL closest
 * to t in QID Hamming distance join t (ties to the nearer in the order). Remaining rows live in a
 * doubly linked list over the order, so taking a group out is O(1) per row and building CL walks
 * only its neighbourhood: O(alpha p) per group plus the conflicting rows skipped (Sec. 5.3).
 */
import { DistancesFrom } from '../../../data/rowDistance.ts';
import { greedyGroups, type PartnerStrategy } from './greedyGroups.ts';
import type { GroupSteps } from './groupSteps.ts';
import type { SensitiveRows } from './sensitiveRows.ts';

export function cahd(
  rows: SensitiveRows,
  p: number,
  alpha: number,
  order: ArrayLike<number>,
  progress?: (f: number) => void,
  steps?: GroupSteps,
): number[][] {
  const n = rows.dataset.n;
  const prev = new Int32Array(n).fill(-1);
  const next = new Int32Array(n).fill(-1);
  for (let i = 0; i < order.length; i++) {
    prev[order[i]] = i > 0 ? order[i - 1] : -1;
    next[order[i]] = i + 1 < order.length ? order[i + 1] : -1;
  }
  const span = alpha * p;
  // The candidate list CL: row, QID distance to t, and rank (2 * steps away + side, ties to nearer).
  const listRow = new Int32Array(2 * span);
  const listDistance = new Int32Array(2 * span);
  const listRank = new Int32Array(2 * span);
  let listed = 0;
  // usedAt[s] === stamp: sensitive item s is held by t or by a row already in CL.
  const usedAt = new Int32Array(rows.dataset.d);
  let stamp = 0;
  const isFree = (r: number): boolean => {
    if (rows.holdsSensitive[r] === 0) return true;
    const items = rows.sensitiveOf[r];
    for (let k = 0; k < items.length; k++) if (usedAt[items[k]] === stamp) return false;
    for (let k = 0; k < items.length; k++) usedAt[items[k]] = stamp;
    return true;
  };
  const distances = new DistancesFrom(rows.qidRows, rows.dataset.d);
  const walk = (t: number, step: Int32Array, side: number): void => {
    let taken = 0;
    for (let r = step[t]; r !== -1 && taken < span; r = step[r]) {
      if (!isFree(r)) continue;
      listRow[listed] = r;
      listDistance[listed] = distances.to(r);
      listRank[listed++] = 2 * ++taken + side;
    }
  };
  // The `wanted` rows of CL of least (distance, rank): CL sorted by insertion into `slotOrder`
  // (it holds at most 2 alpha p rows).
  const slotOrder = new Int32Array(2 * span);
  const closestListed = (wanted: number): number[] => {
    for (let k = 0; k < listed; k++) {
      let at = k;
      for (; at > 0; at--) {
        const other = slotOrder[at - 1];
        const d = listDistance[other] - listDistance[k];
        if (d < 0 || (d === 0 && listRank[other] < listRank[k])) break;
        slotOrder[at] = other;
      }
      slotOrder[at] = k;
    }
    const chosen = new Array<number>(Math.min(wanted, listed));
    for (let k = 0; k < chosen.length; k++) chosen[k] = listRow[slotOrder[k]];
    return chosen;
  };
  const strategy: PartnerStrategy = {
    partners(t) {
      stamp++;
      listed = 0;
      for (const s of rows.sensitiveOf[t]) usedAt[s] = stamp;
      distances.setOrigin(t);
      walk(t, prev, 0);
      walk(t, next, 1);
      return closestListed(p - 1);
    },
    removed(group) {
      for (const r of group) {
        if (prev[r] !== -1) next[prev[r]] = next[r];
        if (next[r] !== -1) prev[next[r]] = prev[r];
      }
    },
    describe(t, partners, steps) {
      const list = Array.from(listRow.subarray(0, listed));
      return {
        text:
          `Its candidate list CL takes the ${span} nearest remaining rows before it in the order and the ${span} after it (alpha·p = ${span}), ` +
          `skipping rows that share a sensitive item with it or with a row already listed; the ${p - 1 === 1 ? 'row' : `${p - 1} rows`} of CL nearest to it in QID items join${p - 1 === 1 ? 's' : ''} it.`,
        cite: 'Ghinita Sec. 5.3, Fig. 11 lines 5-6',
        rule: 'CAHD takes the rows of its candidate list CL nearest to it in QID distance.',
        candidates: list.map((r, k) =>
          steps.candidate(t, r, partners.includes(r), {
            side: `${listRank[k] & 1 ? 'after' : 'before'} ${listRank[k] >> 1}`,
          }),
        ),
      };
    },
  };
  return greedyGroups(rows, p, order, strategy, progress, steps);
}
