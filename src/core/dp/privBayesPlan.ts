/**
 * PrivBayes's budget plan over items (Zhang, Cormode, Procopiuc, Srivastava, Xiao, "PrivBayes:
 * Private Data Release via Bayesian Networks", SIGMOD 2014 / TODS 42(4) 2017; cited from our
 * knowledge of the paper, whose text is not in ../shared/papers): what each stage spends and at
 * which noise scale, computed exactly in rationals, so that the run (methods/privbayes) and the
 * verifier (release/verifyPrivBayes.ts) derive the same scales from the header's params.
 *
 * Stages, in the order the run charges them (check-then-spend, dp/ledger.ts):
 * - the row count, with discrete Laplace noise at ε/20 (ROWS_SHARE), unless it is declared public;
 * - the N modelled items, when the item domain holds more than N: one noisy count per domain item
 *   over rows cut to at most `cap` items (sensitivity cap), at ε/10 (ITEMS_SHARE);
 * - the network (the paper's Alg. 4, GreedyBayes): N − 1 exponential-mechanism picks, sharing
 *   β = 0.3 of what is left (the paper's choice of β, Sec. 4.2 / its experiments);
 * - the conditionals (the paper's Alg. 3, NoisyConditionals): max(1, N − k) marginals, each a count
 *   vector of L1 sensitivity 1, sharing the other 1 − β.
 * Neighbours: one transaction added or removed. A row count declared public makes the neighbours
 * "one transaction replaced" (bounded DP, the paper's own setting): every sensitivity doubles
 * (NEIGHBOUR_FACTOR), since a replacement is a removal and an addition.
 */
import { div, floor, mul, rational, sub, type Rational } from './rational.ts';

export const ROWS_SHARE = rational(1, 20);
export const ITEMS_SHARE = rational(1, 10);
/** The paper's β: the share of the network's budget (after the row count and the items). */
export const BETA = rational(3, 10);
/**
 * The paper's θ-usefulness (Sec. 4.5 of the SIGMOD version, "choice of k"): a noisy marginal is
 * useful when its average cell count is at least θ times the noise scale; the paper uses θ = 4.
 * Here k is given and the rule chooses N, the number of items modelled.
 */
export const THETA = 4;
/**
 * The network's score is floor(SCORE_RESOLUTION · f) with f = n·2R (structureScore.ts): its
 * sensitivity is 4·SCORE_RESOLUTION per added or removed row (f moves by less than 4).
 */
export const SCORE_RESOLUTION = 8;
export const SCORE_SENSITIVITY = 4 * SCORE_RESOLUTION;

export type RowCount = 'noised' | 'public';
export const ROW_COUNTS: readonly RowCount[] = ['noised', 'public'];

/** 1 for add/remove neighbours, 2 when the row count is public (a row replaced). */
export const neighbourFactor = (rows: RowCount) => (rows === 'public' ? 2 : 1);

export interface PrivBayesShares {
  /** ε of the noisy row count (null: declared public). */
  rows: Rational | null;
  /** ε of the item choice (null: the domain holds at most N items, all modelled). */
  items: Rational | null;
  structure: Rational;
  conditionals: Rational;
}

/** The shares of ε, given whether the row count is noised and whether items are chosen. */
export function privBayesShares(epsilon: Rational, rows: RowCount, choosesItems: boolean): PrivBayesShares {
  const rowsEps = rows === 'noised' ? mul(epsilon, ROWS_SHARE) : null;
  const itemsEps = choosesItems ? mul(epsilon, ITEMS_SHARE) : null;
  let rest = epsilon;
  if (rowsEps) rest = sub(rest, rowsEps);
  if (itemsEps) rest = sub(rest, itemsEps);
  const structure = mul(rest, BETA);
  return { rows: rowsEps, items: itemsEps, structure, conditionals: sub(rest, structure) };
}

/** Scale of the row count's discrete Laplace noise (sensitivity 1). */
export const rowsScale = (share: Rational) => div(rational(1), share);

/** Scale of the item counts' noise: rows cut to `cap` items, sensitivity cap·factor. */
export const itemsScale = (share: Rational, cap: number, factor: number) =>
  div(rational(cap * factor), share);

/** Scale of each of the N − 1 network picks (exponential: ε = 2Δ/scale, Δ = SCORE_SENSITIVITY·factor). */
export const pickScale = (share: Rational, items: number, factor: number) =>
  div(rational(2 * SCORE_SENSITIVITY * factor * Math.max(1, items - 1)), share);

/** How many marginals the conditionals measure: one per node from the (k+1)-th on, at least one. */
export const marginalCount = (items: number, degree: number) => Math.max(1, items - degree);

/** Scale of each marginal's noise: its count vector has L1 sensitivity `factor`, the marginals share the budget. */
export const cellScale = (share: Rational, items: number, degree: number, factor: number) =>
  div(rational(factor * marginalCount(items, degree)), share);

/**
 * N, the number of items modelled: the most with θ-useful marginals, k + ⌊n̂·ε_c/(θ·2^(k+1)·factor)⌋
 * (each of the N − k marginals gets noise of scale (N − k)·factor/ε_c on cells of average count
 * n̂/2^(k+1)), with ε_c the conditionals' share when items are chosen (the smaller one, so that the
 * rule does not depend on its own outcome), at least min(k + 1, cap), at most `cap` and the domain.
 * n̂ is the published row count: N is computed from what is public.
 */
export function modelSize(
  epsilon: Rational,
  rows: RowCount,
  published: number,
  degree: number,
  cap: number,
  domain: number,
): number {
  const factor = neighbourFactor(rows);
  const { conditionals } = privBayesShares(epsilon, rows, true);
  const useful = floor(
    div(mul(rational(Math.max(0, published)), conditionals), rational(THETA * 2 ** (degree + 1) * factor)),
  );
  const fromRule = degree + Number(useful > BigInt(cap) ? BigInt(cap) : useful);
  return Math.min(domain, cap, Math.max(Math.min(degree + 1, cap), fromRule));
}
