/**
 * What a differentially private run needs to run in parts (issue 35): which DP releases can be
 * merged at all, the one split under which the parts compose in parallel, and each part's own noise.
 *
 * - DiffPart (Chen et al. 2011) publishes a synthetic dataset; run on disjoint parts chosen row by
 *   row, its parts are DiffPart releases of those parts, and their concatenation costs the largest
 *   part's ε (parallel composition, McSherry 2009 Thm. 4; mergeDiffPart.ts).
 * - PrivBasis (Li et al. 2012) publishes the top-k itemsets of the whole input with noisy supports:
 *   the whole's top k is not the union of the parts' top k (an itemset just below the k-th in every
 *   part can be in the whole's top k), and its noisy supports would have to be summed over parts
 *   that each chose their own basis. Merging would need a further private query of the whole (its
 *   candidates' supports, a budget of its own), which is not built: refused.
 * - A seeded run's parts draw from different seeds (partNoiseSeed): parts that shared one stream
 *   would share their noise, and one part's data, if known, would reveal the noise of every other.
 *   An unseeded run's parts each draw from their own system randomness.
 */
import type { PrivacyModel, ReleaseKind } from '../release/types.ts';
import { isRowWise, type Split } from './partitionRows.ts';

/** Why a method of `model` with releases of `kind` cannot run in parts, or null when it can. */
export function partsRefusal(model: PrivacyModel, kind: ReleaseKind, method: string): string | null {
  if (model !== 'differential-privacy' || kind !== 'itemsets') return null;
  return `${method} publishes the top-k itemsets of the whole input, and the whole's top k is not the union of the partitions' top k (an itemset just below the k-th in every partition can be among the whole's top k); merging would need a further private query of the whole, which is not built: run it with anonymize`;
}

/** Why `split` cannot serve a run of `model`, or null. */
export function splitRefusal(model: PrivacyModel, split: Split): string | null {
  if (model !== 'differential-privacy' || isRowWise(split)) return null;
  return `--split ${split}: a differentially private run's partitions compose in parallel only when each row's partition depends on that row alone (item-hash); the ${split} split orders all rows together, so adding one row can move others between partitions`;
}

/**
 * The noise seed of part `part` of a run seeded with `seed`: distinct for distinct parts (an odd
 * multiple of the part added, then SplitMix32's finalizer, a bijection of 32-bit words).
 */
export function partNoiseSeed(seed: number, part: number): number {
  let z = (seed + Math.imul(part + 1, 0x9e3779b9)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}
