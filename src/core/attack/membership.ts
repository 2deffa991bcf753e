/**
 * The membership attack on a differentially private release (DESIGN.md sec. 8): the distinguishing
 * game of the DP definition (Dwork & Roth Sec. 2.3; Wasserman & Zhou 2010 and Kairouz et al. 2015
 * read ε-DP as a bound on every hypothesis test between neighbouring inputs). For a target row t,
 * the mechanism runs `runs` times on D and `runs` times on D minus t (DESIGN.md sec. 3: neighbours
 * differ by one transaction added or removed), each run with its own seed; the attacker reads one
 * published statistic of each release (views/*.ts: the noisy support of what t holds) and takes
 * its best threshold test "statistic >= τ means t is in", over every τ and both directions. Its
 * advantage TPR − FPR is at most (e^ε − 1)/(e^ε + 1) for an ε-DP mechanism; the observed best
 * threshold's advantage is optimistic (it is a maximum), so the lower and upper 95% bounds are the
 * DKW bands of bounds.ts, which hold over every threshold at once.
 * The mechanism is a parameter (the run floor passes the registered method's run): this floor
 * imports no method.
 */
import type { Dataset } from '../data/dataset.ts';
import { DatasetBuilder } from '../data/datasetBuilder.ts';
import type { Release } from '../release/types.ts';
import { dkwBand } from './bounds.ts';
import { drawKnowledge } from './knowledge.ts';
import type { AttackSide } from './types.ts';

/** A mechanism: its release of `dataset`, its noise drawn from `seed`. */
export type Mechanism = (dataset: Dataset, seed: number) => Release;

/** The published statistic the attacker thresholds, for a target given as input ids. */
export type Statistic = (input: Dataset, release: Release, target: readonly number[]) => number;

/** `input` without row `row`: the neighbouring input of the game (same item dictionary). */
export function withoutRow(input: Dataset, row: number): Dataset {
  const builder = new DatasetBuilder(input.dictionary, input.items.length);
  for (let r = 0; r < input.n; r++) if (r !== row) builder.addIds(Array.from(input.row(r)));
  return builder.build(`${input.name} without row ${row + 1}`, input.format);
}

/**
 * The best threshold test's advantage: max over τ of |P̂(x >= τ | D) − P̂(x >= τ | D')|, the
 * largest gap between the two empirical distribution functions.
 */
export function bestThresholdAdvantage(inside: readonly number[], outside: readonly number[]): number {
  const a = [...inside].sort((x, y) => x - y);
  const b = [...outside].sort((x, y) => x - y);
  let i = 0;
  let j = 0;
  let best = 0;
  while (i < a.length || j < b.length) {
    const v = Math.min(i < a.length ? a[i] : Infinity, j < b.length ? b[j] : Infinity);
    while (i < a.length && a[i] === v) i++;
    while (j < b.length && b[j] === v) j++;
    best = Math.max(best, Math.abs(i / a.length - j / b.length));
  }
  return best;
}

export interface MembershipRun {
  targets: number[];
  /** The statistic published exactly (no mechanism): a count that moves by one with the target. */
  before: AttackSide;
  after: AttackSide;
  runs: number;
}

export function membershipAttack(
  input: Dataset,
  options: { targets: number; seed: number; runs: number },
  mechanism: Mechanism,
  statistic: Statistic,
): MembershipRun {
  const targets = drawKnowledge(
    input,
    1,
    { choose: 'random', targets: options.targets, seed: options.seed },
    (row) => Array.from(input.row(row)),
  ).map((t) => t.row);
  const band = dkwBand(options.runs, 0.05 / (2 * Math.max(1, targets.length)));
  const advantages: number[] = [];
  const exact: number[] = [];
  targets.forEach((row, t) => {
    const items = Array.from(input.row(row));
    const neighbour = withoutRow(input, row);
    const inside: number[] = [];
    const outside: number[] = [];
    for (let i = 0; i < options.runs; i++) {
      const seed = (options.seed + 1 + 2 * (t * options.runs + i)) >>> 0;
      inside.push(statistic(input, mechanism(input, seed), items));
      outside.push(statistic(input, mechanism(neighbour, seed + 1), items));
    }
    advantages.push(bestThresholdAdvantage(inside, outside));
    // Without a mechanism the count of rows holding the target's items is published as it is:
    // it differs by one between D and D minus t, so the test is always right.
    exact.push(countHolding(input, items) === countHolding(neighbour, items) ? 0 : 1);
  });
  const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
  const worst = advantages.reduce((m, x) => Math.max(m, x), 0);
  return {
    targets,
    runs: options.runs,
    before: { rate: mean(exact), upper95: mean(exact), worst: exact.reduce((m, x) => Math.max(m, x), 0) },
    after: {
      rate: mean(advantages),
      upper95: Math.min(1, mean(advantages) + 2 * band),
      worst,
      lower95: Math.max(0, worst - 2 * band),
    },
  };
}

function countHolding(dataset: Dataset, items: readonly number[]): number {
  let count = 0;
  for (let r = 0; r < dataset.n; r++) {
    const row = dataset.row(r);
    if (items.every((i) => row.includes(i))) count++;
  }
  return count;
}
