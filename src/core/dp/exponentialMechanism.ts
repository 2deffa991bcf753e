/**
 * The exponential mechanism (McSherry and Talwar, FOCS 2007) sampled exactly: candidate j is chosen
 * with probability ∝ exp(c · score_j), c = num/den rational, scores integers. A candidate is
 * proposed uniformly and accepted with probability exp(-c · (best - score_j)) by the exact
 * Bernoulli(exp(-x)) of samplers.ts (rejection sampling: the accepted candidate has exactly the
 * mechanism's law). Nothing is exponentiated in floating point, so no score overflows (PrivBasis's
 * code clips exponents at 500, dp-notes P5) and no rounding shifts a probability (Ilvento, "Implementing
 * the Exponential Mechanism with Base-2 Differential Privacy", CCS 2020). The expected number of
 * proposals is n / Σ_j exp(-c·(best - score_j)), at most n.
 * c is ε/(2Δ) for a score of sensitivity Δ, or ε/Δ for a monotone score (every score moves the same
 * way when a transaction is added; Li et al. PrivBasis Sec. 5; the ledger's `exponential` and
 * `exponential-monotone` privacy maps, ledger.ts).
 */
import { bernoulliExp, type SamplerFraction } from './samplers.ts';
import type { RandomBits } from './byteSource.ts';

/** The index of the chosen candidate among `candidates` (indexes into `scores`). */
export function exponentialMechanism(
  bits: RandomBits,
  scores: ArrayLike<number>,
  c: SamplerFraction,
  candidates: readonly number[] = Array.from({ length: scores.length }, (_, i) => i),
): number {
  if (candidates.length === 0) throw new RangeError('the exponential mechanism needs a candidate');
  let best = -Infinity;
  let worst = Infinity;
  for (const j of candidates) {
    const s = scores[j];
    if (!Number.isSafeInteger(s)) throw new RangeError(`exponential mechanism: score ${s} is not an integer`);
    if (s > best) best = s;
    if (s < worst) worst = s;
  }
  if (!Number.isSafeInteger((best - worst) * c.num))
    throw new RangeError('exponential mechanism: score range times the rate exceeds 2^53');
  for (;;) {
    const j = candidates[bits.below(candidates.length)];
    if (bernoulliExp(bits, (best - scores[j]) * c.num, c.den)) return j;
  }
}

/**
 * `picks` distinct candidates, each by the exponential mechanism over those not yet chosen
 * (PrivBasis's peeling, dp-notes §3.3: the chosen one is removed and the rest renormalised), in the
 * order chosen. Each pick is one mechanism at rate c; `beforePick(p)` runs before pick p draws
 * (where a ledger charges it: check-then-spend).
 */
export function peel(
  bits: RandomBits,
  scores: ArrayLike<number>,
  picks: number,
  c: SamplerFraction,
  beforePick: (pick: number) => void = () => {},
): number[] {
  const remaining = Array.from({ length: scores.length }, (_, i) => i);
  const chosen: number[] = [];
  for (let p = 0; p < picks && remaining.length > 0; p++) {
    beforePick(p);
    const j = exponentialMechanism(bits, scores, c, remaining);
    chosen.push(j);
    const at = remaining.indexOf(j);
    remaining[at] = remaining[remaining.length - 1];
    remaining.pop();
  }
  return chosen;
}
