/**
 * The group-formation loop shared by NNGroup (Ghinita Fig. 3), its LSH variant (Fig. 5), CAHD
 * (Fig. 11) and the Anatomy baseline: take each not-yet-grouped sensitive transaction in the given
 * order, ask the strategy for p-1 partners that conflict neither with it nor with each other, keep
 * the group only if the rows left still have degree >= p (histogram H), and publish every row left
 * at the end as one group. The strategies differ only in how partners are found. The loop's state
 * between two queries is `GroupsInProgress`, which the speculative loop on the worker pool
 * (speculativeGroups.ts) drives the same way.
 */
import type { GroupSteps, QueryAccount } from './groupSteps.ts';
import { SensitiveHistogram, type SensitiveRows } from './sensitiveRows.ts';

export interface PartnerStrategy {
  /** Up to p-1 remaining rows, non-conflicting with `row` and each other; fewer when none exist. */
  partners(row: number, isRemaining: Uint8Array): number[];
  /** Told which rows just left the pool (so indexes can forget them). */
  removed?(rows: readonly number[]): void;
  /** What the last `partners` call weighed, for a recorded run's step (groupSteps.ts). */
  describe?(row: number, partners: readonly number[], steps: GroupSteps): QueryAccount;
}

/** Fig. 3 / Fig. 11 between two queries: the rows not yet grouped, H, and the groups so far. */
export class GroupsInProgress {
  /** remaining[r] = 1 while row r is not in a group. */
  readonly remaining: Uint8Array;
  private readonly histogram: SensitiveHistogram;
  private readonly groups: number[][] = [];

  constructor(
    private readonly rows: SensitiveRows,
    private readonly p: number,
  ) {
    this.remaining = new Uint8Array(rows.dataset.n).fill(1);
    this.histogram = new SensitiveHistogram(rows, p);
  }

  /** Whether t is asked for partners when its turn comes: not grouped yet, and sensitive. */
  asks(t: number): boolean {
    return this.remaining[t] === 1 && this.rows.holdsSensitive[t] === 1;
  }

  /**
   * t with its partners as a group when there are p-1 of them and the rows left keep degree >= p
   * (Fig. 3 lines 6-11): the group's rows leave the pool and the group is returned; otherwise
   * nothing changes and the answer is undefined.
   */
  take(t: number, partners: readonly number[]): number[] | undefined {
    if (partners.length < this.p - 1) return undefined;
    const group = [t, ...partners];
    if (!this.histogram.tryRemove(group)) return undefined;
    for (const r of group) this.remaining[r] = 0;
    this.groups.push(group);
    return group;
  }

  /** The groups formed, then the rows left as one last group, in input order. */
  finish(): number[][] {
    const { remaining } = this;
    const n = remaining.length;
    // Counted first: pushing tens of thousands of rows costs more.
    let left = 0;
    for (let r = 0; r < n; r++) left += remaining[r];
    const rest = new Array<number>(left);
    for (let r = 0, i = 0; r < n; r++) if (remaining[r] === 1) rest[i++] = r;
    return left > 0 ? [...this.groups, rest] : this.groups;
  }
}

export function greedyGroups(
  rows: SensitiveRows,
  p: number,
  order: ArrayLike<number>,
  strategy: PartnerStrategy,
  progress: (fraction: number) => void = () => {},
  /** A recorded run's steps (the family template makes them when ctx.recorder is on). */
  steps?: GroupSteps,
): number[][] {
  const state = new GroupsInProgress(rows, p);
  for (let at = 0; at < order.length; at++) {
    const t = order[at];
    if (!state.asks(t)) continue;
    const partners = strategy.partners(t, state.remaining);
    const account = steps && strategy.describe?.(t, partners, steps);
    const group = state.take(t, partners);
    if (steps && account) steps.query(t, partners, group, account);
    if (!group) continue;
    strategy.removed?.(group);
    if ((at + 1) % 64 === 0) progress((at + 1) / order.length);
  }
  const groups = state.finish();
  steps?.rest(groups);
  return groups;
}

/**
 * Picks, in the given candidate order, rows that conflict neither with `row` nor with each other.
 * `visited` (recorded runs) receives every candidate looked at, in order.
 */
export function nonConflicting(
  rows: SensitiveRows,
  row: number,
  candidates: Iterable<number>,
  wanted: number,
  visited?: number[],
): number[] {
  const used = new Set(rows.sensitiveOf[row]);
  const chosen: number[] = [];
  for (const c of candidates) {
    if (chosen.length === wanted) break;
    visited?.push(c);
    const items = rows.sensitiveOf[c];
    if (items.some((s) => used.has(s))) continue;
    for (const s of items) used.add(s);
    chosen.push(c);
  }
  return chosen;
}
