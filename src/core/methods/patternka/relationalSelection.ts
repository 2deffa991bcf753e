/**
 * PatternSelection and SampleSelection for relational data (PatternKa Alg. 2, eq. 19-23), used
 * when the input came from a relational table bucketed as in Alg. 3. For each longest pattern p:
 * C_p^raw = the rows that hold p (eq. 20); a row's diversity score is the product of the
 * frequencies in C_p^raw of its attribute values (eq. 21-22; summed as logarithms here, the same
 * order without overflow); C_p = the rows scoring at most the k-th smallest score (eq. 23, ties
 * included). The pattern whose C_p has the least NCP (eq. 8) wins, ties broken at random; the
 * group is that C_p. NCP is the set-valued one over the `column=value` items.
 */
import type { Dataset } from '../../data/dataset.ts';
import type { Rng } from '../../base/rng.ts';
import { groupNcp } from '../../data/groupNcp.ts';
import { heldRows, type CachedPattern } from './patternCache.ts';

export interface Selection {
  pattern: CachedPattern;
  rows: number[];
}

/** C_p (eq. 23) for the rows `raw` that hold a pattern. */
export function diverseRows(dataset: Dataset, raw: readonly number[], k: number): number[] {
  const frequency = new Map<number, number>();
  for (const r of raw) for (const item of dataset.row(r)) frequency.set(item, (frequency.get(item) ?? 0) + 1);
  const score = raw.map((r) => {
    let logProduct = 0;
    for (const item of dataset.row(r)) logProduct += Math.log(frequency.get(item)!);
    return logProduct;
  });
  const threshold = [...score].sort((a, b) => a - b)[Math.min(k, raw.length) - 1];
  const tolerance = 1e-9 * Math.max(1, Math.abs(threshold));
  return raw.filter((_, i) => score[i] <= threshold + tolerance);
}

/** Alg. 2: the pattern of least NCP(C_p) among `candidates`, and its C_p. */
export function selectRelational(
  dataset: Dataset,
  candidates: readonly CachedPattern[],
  k: number,
  rng: Rng,
): Selection {
  let best: Selection[] = [];
  let bestNcp = Infinity;
  for (const pattern of candidates) {
    const rows = diverseRows(dataset, heldRows(pattern), k);
    const ncp = groupNcp(dataset, rows);
    if (ncp < bestNcp) {
      bestNcp = ncp;
      best = [];
    }
    if (ncp === bestNcp) best.push({ pattern, rows });
  }
  return best[rng.int(best.length)];
}
