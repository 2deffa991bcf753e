/**
 * Which N items of the domain PrivBayes models, when the domain holds more than N (our addition:
 * the paper models a fixed, public set of attributes). Each row is cut to at most `cap` of its
 * domain items, chosen uniformly at random from the row alone, so that one row adds at most `cap`
 * to the vector of item counts (L1 sensitivity cap, or 2·cap for a replaced row); every domain
 * item's count then gets discrete Laplace noise (dp/samplers.ts) and the N largest noisy counts are
 * modelled (ties: the domain's order). An item of a public domain that the data never hold is a
 * candidate like any other (its count is 0 plus noise). The noisy counts are not published.
 */
import type { RandomBits } from '../../dp/byteSource.ts';
import type { ItemDomain } from '../../dp/itemDomain.ts';
import { discreteLaplace, type SamplerFraction } from '../../dp/samplers.ts';
import type { Dataset } from '../../data/dataset.ts';

/** Each domain item's count over rows cut to `cap` domain items (random ones from `bits`). */
export function cappedCounts(
  dataset: Dataset,
  domain: ItemDomain,
  cap: number,
  bits: RandomBits,
): Int32Array {
  const positionOf = new Int32Array(dataset.d).fill(-1);
  domain.ids.forEach((id, position) => {
    if (id >= 0) positionOf[id] = position;
  });
  const counts = new Int32Array(domain.tokens.length);
  const held: number[] = [];
  for (let r = 0; r < dataset.n; r++) {
    held.length = 0;
    for (const id of dataset.row(r)) if (positionOf[id] >= 0) held.push(positionOf[id]);
    const keep = Math.min(cap, held.length);
    // A partial Fisher-Yates shuffle: the first `keep` are a uniform sample of the row's items.
    for (let j = 0; j < keep; j++) {
      const swap = j + bits.below(held.length - j);
      [held[j], held[swap]] = [held[swap], held[j]];
      counts[held[j]]++;
    }
  }
  return counts;
}

/** The positions (in the domain) of the N items of largest noisy count, largest first. */
export function chooseItems(
  dataset: Dataset,
  domain: ItemDomain,
  count: number,
  cap: number,
  bits: RandomBits,
  scale: SamplerFraction,
): number[] {
  const counts = cappedCounts(dataset, domain, cap, bits);
  const noisy = Array.from(counts, (c) => c + discreteLaplace(bits, scale));
  return Array.from(noisy, (_, i) => i)
    .sort((a, b) => noisy[b] - noisy[a] || a - b)
    .slice(0, count);
}
