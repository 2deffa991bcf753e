/**
 * How well a release keeps the input's frequent pairs (DESIGN.md sec. 5 `summary`): of the pairs of
 * items held together by at least 1% of the input rows, the share whose support in the release
 * (the count on the published rows for `transactions`; the expected support from the release kind's
 * estimator, estimators.ts, otherwise; all pairs at once, pairEstimates.ts) is within 10% of the true one.
 *
 * Input pairs are counted over the items that can be in a frequent pair (support >= the
 * threshold), the most supported first, and only as many of them as keep the count linear in the
 * data (issue 31): counting the pairs of F items costs, by rows, the pairs their occurrences form in
 * each row, which grows with the square of a row's length (the 1,500 most supported items of a
 * Netflix-shaped file: 83 pairs per item occurrence, 8 billion on its 480,189 rows), or, by items,
 * F(F+1)/2 ANDs of two n-bit bitsets (data/pairCounts.ts counts the cheaper way). F is the largest
 * number (at most 1,500, in steps of 16) whose count costs at most PAIR_STEPS_PER_OCCURRENCE row
 * increments per item occurrence of the input, or PAIR_STEPS_FLOOR in all, whichever is more (so
 * that small data is counted whole); the cost by rows is estimated from a sample of the rows. The
 * pairs reported are exactly those of the F items; `frequent_pairs_items_cut` says how many
 * eligible items were left out. On the Netflix shape F is 128 of about 3,600 eligible items at
 * every size from 50,000 rows up; BMS1, BMS2, chess and the other benchmark files are counted whole.
 */
import type { Dataset } from '../../data/dataset.ts';
import { bitsetCost, countPairs, sampledPairWork } from '../../data/pairCounts.ts';
import { itemSupports } from '../../data/stats.ts';
import type { Audit, Release } from '../../release/types.ts';
import { pairEstimates, type ItemPair } from '../pairEstimates.ts';

/** Pairs held by at least this share of the rows are frequent. */
export const FREQUENT_PAIR_SUPPORT = 0.01;
/** A published support within this share of the true one counts as kept. */
export const PAIR_TOLERANCE = 0.1;
const MAX_ITEMS = 1500;
/** What counting may cost, in row increments per item occurrence of the input (above the floor). */
export const PAIR_STEPS_PER_OCCURRENCE = 3;
/** What counting may cost whatever the data's size, in row increments (about 0.2 s). */
export const PAIR_STEPS_FLOOR = 1 << 26;
const STEP = 16;

export interface PairFacts {
  frequent_pairs: number;
  frequent_pairs_within_10pct: number;
  /** Their share; null when the input has no frequent pair. */
  frequent_pairs_share: number | null;
  frequent_pairs_items_cut: number;
}

/** How many pairs the count may take: per item occurrence of the input, and at least. */
export interface PairBudget {
  perOccurrence: number;
  floor: number;
}

export function frequentPairFacts(
  dataset: Dataset,
  release: Release,
  audit: Audit,
  budget: PairBudget = { perOccurrence: PAIR_STEPS_PER_OCCURRENCE, floor: PAIR_STEPS_FLOOR },
): PairFacts {
  const threshold = Math.max(1, Math.ceil(FREQUENT_PAIR_SUPPORT * dataset.n));
  const supports = itemSupports(dataset);
  const eligible = Array.from(supports.keys())
    .filter((id) => supports[id] >= threshold)
    .sort((a, b) => supports[b] - supports[a] || a - b);
  const slotOf = new Int32Array(dataset.d).fill(-1);
  eligible.slice(0, MAX_ITEMS).forEach((id, slot) => (slotOf[id] = slot));
  const f = countedItems(dataset, slotOf, Math.min(eligible.length, MAX_ITEMS), budget);
  for (const id of eligible.slice(f)) slotOf[id] = -1;
  const counts = countPairs(dataset, slotOf, f);
  const pairs: ItemPair[] = [];
  const truth: number[] = [];
  for (let i = 0; i < f; i++)
    for (let j = i + 1; j < f; j++) {
      const support = counts.pair(i, j);
      if (support < threshold) continue;
      pairs.push({ a: eligible[i], b: eligible[j] });
      truth.push(support);
    }
  let within = 0;
  if (pairs.length > 0) {
    // A groups release's QID pairs are their input supports (pairEstimates.ts): not counted twice.
    const estimates = pairEstimates(dataset, release, audit, pairs, truth);
    truth.forEach((support, i) => {
      if (Math.abs(estimates[i] - support) <= PAIR_TOLERANCE * support) within++;
    });
  }
  return {
    frequent_pairs: pairs.length,
    frequent_pairs_within_10pct: within,
    frequent_pairs_share: pairs.length === 0 ? null : within / pairs.length,
    frequent_pairs_items_cut: eligible.length - f,
  };
}

/** How many of the `slots` most supported items have their pairs counted (see the module comment). */
function countedItems(dataset: Dataset, slotOf: Int32Array, slots: number, budget: PairBudget): number {
  if (slots === 0) return 0;
  const limit = Math.max(budget.floor, budget.perOccurrence * dataset.items.length);
  const work = sampledPairWork(dataset, slotOf, slots, STEP);
  const cost = (f: number, block: number) => Math.min(work[block], bitsetCost(dataset.n, f));
  if (cost(slots, work.length - 1) <= limit) return slots;
  let blocks = 0;
  while (blocks < work.length && cost((blocks + 1) * STEP, blocks) <= limit) blocks++;
  return blocks * STEP;
}
