/**
 * PrivBasis (Li, Qardaji, Su, Cao, PVLDB 5(11) 2012, Alg. 3; dp-notes §3.2-3.6 with its fixes ★):
 * the top-k frequent itemsets with noisy supports under ε-differential privacy. The budget plan is
 * dp/privBasisPlan.ts; every charge is made before its mechanism runs (check-then-spend).
 * A (α1ε): λ, how many items the top ⌈ηk⌉ itemsets involve, by the exponential mechanism over
 *   j = 1..|I| with score -|f(j) - θ|, f(j) the j-th largest item support and θ the support of the
 *   ⌈ηk⌉-th most frequent itemset (sensitivity 1: adding a transaction raises f(j) and θ by at most
 *   1; not monotone, so ε/2Δ; ★ α1ε, where the authors' code spends the whole ε here, P1).
 * B (α2ε): the λ items F by peeling with the exponential mechanism on item support (monotone: adding
 *   a transaction never lowers a support, so ε/Δ per pick); when λ > 12 also λ2 pairs P within F
 *   (their exact supports are only scores: F is already private, §3.3).
 * C: the basis set from F and P (dp/basisSet.ts), or {F} when λ <= 12: post-processing, no budget.
 * D (α3ε): each basis's 2^|B_i| - 1 bin counts with discrete Laplace noise of scale w/(α3ε) (each
 *   transaction is in at most one bin per basis: sensitivity 1 per basis, w in all), then every
 *   subset's support and the top k (dp/basisFreq.ts).
 * The candidates of A and B are the public item domain's (`items`, dp/itemDomain.ts), or, when none
 * is given, the items of the dataset's dictionary, taken as the public domain (★ never only the
 * items of the top itemsets, P4).
 */
import type { Dataset } from '../../data/dataset.ts';
import { ItemRows } from '../../data/itemRows.ts';
import { topItemsets } from '../../data/topItemsets.ts';
import { compareTokens } from '../../data/tokenOrder.ts';
import { InputError } from '../../base/errors.ts';
import { itemDomainOf } from '../../dp/itemDomain.ts';
import type { RandomBits } from '../../dp/byteSource.ts';
import { exponentialMechanism, peel } from '../../dp/exponentialMechanism.ts';
import { constructBasisSet } from '../../dp/basisSet.ts';
import { MAX_BASIS_LENGTH, reconstructTopK } from '../../dp/basisFreq.ts';
import { PrivacyBudget } from '../../dp/ledger.ts';
import { parseDecimal, rational, type Rational } from '../../dp/rational.ts';
import { discreteLaplace, samplerFraction } from '../../dp/samplers.ts';
import {
  binScale,
  coverCount,
  lambdaScale,
  pairCount,
  pickScale,
  SINGLE_BASIS_MAX,
} from '../../dp/privBasisPlan.ts';
import type { BasisTrace, PublishedItemset } from '../../release/itemsets.ts';
import type { PrivBasisSteps } from './privBasisSteps.ts';

const CITE = 'Li et al. 2012 Alg. 3';

export interface PrivBasisOutput {
  itemsets: PublishedItemset[];
  basis: BasisTrace;
  budget: PrivacyBudget;
  /** θ, the support of the ⌈ηk⌉-th itemset (private: for tests, never published). */
  theta: number;
}

/** The rate of an exponential mechanism P ∝ exp(score/scale): 1/scale. */
const rateOf = (scale: Rational) => samplerFraction(rational(scale.d, scale.n), 'exponential mechanism rate');

