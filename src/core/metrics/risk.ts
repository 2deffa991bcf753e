/**
 * Re-identification risk (Ghinita, Kalnis, Tao, Sec. 6.1 and Table 3; DESIGN.md sec. 5 `risk`):
 * the share of transactions that j randomly chosen items of their own identify uniquely.
 * For each j, transactions with at least j items are sampled (all of them when `trials` is at least
 * their number), j distinct items are drawn from each, and the transaction counts as re-identified
 * when it is the only one in the data that holds all j items. A transaction with fewer than j items
 * cannot be attacked with j known items and is left out of that j's share (its count is reported).
 */
import type { Dataset } from '../data/dataset.ts';
import { ItemRows } from '../data/itemRows.ts';
import { createRng } from '../base/rng.ts';

export interface RiskOptions {
  /** Numbers of known items, default [1, 2, 3, 4]. */
  known?: number[];
  /** Transactions sampled per j (default 2000; all eligible ones when fewer). */
  trials?: number;
  seed?: number;
}

export interface RiskPoint {
  /** Number of known items. */
  known: number;
  /** Transactions with at least `known` items. */
  eligible: number;
  /** Transactions sampled among the eligible ones. */
  sampled: number;
  /** Sampled transactions identified uniquely. */
  unique: number;
  /** unique / sampled (0 when nothing was sampled). */
  share: number;
}

export const DEFAULT_RISK_TRIALS = 2000;

export function reidentificationRisk(dataset: Dataset, options: RiskOptions = {}): RiskPoint[] {
  const known = options.known ?? [1, 2, 3, 4];
  const trials = options.trials ?? DEFAULT_RISK_TRIALS;
  const rng = createRng(options.seed ?? 1);
  // The attacks are drawn first (the same draws as ever), then the tid-lists of the items they
  // name are built, and only those: one read of the data where the whole transpose cost 400 MB on
  // the 480,189-row Netflix shape, kept as long as the dataset (issue 31).
  const attacks = known.map((j) => {
    const eligible: number[] = [];
    for (let r = 0; r < dataset.n; r++) if (dataset.rowLength(r) >= j) eligible.push(r);
    const picked =
      trials >= eligible.length ? eligible : rng.sample(eligible.length, trials).map((i) => eligible[i]);
    const itemsets = picked.map((r) => {
      const row = dataset.row(r);
      return rng.sample(row.length, j).map((k) => row[k]);
    });
    return { j, eligible: eligible.length, itemsets };
  });
  const index = ItemRows.ofItems(
    dataset,
    attacks.flatMap((a) => a.itemsets.flat()),
  );
  const points = attacks.map(({ j, eligible, itemsets }) => {
    let unique = 0;
    for (const itemset of itemsets) if (index.countRowsContaining(itemset, 2) === 1) unique++;
    return {
      known: j,
      eligible,
      sampled: itemsets.length,
      unique,
      share: itemsets.length ? unique / itemsets.length : 0,
    };
  });
  ItemRows.forgetItems(dataset);
  return points;
}
