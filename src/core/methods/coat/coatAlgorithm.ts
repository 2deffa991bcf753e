/**
 * COAT, constraint-based anonymization of transactions (Loukides, Gkoulalas-Divanis, Malin; Alg. 1,
 * lines 1-15 of its listing). The state (generalized items, Alg. 2-3) is generalization.ts, the
 * constraints as they evolve constraintSet.ts, k^m's constraints by levels kmLevels.ts.
 *
 * Alg. 1 as read here, by its line numbers:
 * - 2-3: while some constraint is unsatisfied, take the unsatisfied one of largest support (ties:
 *   the first given);
 * - 4-10: while it is unsatisfied: i_m = its least supported generalized item (5; ties: the one whose
 *   first item comes first); if i_m's utility constraint holds another generalized item (6-7),
 *   Generalize (8, Alg. 2); else if sup(i_m) < k, Suppress (9-10, Alg. 3).
 *   Line 4 also stops when I holds one generalized item (|I| = 1), and lines 11-14 then suppress
 *   it. Read literally that suppresses every item that a merge leaves alone below k although its
 *   utility constraint allows more merges, and every infrequent item at m = 1. The paper says
 *   otherwise three times: "When p cannot be satisfied by generalization, COAT suppresses the minimum
 *   number of items" (Sec. 4, first paragraph; Sec. 1.3), "suppresses ... only when utility
 *   constraints cannot be otherwise met" (Sec. 6.4), and with all items in one utility constraint
 *   "COAT did not suppress any items" (Sec. 6.2). So a one-item I whose item can still be generalized
 *   goes on with lines 5-8 (Alg. 2 merges i_m with a partner from its utility constraint, which
 *   need not be in I), and lines 11-14 suppress only what generalization cannot help;
 * - Alg. 2's partner: the least UL((i_m, i_r)) = (2^|merged| - 1) * w(merged) * sup(merged), w = 1
 *   or from a hierarchy (hierarchyWeights.ts);
 * - when i_m can neither be generalized nor suppressed (alone in its utility constraint with support
 *   >= k), lines 4-10 as printed would not end: the next least supported item of I is taken; when no
 *   item of I can be generalized or suppressed by lines 7-10, lines 12-14 suppress I's least
 *   supported item until the constraint holds.
 * Ties going to the first constraint and the first item reproduce every "arbitrary" choice of
 * Example 4.1. Def. 3.4 (2) (an unsupported constraint) is checked exactly up to 12 generalized
 * items, longer ones count unsatisfied (the privacy-safe side); constraints from rows are supported.
 */
import type { Dataset } from '../../data/dataset.ts';
import { ConstraintSet } from './constraintSet.ts';
import { itemsetListOf } from './constraintImages.ts';
import type { MemoryCheck } from '../../base/memoryBudget.ts';
import { Generalization, type CoatStep } from './generalization.ts';
import { levelConstraints } from './kmLevels.ts';
import type { ItemWeights } from './hierarchyWeights.ts';
import { CoatSteps } from './coatSteps.ts';
import type { Recorder } from '../../teach/recorder.ts';

export type { CoatStep } from './generalization.ts';
export { log2Pow2Minus1 } from './generalization.ts';

export interface CoatResult {
  /** gidOf[item]: the generalized item (its id) of each item, -1 when suppressed. */
  gidOf: Int32Array;
  /** Items of each generalized item id still in use. */
  members: Map<number, number[]>;
  suppressed: number[];
  steps: CoatStep[];
  /** Privacy constraints COAT had to satisfy (those not satisfied from the start), all levels. */
  constraints: number;
  /**
   * log10 of the generalization part of UL (Def. 3.16): the sum over generalized items of
   * (2^|g| - 1) / (2^M - 1) * w(g) * sup(g) / N; -Infinity when nothing is generalized.
   */
  log10Ul: number;
}

/** Lines 2-14 over one set of constraints (item ids, or gids of the current state). */
function satisfy(
  state: Generalization,
  set: ConstraintSet,
  k: number,
  describe: (ci: number) => string,
  steps?: CoatSteps,
  progress: (fraction: number) => void = () => {},
): void {
  let taken = 0;
  for (let ci = set.takeLargest(); ci >= 0; ci = set.takeLargest()) {
    steps?.take(set, ci);
    if (++taken % 256 === 0) progress(set.closedShare);
    while (!set.isSatisfied(ci)) {
      const image = set.image(ci);
      const order = [...image].sort(
        (a, b) => state.support(a) - state.support(b) || state.first(a) - state.first(b),
      );
      const im = order.find((g) => state.canGeneralize(g) || state.support(g) < k);
      if (im !== undefined && state.canGeneralize(im)) {
        if (steps) state.partnerCosts = [];
        const merge = state.generalize(image, im, set.keep);
        set.afterGeneralize(ci, merge);
        steps?.generalized(set, ci, state.steps[state.steps.length - 1], merge.gid);
        state.partnerCosts = undefined;
      } else {
        const g = im ?? order[0]; // lines 9-10, else lines 12-14
        const reason = steps && steps.suppressReason(g, im !== undefined);
        state.suppress(image, g, () => describe(ci));
        set.afterSuppress(ci, g);
        steps?.suppressed(set, ci, state.steps[state.steps.length - 1].item, reason!);
      }
    }
  }
}

