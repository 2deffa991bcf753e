/**
 * PrivBasis's budget plan (Li et al. PVLDB 2012 Sec. 5; dp-notes §3.6 and its table of noisy
 * quantities), shared by the method (methods/privbasis) and the verifier, which replays it: ε is
 * split α1 : α2 : α3 = 0.1 : 0.4 : 0.5 (the authors' code, PrivBasisMain.py:16-18) over
 * A, λ by the exponential mechanism (score -|f(j) - θ|, not monotone: scale 2/(α1ε));
 * B, the λ items and λ2 pairs, one monotone exponential-mechanism pick each at α2ε/(λ + λ2);
 * D, w noisy histograms (one per basis), discrete Laplace of scale w/(α3ε).
 * λ2 (only when λ > 12, else 0) is an integer fixed before the split (★ P2, P3).
 */
import { ceil, div, mul, rational, type Rational } from './rational.ts';
import type { Mechanism } from './ledger.ts';

export const ALPHA1 = rational(1, 10);
export const ALPHA2 = rational(2, 5);
export const ALPHA3 = rational(1, 2);
export const ETA = rational(11, 10);
/** λ at most this: the single basis F (Sec. 4.2, the code's MAXl). */
export const SINGLE_BASIS_MAX = 12;

/** ⌈ηk⌉: how many itemsets the basis must cover. */
export const coverCount = (k: number): number => Number(ceil(mul(ETA, rational(k))));

/**
 * λ2 for λ > 12 (dp-notes §3.6 lines 6-7): ηk - λ, shrunk to λ2/√max(1, λ2/λ), as an integer in
 * 1..C(λ,2); 0 when λ <= 12. A public function of λ and k: floating point here leaks nothing.
 */
export function pairCount(lambda: number, k: number): number {
  if (lambda <= SINGLE_BASIS_MAX) return 0;
  const raw = (11 * k) / 10 - lambda;
  const shrunk = raw <= 0 ? 1 : raw / Math.sqrt(Math.max(1, raw / lambda));
  return Math.min((lambda * (lambda - 1)) / 2, Math.max(1, Math.floor(shrunk)));
}

export interface PlannedCharge {
  phase: 'lambda' | 'item' | 'pair' | 'bins';
  mechanism: Mechanism;
  /** Of a score or count vector of sensitivity 1. */
  scale: Rational;
}

/** A: the exponential mechanism choosing λ, 2/(α1ε) (score of sensitivity 1, not monotone). */
export const lambdaScale = (epsilon: Rational) => div(rational(2), mul(ALPHA1, epsilon));
/** B: each of the λ + λ2 monotone picks, (λ + λ2)/(α2ε). */
export const pickScale = (epsilon: Rational, lambda: number, lambda2: number) =>
  div(rational(lambda + lambda2), mul(ALPHA2, epsilon));
/** D: each basis's bins, w/(α3ε). */
export const binScale = (epsilon: Rational, bases: number) => div(rational(bases), mul(ALPHA3, epsilon));

/** Every charge of a run, in order: λ, then λ items, λ2 pairs, w bases; they sum to ε exactly. */
export function privBasisPlan(epsilon: Rational, k: number, lambda: number, bases: number): PlannedCharge[] {
  const lambda2 = pairCount(lambda, k);
  const pick = pickScale(epsilon, lambda, lambda2);
  const charge = (phase: PlannedCharge['phase'], mechanism: Mechanism, scale: Rational, count: number) =>
    Array.from({ length: count }, () => ({ phase, mechanism, scale }));
  return [
    ...charge('lambda', 'exponential', lambdaScale(epsilon), 1),
    ...charge('item', 'exponential-monotone', pick, lambda),
    ...charge('pair', 'exponential-monotone', pick, lambda2),
    ...charge('bins', 'discrete-laplace', binScale(epsilon, bases), bases),
  ];
}
