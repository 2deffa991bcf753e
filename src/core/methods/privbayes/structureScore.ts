/**
 * The score GreedyBayes maximizes (PrivBayes, Zhang et al. SIGMOD 2014 / TODS 2017, Sec. 4; cited
 * from our knowledge of the paper): we use the paper's R score, R(X, Π) = ½·‖Pr[X, Π] − Pr[X]·Pr[Π]‖₁
 * (the L1 distance of the joint from the product of its marginals), not mutual information, for
 * three reasons: the paper measures R close to its best score F and well ahead of I on binary
 * data; I's sensitivity grows with log n (the paper's Lemma on S(I)) where R's does not; and R is
 * exact in integers, which the project's exact exponential mechanism needs.
 *
 * On counts, with n rows, f = 2n·R = Σ_{x,π} |c(x,π) − c(x)·c(π)/n|. One row added (n → n+1)
 * moves c(x,π) by 1 in one cell, and the product term by
 *   Σ |c'(x)c'(π)/(n+1) − c(x)c(π)/n| ≤ (n·n + n·n + n + n²)/(n(n+1)) = (3n + 1)/(n + 1) < 3,
 * so f moves by less than 4 (the paper's 3/n for R under a replaced row, restated for a row added or
 * removed). The integer score floor(M·f), M = SCORE_RESOLUTION, then moves by at most 4M
 * (SCORE_SENSITIVITY): two reals less than 4M apart have floors at most 4M apart. f is computed
 * exactly: M·Σ|n·c(x,π) − c(x)c(π)| is an integer, divided by n with a floor.
 *
 * Cells come from itemset supports by Möbius inversion (the fast transform over the subsets of
 * {parents, child}), cell bits as dp/bayesNet.ts: bit j a parent's value, the top bit the child's.
 */
import { SCORE_RESOLUTION } from '../../dp/privBayesPlan.ts';
import type { SubsetSupports } from './subsetSupports.ts';

/**
 * The joint counts of (parents, child) from the supports, into `f` (2^(parents+1) cells; a scratch
 * reused across the millions of candidates a network weighs, so that none allocates).
 */
export function cellCounts(
  s: SubsetSupports,
  child: number,
  parents: readonly number[],
  f: Float64Array = new Float64Array(1 << (parents.length + 1)),
): Float64Array {
  const m = parents.length;
  const size = 1 << (m + 1);
  // f[A]: rows holding every member of A (bit j: parent j, bit m: the child).
  f[0] = s.n;
  if (m === 0) f[1] = s.support1(child);
  else if (m === 1) {
    const [a] = parents;
    f[1] = s.support1(a);
    f[2] = s.support1(child);
    f[3] = s.support2(a, child);
  } else if (m === 2) {
    const [a, b] = parents;
    f[1] = s.support1(a);
    f[2] = s.support1(b);
    f[3] = s.support2(a, b);
    f[4] = s.support1(child);
    f[5] = s.support2(a, child);
    f[6] = s.support2(b, child);
    f[7] = s.support3(a, b, child);
  } else throw new RangeError('the R score is computed for at most 2 parents');
  // Subtracting the supersets leaves rows with exactly A (the fast Möbius transform).
  for (let bit = 1; bit < size; bit <<= 1)
    for (let mask = 0; mask < size; mask++) if (!(mask & bit)) f[mask] -= f[mask | bit];
  return f;
}

/** floor(M·Σ|c(x,π) − c(x)c(π)/n|), exactly. */
export function scoreOfCells(cells: ArrayLike<number>, n: number, size = cells.length): number {
  if (n === 0) return 0;
  const half = size / 2;
  let ones = 0;
  for (let pi = 0; pi < half; pi++) ones += cells[pi + half];
  const zeros = n - ones;
  let g = 0;
  for (let pi = 0; pi < half; pi++) {
    const cpi = cells[pi] + cells[pi + half];
    g += Math.abs(n * cells[pi] - zeros * cpi) + Math.abs(n * cells[pi + half] - ones * cpi);
  }
  const a = SCORE_RESOLUTION * g;
  // The float quotient's floor, corrected to the exact integer one.
  let q = Math.floor(a / n);
  if (q * n > a) q--;
  else if ((q + 1) * n <= a) q++;
  return q;
}