function result(state: Generalization, constraints: number): CoatResult {
  return {
    gidOf: state.gidOf,
    members: state.members,
    suppressed: [...state.suppressed].sort((a, b) => a - b),
    steps: state.steps,
    constraints,
    log10Ul: state.log10Ul(),
  };
}

/** COAT with the privacy constraints given (item ids), e.g. from a file or Pgen. */
export function coat(
  dataset: Dataset,
  privacy: readonly number[][],
  utility: readonly number[][],
  k: number,
  s: number,
  /** w(g) of Def. 3.14 (default 1), e.g. from a hierarchy (hierarchyWeights.ts). */
  weights?: ItemWeights,
  rec?: Recorder,
): CoatResult {
  const state = new Generalization(dataset, utility, s, weights);
  const set = new ConstraintSet(state, k, itemsetListOf(privacy));
  const steps = rec?.on ? new CoatSteps(rec, state, k, s) : undefined;
  steps?.start(
    set,
    'The privacy and utility constraints',
    `Each privacy constraint is a set of items an attacker may know; it is satisfied when the items, as published, are together in at least k = ${k} rows or in none. ` +
      `Utility constraints ${utility.map((u) => `{${u.map((i) => dataset.dictionary.token(i)).join(', ')}}`).join(', ')} say which items may be generalized together.`,
    'Loukides et al. Sec. 3 (Def. 3.3-3.4, 3.8), Fig. 1',
    'Fig. 1',
  );
  satisfy(state, set, k, (ci) => `privacy constraint ${set.originOf(ci) + 1}`, steps);
  return result(state, set.size);
}

/**
 * Level j's constraint set, its size checked against the memory budget before it is built (the
 * itemsets found are let go once it is).
 */
function levelSet(state: Generalization, j: number, k: number, memory: MemoryCheck): ConstraintSet {
  const level = levelConstraints(state, j, k, memory);
  memory(
    (level.bytes ?? 0) + ConstraintSet.bytesFor(level.count, level.count * j, state.dataset.n),
    `COAT's ${level.count} privacy constraints of level ${j} (itemsets of ${j} items below k)`,
    j > 1 ? `m = ${j - 1}` : undefined,
  );
  return new ConstraintSet(state, k, level);
}

/** COAT in k^m mode: levels 1..m of the itemsets that need protection (kmLevels.ts). */
export function coatKm(
  dataset: Dataset,
  m: number,
  utility: readonly number[][],
  k: number,
  s: number,
  progress: (fraction: number, phase: string) => void = () => {},
  weights?: ItemWeights,
  rec?: Recorder,
  memory: MemoryCheck = () => {},
): CoatResult {
  const state = new Generalization(dataset, utility, s, weights);
  const steps = rec?.on ? new CoatSteps(rec, state, k, s) : undefined;
  let constraints = 0;
  for (let j = 1; j <= m; j++) {
    progress((j - 1) / m, `level ${j} of ${m}: counting itemsets below k`);
    const set = levelSet(state, j, k, memory);
    constraints += set.size;
    const describe = (ci: number) =>
      `the ${j}-itemset {${state
        .labels(set.image(ci))
        .map((items) => items.map((i) => dataset.dictionary.token(i)).join('|'))
        .join(', ')}}`;
    steps?.start(
      set,
      `Level ${j}: itemsets of ${j} item${j === 1 ? '' : 's'}`,
      `k^m-anonymity is COAT with a privacy constraint for every itemset of m = ${m} items; level by level, the ${j}-itemsets of the data as generalized so far that occur in fewer than k = ${k} rows become the constraints.`,
      'Loukides et al. Sec. 3.2 (k^m as privacy constraints); kmLevels.ts',
    );
    satisfy(state, set, k, describe, steps, (fraction) =>
      progress((j - 1 + 0.1 + 0.9 * fraction) / m, `level ${j} of ${m}: constraints satisfied`),
    );
  }
  return result(state, constraints);
}
