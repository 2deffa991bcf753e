/**
 * The group-formation loop shared by NNGroup (Ghinita Fig. 3), its LSH variant (Fig. 5), CAHD
 * (Fig. 11) and the Anatomy baseline: take each not-yet-grouped sensitive transaction in the given
 * order, ask the strategy for p-1 partners that conflict neither with it nor with each other, keep
 * the group only if the rows left still have degree >= p (histogram H), and publish every row left
 * at the end as one group. The strategies differ only in how partners are found.
 */
import { SensitiveHistogram, type SensitiveRows } from './sensitiveRows.ts';

export interface PartnerStrategy {
  /** Up to p-1 remaining rows, non-conflicting with `row` and each other; fewer when none exist. */
  partners(row: number, isRemaining: Uint8Array): number[];
  /** Told which rows just left the pool (so indexes can forget them). */
  removed?(rows: readonly number[]): void;
}

export function greedyGroups(
  rows: SensitiveRows,
  p: number,
  order: ArrayLike<number>,
  strategy: PartnerStrategy,
  progress: (fraction: number) => void = () => {},
): number[][] {
  const n = rows.dataset.n;
  const remaining = new Uint8Array(n).fill(1);
  const histogram = new SensitiveHistogram(rows, p);
  const groups: number[][] = [];
  let seen = 0;
  for (let at = 0; at < order.length; at++) {
    const t = order[at];
    seen++;
    if (remaining[t] === 0 || rows.holdsSensitive[t] === 0) continue;
    const partners = strategy.partners(t, remaining);
    if (partners.length < p - 1) continue;
    const group = [t, ...partners];
    if (!histogram.tryRemove(group)) continue;
    for (const r of group) remaining[r] = 0;
    strategy.removed?.(group);
    groups.push(group);
    if (seen % 64 === 0) progress(seen / order.length);
  }
  // The rows left, in input order (counted first: pushing tens of thousands of rows costs more).
  let left = 0;
  for (let r = 0; r < n; r++) left += remaining[r];
  const rest = new Array<number>(left);
  for (let r = 0, i = 0; r < n; r++) if (remaining[r] === 1) rest[i++] = r;
  if (left > 0) groups.push(rest);
  return groups;
}

/** Picks, in the given candidate order, rows that conflict neither with `row` nor with each other. */
export function nonConflicting(
  rows: SensitiveRows,
  row: number,
  candidates: Iterable<number>,
  wanted: number,
): number[] {
  const used = new Set(rows.sensitiveOf[row]);
  const chosen: number[] = [];
  for (const c of candidates) {
    if (chosen.length === wanted) break;
    const items = rows.sensitiveOf[c];
    if (items.some((s) => used.has(s))) continue;
    for (const s of items) used.add(s);
    chosen.push(c);
  }
  return chosen;
}