export function privBasis(
  dataset: Dataset,
  params: { epsilon: number; k: number; items?: string },
  bits: RandomBits,
  /** A recorded run's steps (privBasisSteps.ts), made with the run's ledger and item supports. */
  record?: (budget: PrivacyBudget, support: (item: number) => number) => PrivBasisSteps,
): PrivBasisOutput {
  const epsilon = parseDecimal(params.epsilon);
  const budget = new PrivacyBudget(epsilon, params.epsilon);
  const { k } = params;
  const index = ItemRows.of(dataset);
  // The candidates: the public domain's items when given (an item the data lack has support 0).
  const domain = itemDomainOf(dataset, params.items ?? '');
  const m = domain.tokens.length;
  if (m === 0) throw new InputError(`${dataset.name} holds no item: no itemset to publish`);
  const token = (position: number) => domain.tokens[position];
  const supportOf = (position: number) =>
    domain.ids[position] >= 0 ? index.support(domain.ids[position]) : 0;
  // The steps speak of candidates by position in the domain (the data's own ids without --items).
  const steps = record?.(budget, supportOf);

  // A: λ.
  const cover = coverCount(k);
  const top = topItemsets(dataset, cover);
  const theta = top.length >= cover ? top[cover - 1].support : 0;
  const bySupport = Array.from({ length: m }, (_, i) => supportOf(i)).sort((a, b) => b - a);
  const scoreOfRank = Int32Array.from(bySupport, (f) => -Math.abs(f - theta));
  const aScale = lambdaScale(epsilon);
  budget.spend({
    label: 'λ: how many items the top itemsets hold (score -|f(j) - θ|)',
    mechanism: 'exponential',
    sensitivity: 1,
    scale: aScale,
    cite: `${CITE} line 2; dp-notes §3.2`,
  });
  // P ∝ exp(ε·q/(2Δ)) = exp(q/scale) with scale 2Δ/ε.
  const lambda = exponentialMechanism(bits, scoreOfRank, rateOf(aScale)) + 1;
  steps?.lambda(k, cover, scoreOfRank, lambda, params.epsilon);

  // B: F, and P when λ > 12.
  const lambda2 = pairCount(lambda, k);
  const scale = pickScale(epsilon, lambda, lambda2);
  const pick = (scores: Int32Array, picks: number, what: 'item' | 'pair') =>
    peel(bits, scores, picks, rateOf(scale), (p) =>
      budget.spend({
        label: `${what} ${p + 1} of ${picks} (score: support)`,
        mechanism: 'exponential-monotone',
        sensitivity: 1,
        scale,
        cite: `${CITE} line ${what === 'item' ? 4 : 10}; dp-notes §3.3`,
      }),
    );
  const chosen = pick(
    Int32Array.from({ length: m }, (_, i) => supportOf(i)),
    lambda,
    'item',
  );
  steps?.items(chosen);
  const candidates: number[][] = [];
  if (lambda2 > 0)
    for (let a = 0; a < chosen.length; a++)
      for (let b = a + 1; b < chosen.length; b++) candidates.push([chosen[a], chosen[b]]);
  const pairs =
    lambda2 > 0
      ? pick(
          Int32Array.from(candidates, (pair) =>
            pair.some((p) => domain.ids[p] < 0)
              ? 0
              : index.countRowsContaining(pair.map((p) => domain.ids[p])),
          ),
          lambda2,
          'pair',
        ).map((c) => candidates[c])
      : [];
  const F = chosen.map(token);
  const P = pairs.map((pair) => pair.map(token).sort(compareTokens));

  // C: the basis set.
  const bases = lambda <= SINGLE_BASIS_MAX ? [[...F].sort(compareTokens)] : constructBasisSet(F, P);
  const longest = Math.max(...bases.map((b) => b.length));
  if (longest > MAX_BASIS_LENGTH)
    throw new InputError(
      `PrivBasis built a basis of ${longest} items; at most ${MAX_BASIS_LENGTH} are counted (2^${MAX_BASIS_LENGTH} bins): try a smaller k`,
    );

  steps?.basisSets(bases, lambda <= SINGLE_BASIS_MAX);

  // D: each basis's noisy bins, then the top k.
  const dScale = binScale(epsilon, bases.length);
  const noise = samplerFraction(dScale, 'PrivBasis bin noise scale');
  const bins = bases.map((basis, i) => {
    budget.spend({
      label: `basis ${i + 1} of ${bases.length}: its ${2 ** basis.length - 1} bin counts`,
      mechanism: 'discrete-laplace',
      sensitivity: 1,
      scale: dScale,
      cite: `${CITE} (BasisFreq, Alg. 1); dp-notes §3.5`,
    });
    const counts = binCounts(dataset, basis);
    const noisy = Array.from(counts, (count) => count + discreteLaplace(bits, noise));
    steps?.bins(bases, i, counts, noisy, dScale.d === 1n ? String(dScale.n) : `${dScale.n}/${dScale.d}`);
    return noisy;
  });
  return {
    itemsets: reconstructTopK(bases, bins, k),
    basis: { lambda, items: F, pairs: P, bases, bins },
    budget,
    theta,
  };
}

/** The true bin counts of a basis: bins[S - 1] = |{t : t ∩ basis = S}| for each non-empty mask S. */
export function binCounts(dataset: Dataset, basis: readonly string[]): Int32Array {
  const bit = new Int32Array(dataset.d).fill(-1);
  basis.forEach((t, j) => {
    const id = dataset.dictionary.find(t);
    if (id !== undefined) bit[id] = j;
  });
  const counts = new Int32Array(2 ** basis.length - 1);
  for (let r = 0; r < dataset.n; r++) {
    let mask = 0;
    for (const item of dataset.row(r)) if (bit[item] >= 0) mask |= 1 << bit[item];
    if (mask > 0) counts[mask - 1]++;
  }
  return counts;
}
