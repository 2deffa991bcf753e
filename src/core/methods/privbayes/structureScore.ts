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

/** The joint counts of (parents, child) from the supports. */
export function cellCounts(s: SubsetSupports, child: number, parents: readonly number[]): Float64Array {
  const members = [...parents, child];
  const size = 1 << members.length;
  const f = new Float64Array(size);
  const chosen: number[] = [];
  for (let mask = 0; mask < size; mask++) {
    chosen.length = 0;
    for (let j = 0; j < members.length; j++) if (mask & (1 << j)) chosen.push(members[j]);
    f[mask] = s.support(chosen);
  }
  // f[A] holds rows with every member of A; subtracting the supersets leaves rows with exactly A.
  for (let bit = 1; bit < size; bit <<= 1)
    for (let mask = 0; mask < size; mask++) if (!(mask & bit)) f[mask] -= f[mask | bit];
  return f;
}

/** floor(M·Σ|c(x,π) − c(x)c(π)/n|), exactly. */
export function scoreOfCells(cells: ArrayLike<number>, n: number): number {
  if (n === 0) return 0;
  const half = cells.length / 2;
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
