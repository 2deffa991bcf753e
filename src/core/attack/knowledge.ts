/**
 * The attacker's background knowledge, drawn from the input (DESIGN.md sec. 8): the targets (rows
 * that hold at least the m items it knows), and for each the m items it knows, chosen at random,
 * as the target's rarest items (the most identifying: Ghinita's attacker who saw an unusual
 * purchase) or as its most frequent ones (what anyone might have seen), by support in the input.
 */
import { createRng, type Rng } from '../base/rng.ts';
import type { Dataset } from '../data/dataset.ts';
import { itemSupports } from '../data/stats.ts';
import { wilsonUpper95 } from './bounds.ts';
import type { AttackSide, KnownChoice } from './types.ts';

/** `count` of the eligible rows, drawn without replacement (all when fewer), ascending. */
export function drawTargets(eligible: readonly number[], count: number, rng: Rng): number[] {
  if (count >= eligible.length) return [...eligible];
  return rng
    .sample(eligible.length, count)
    .map((i) => eligible[i])
    .sort((a, b) => a - b);
}

/** `m` of `pool` (a row's items the attacker may know) as `choose` says; by support, ties by id. */
export function chooseKnown(
  pool: readonly number[],
  m: number,
  choose: KnownChoice,
  supports: Uint32Array,
  rng: Rng,
): number[] {
  if (choose === 'random') return rng.sample(pool.length, Math.min(m, pool.length)).map((i) => pool[i]);
  const sign = choose === 'rarest' ? 1 : -1;
  return [...pool].sort((a, b) => sign * (supports[a] - supports[b]) || a - b).slice(0, m);
}

/** One target of an attack: its input row and the items the attacker knows of it. */
export interface Target {
  row: number;
  known: number[];
}

/**
 * The targets of one attack with m known items: rows whose `pool` (the items the attacker may
 * know) holds at least m items and that `eligible` accepts, then each one's known items. The draws
 * depend only on (seed, m), so the same knowledge attacks the input and the release.
 */
export function drawKnowledge(
  input: Dataset,
  m: number,
  options: { choose: KnownChoice; targets: number; seed: number },
  pool: (row: number) => number[],
  eligible: (row: number) => boolean = () => true,
): Target[] {
  const rng = createRng(((options.seed >>> 0) ^ Math.imul(m, 0x9e3779b1)) >>> 0);
  const rows: number[] = [];
  for (let r = 0; r < input.n; r++)
    if (input.rowLength(r) >= m && pool(r).length >= m && eligible(r)) rows.push(r);
  const supports = itemSupports(input);
  return drawTargets(rows, options.targets, rng).map((row) => ({
    row,
    known: chooseKnown(pool(row), m, options.choose, supports, rng),
  }));
}

/** The mean, its 95% upper bound (bounds.ts) and the worst of per-target successes. */
export function sideOf(successes: readonly number[]): AttackSide {
  const n = successes.length;
  const rate = n === 0 ? 0 : successes.reduce((s, x) => s + x, 0) / n;
  return { rate, upper95: wilsonUpper95(rate, n), worst: successes.reduce((m, x) => Math.max(m, x), 0) };
}
