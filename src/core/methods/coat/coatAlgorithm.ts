/**
 * COAT, constraint-based anonymization of transactions (Loukides, Gkoulalas-Divanis, Malin;
 * Algorithms 1-3). Items map to generalized items (sets of items) or are suppressed; a generalized
 * item is supported by every row holding one of its items (Theorem 3.10), kept as a sorted row list.
 * Loop (Alg. 1): take the unsatisfied privacy constraint of largest support; while it is unsatisfied
 * and has more than one generalized item, take its least-supported item i_m; if i_m's utility
 * constraint allows a partner, generalize i_m with the partner of least UL (Alg. 2, Def. 3.14: the
 * least (2^|merged| - 1) * w(merged) * sup(merged), w = 1 or from a hierarchy); else, if sup(i_m) < k, suppress
 * it (Alg. 3; more than s% of the items suppressed is "utility constraints violated"). Then, while
 * still unsatisfied, suppress its least-supported item (steps 11-14).
 * Written down where the paper is silent:
 * - ties (constraints of equal support, items of equal support, partners of equal UL) go to the
 *   first in order: constraint index, then the generalized item whose first item comes first in the
 *   item order; this reproduces every "arbitrary" choice of Example 4.1;
 * - when i_m can neither be generalized nor suppressed (alone in its utility constraint with support
 *   >= k), steps 4-10 cannot progress, so COAT goes on to the suppression of steps 12-14;
 * - Def. 3.4 (2), an unsupported constraint whose proper subsets all have support >= k or 0, is
 *   checked exactly up to 12 generalized items; a longer unsupported one counts as unsatisfied
 *   (the privacy-safe side). Constraints taken from rows are always supported.
 */
import type { Dataset } from '../../data/dataset.ts';
import { ItemRows } from '../../data/itemRows.ts';
import { intersectionSize, sortedHas } from '../../data/rowDistance.ts';
import { InputError } from '../../base/errors.ts';
import type { ItemWeights } from './hierarchyWeights.ts';

export interface CoatStep {
  constraint: number;
  action: 'generalize' | 'suppress';
  item: number[];
  with?: number[];
  result: number[];
}

export interface CoatResult {
  /** gidOf[item]: the generalized item (its id) of each item, -1 when suppressed. */
  gidOf: Int32Array;
  /** Items of each generalized item id still in use. */
  members: Map<number, number[]>;
  suppressed: number[];
  steps: CoatStep[];
  /**
   * log10 of the generalization part of UL (Def. 3.16): the sum over generalized items of
   * (2^|g| - 1) / (2^M - 1) * w(g) * sup(g) / N; -Infinity when nothing is generalized.
   */
  log10Ul: number;
}

