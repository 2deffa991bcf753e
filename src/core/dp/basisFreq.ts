/**
 * PrivBasis's support reconstruction (Li et al. PVLDB 2012, Alg. 1 "BasisFreq"; dp-notes §3.5), pure
 * post-processing of each basis's noisy bin counts, shared by the method and the verifier:
 * a basis B's bin S (a non-empty subset, as a bit mask over B's items) counts the transactions t
 * with t ∩ B = S, so the support of X ⊆ B is the sum of the bins S ⊇ X (a superset-sum transform,
 * O(|B| 2^|B|)); an itemset in several bases takes the plain mean of its estimates (the authors'
 * code, PrivBasisMain.py:245; whether the paper weighs them is not known here, dp-notes P6). The
 * published itemsets are the k candidates of largest estimate, ties broken by fewer items, then
 * by their items in token order.
 */
import { compareTokens } from '../data/tokenOrder.ts';

export interface EstimatedItemset {
  items: string[];
  support: number;
}

/** Bases are at most this long (2^16 - 1 bins each). */
export const MAX_BASIS_LENGTH = 16;

/** Each non-empty X ⊆ basis (as a mask) with Σ_{S ⊇ X} bins[S - 1]. */
export function supersetSums(bins: readonly number[], length: number): Float64Array {
  const sums = new Float64Array(1 << length);
  for (let s = 1; s < sums.length; s++) sums[s] = bins[s - 1];
  for (let bit = 0; bit < length; bit++)
    for (let s = 0; s < sums.length; s++) if (!(s & (1 << bit))) sums[s] += sums[s | (1 << bit)];
  return sums;
}

export function reconstructTopK(
  bases: readonly (readonly string[])[],
  bins: readonly (readonly number[])[],
  k: number,
): EstimatedItemset[] {
  const candidates = new Map<string, { items: string[]; sum: number; count: number }>();
  bases.forEach((basis, i) => {
    const sums = supersetSums(bins[i], basis.length);
    for (let mask = 1; mask < sums.length; mask++) {
      const items = basis.filter((_, j) => mask & (1 << j));
      const key = items.join('\u0000');
      const entry = candidates.get(key);
      if (entry) {
        entry.sum += sums[mask];
        entry.count++;
      } else candidates.set(key, { items, sum: sums[mask], count: 1 });
    }
  });
  return [...candidates.values()]
    .map((c) => ({ items: c.items, support: c.sum / c.count }))
    .sort(compareEstimates)
    .slice(0, k);
}

function compareEstimates(a: EstimatedItemset, b: EstimatedItemset): number {
  if (a.support !== b.support) return b.support - a.support;
  if (a.items.length !== b.items.length) return a.items.length - b.items.length;
  for (let i = 0; i < a.items.length; i++) {
    const c = compareTokens(a.items[i], b.items[i]);
    if (c !== 0) return c;
  }
  return 0;
}
