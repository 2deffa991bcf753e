/**
 * CAHD, correlation-aware anonymization of high-dimensional data (Ghinita Sec. 5.3, Fig. 11), on a
 * row order produced by GraySort or RCM. For each sensitive transaction t in that order, the
 * candidate list CL holds the alpha*p nearest remaining predecessors and alpha*p successors that
 * conflict neither with t nor with each other (conflicting ones are skipped); the p-1 of CL closest
 * to t in QID Hamming distance join t (ties to the nearer in the order). Remaining rows live in a
 * doubly linked list over the order, so taking a group out is O(1) per row and building CL walks
 * only its neighbourhood: O(alpha p) per group plus the conflicting rows skipped (Sec. 5.3).
 */
import { greedyGroups, type PartnerStrategy } from './greedyGroups.ts';
import type { SensitiveRows } from './sensitiveRows.ts';

export function cahd(
  rows: SensitiveRows,
  p: number,
  alpha: number,
  order: ArrayLike<number>,
  progress?: (f: number) => void,
): number[][] {
  const n = rows.dataset.n;
  const prev = new Int32Array(n).fill(-1);
  const next = new Int32Array(n).fill(-1);
  for (let i = 0; i < order.length; i++) {
    prev[order[i]] = i > 0 ? order[i - 1] : -1;
    next[order[i]] = i + 1 < order.length ? order[i + 1] : -1;
  }
  const strategy: PartnerStrategy = {
    partners(t) {
      const used = new Set(rows.sensitiveOf[t]);
      const candidates: { row: number; distance: number; rank: number }[] = [];
      const walk = (step: Int32Array, side: number) => {
        let taken = 0;
        for (let r = step[t]; r !== -1 && taken < alpha * p; r = step[r]) {
          const items = rows.sensitiveOf[r];
          if (items.some((s) => used.has(s))) continue;
          for (const s of items) used.add(s);
          candidates.push({ row: r, distance: rows.qidDistance(t, r), rank: 2 * ++taken + side });
        }
      };
      walk(prev, 0);
      walk(next, 1);
      candidates.sort((a, b) => a.distance - b.distance || a.rank - b.rank);
      return candidates.slice(0, p - 1).map((c) => c.row);
    },
    removed(group) {
      for (const r of group) {
        if (prev[r] !== -1) next[prev[r]] = next[r];
        if (next[r] !== -1) prev[next[r]] = prev[r];
      }
    },
  };
  return greedyGroups(rows, p, order, strategy, progress);
}