export function coat(
  dataset: Dataset,
  privacy: number[][],
  utility: number[][],
  k: number,
  s: number,
  maxSteps = Infinity,
  /** w(g) of Def. 3.14 (default 1), e.g. from a hierarchy (hierarchyWeights.ts). */
  weights?: ItemWeights,
): CoatResult {
  const d = dataset.d;
  const n = dataset.n;
  const index = ItemRows.of(dataset);
  const gidOf = Int32Array.from({ length: d }, (_, i) => i);
  const members = new Map<number, number[]>();
  const rowsOf = new Map<number, Int32Array>();
  for (let i = 0; i < d; i++) {
    members.set(i, [i]);
    rowsOf.set(i, Int32Array.from(index.rowsOf(i)));
  }
  let nextGid = d;
  // Scratch of bestPartner, by generalized item id (at most 2d ids: each merge retires two).
  const sharedRows = new Int32Array(2 * d);
  const lastRowOf = new Int32Array(2 * d).fill(-1);
  const utilityOf = new Int32Array(d);
  const utilityGids = utility.map((u, ui) => {
    u.forEach((item) => (utilityOf[item] = ui));
    return new Set(u);
  });
  const first = (g: number) => members.get(g)![0];
  const support = (g: number) => rowsOf.get(g)!.length;
  const suppressed: number[] = [];
  const steps: CoatStep[] = [];

  // Constraint state: current generalized items, support, satisfied; and gid -> constraints.
  const cons = privacy.map((items) => ({ gids: [...new Set(items)], support: 0, satisfied: false }));
  const holders = new Map<number, Set<number>>();
  cons.forEach((c, ci) =>
    c.gids.forEach((g) => (holders.get(g) ?? holders.set(g, new Set()).get(g)!).add(ci)),
  );

  const itemsetSupport = (gids: readonly number[]): number => {
    if (gids.length === 0) return n;
    if (gids.length === 1) return rowsOf.get(gids[0])!.length;
    if (gids.length === 2) return intersectionSize(rowsOf.get(gids[0])!, rowsOf.get(gids[1])!);
    const lists = gids.map((g) => rowsOf.get(g)!).sort((a, b) => a.length - b.length);
    let count = 0;
    for (const r of lists[0]) if (lists.every((list, li) => li === 0 || sortedHas(list, r))) count++;
    return count;
  };
  const satisfied = (gids: readonly number[], sup: number): boolean => {
    if (gids.length === 0 || sup >= k) return true;
    if (sup > 0 || gids.length > 12) return false;
    for (let mask = 1; mask < (1 << gids.length) - 1; mask++) {
      const subset = gids.filter((_, i) => mask & (1 << i));
      const subsetSupport = itemsetSupport(subset);
      if (subsetSupport > 0 && subsetSupport < k) return false;
    }
    return true;
  };
  const refresh = (ci: number) => {
    const c = cons[ci];
    c.support = itemsetSupport(c.gids);
    c.satisfied = satisfied(c.gids, c.support);
  };
  cons.forEach((_, ci) => refresh(ci));
  const unsatisfied = new Set(cons.flatMap((c, ci) => (c.satisfied ? [] : [ci])));
  // A constraint supported by >= k rows stays satisfied: generalization only adds supporting rows
  // and suppression only drops items from it (Theorem 3.5's monotonicity). Only the others are
  // re-evaluated after a change.
  const touch = (affected: Iterable<number>) => {
    for (const ci of affected) {
      if (cons[ci].support >= k) continue;
      refresh(ci);
      if (cons[ci].satisfied) unsatisfied.delete(ci);
      else unsatisfied.add(ci);
    }
  };

  const generalize = (ci: number, im: number, partner: number) => {
    const g = nextGid++;
    const merged = [...members.get(im)!, ...members.get(partner)!].sort((a, b) => a - b);
    steps.push({
      constraint: ci,
      action: 'generalize',
      item: [...members.get(im)!],
      with: [...members.get(partner)!],
      result: merged,
    });
    members.set(g, merged);
    rowsOf.set(g, unionSorted(rowsOf.get(im)!, rowsOf.get(partner)!));
    for (const item of merged) gidOf[item] = g;
    const affected = new Set([...(holders.get(im) ?? []), ...(holders.get(partner) ?? [])]);
    for (const cj of affected) {
      const c = cons[cj];
      c.gids = [...c.gids.filter((x) => x !== im && x !== partner), g];
    }
    holders.set(g, affected);
    holders.delete(im);
    holders.delete(partner);
    const u = utilityGids[utilityOf[merged[0]]];
    u.delete(im);
    u.delete(partner);
    u.add(g);
    for (const old of [im, partner]) {
      members.delete(old);
      rowsOf.delete(old);
    }
    touch(affected);
  };

  const suppress = (ci: number, g: number) => {
    const items = members.get(g)!;
    for (const item of items) {
      gidOf[item] = -1;
      suppressed.push(item);
    }
    utilityGids[utilityOf[items[0]]].delete(g);
    const affected = holders.get(g) ?? new Set<number>();
    for (const cj of affected) cons[cj].gids = cons[cj].gids.filter((x) => x !== g);
    holders.delete(g);
    members.delete(g);
    rowsOf.delete(g);
    steps.push({ constraint: ci, action: 'suppress', item: items, result: [] });
    if (suppressed.length * 100 > s * d) {
      throw new InputError(
        `utility constraints violated: suppressing ${items.map((i) => dataset.dictionary.token(i)).join(', ')} (to satisfy privacy constraint ${ci + 1}) ` +
          `takes suppression to ${suppressed.length} of ${d} items, above s = ${s}% (COAT Alg. 3); allow more generalization or a larger s`,
      );
    }
    touch(affected);
  };

  const leastSupported = (gids: readonly number[]) =>
    gids.reduce((best, g) =>
      support(g) < support(best) || (support(g) === support(best) && first(g) < first(best)) ? g : best,
    );

  while (unsatisfied.size > 0 && steps.length < maxSteps) {
    let ci = -1;
    for (const cj of unsatisfied)
      if (ci < 0 || cons[cj].support > cons[ci].support || (cons[cj].support === cons[ci].support && cj < ci))
        ci = cj;
    const c = cons[ci];
    while (!c.satisfied && c.gids.length > 1) {
      const im = leastSupported(c.gids);
      const candidates = [...utilityGids[utilityOf[first(im)]]].filter((g) => g !== im);
      if (candidates.length > 0) {
        generalize(ci, im, bestPartner(im, candidates));
      } else if (support(im) < k) suppress(ci, im);
      else break;
    }
    while (!c.satisfied) suppress(ci, leastSupported(c.gids));
  }
  return { gidOf, members, suppressed: suppressed.sort((a, b) => a - b), steps, log10Ul: log10Ul() };

  /** Def. 3.16's generalization part, summed in log space (its terms underflow for large M). */
  function log10Ul(): number {
    const logs: number[] = [];
    for (const [g, items] of members) {
      if (items.length < 2) continue;
      const log2Term =
        log2Pow2Minus1(items.length) -
        log2Pow2Minus1(d) +
        Math.log2(weights ? weights.of(items) : 1) +
        Math.log2(support(g) / n);
      logs.push(log2Term);
    }
    if (logs.length === 0) return -Infinity;
    const top = Math.max(...logs);
    return (top + Math.log2(logs.reduce((sum, l) => sum + 2 ** (l - top), 0))) * Math.LOG10E * Math.LN2;
  }

  /**
   * Alg. 2 step 1: the partner of least UL((i_m, i_r)) = (2^|merged| - 1) * w(merged) * sup(merged),
   * in log2 (w = 1 without a hierarchy).
   * sup(merged) = |rows(i_m)| + |rows(g)| - |rows(i_m) ∩ rows(g)|; the intersections with every
   * candidate come from one pass over i_m's rows (i_m is the least supported item: few rows),
   * counting the generalized items each row holds, rather than one list merge per candidate.
   */
  function bestPartner(im: number, candidates: number[]): number {
    const a = rowsOf.get(im)!;
    const { offsets, items } = dataset;
    const counted: number[] = [];
    for (const r of a) {
      const end = offsets[r + 1];
      for (let t = offsets[r]; t < end; t++) {
        const g = gidOf[items[t]];
        if (g < 0 || lastRowOf[g] === r) continue; // suppressed, or met already in this row
        lastRowOf[g] = r;
        if (sharedRows[g]++ === 0) counted.push(g);
      }
    }
    let best = -1;
    let bestCost = Infinity;
    for (const g of candidates.sort((x, y) => first(x) - first(y))) {
      const size = members.get(im)!.length + members.get(g)!.length;
      const unionSize = a.length + rowsOf.get(g)!.length - sharedRows[g];
      const weight = weights ? Math.log2(weights.ofPair(members.get(im)!, members.get(g)!)) : 0;
      const cost = log2Pow2Minus1(size) + Math.log2(Math.max(1, unionSize)) + weight;
      if (cost < bestCost - 1e-12) {
        bestCost = cost;
        best = g;
      }
    }
    for (const g of counted) {
      sharedRows[g] = 0;
      lastRowOf[g] = -1;
    }
    return best;
  }
}

/** log2(2^a - 1), exact enough for any a >= 1. */
export function log2Pow2Minus1(a: number): number {
  return a > 50 ? a : Math.log2(2 ** a - 1);
}

function unionSorted(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i] < b[j])) out[k++] = a[i++];
    else if (i >= a.length || b[j] < a[i]) out[k++] = b[j++];
    else {
      out[k++] = a[i++];
      j++;
    }
  }
  return out.slice(0, k);
}
