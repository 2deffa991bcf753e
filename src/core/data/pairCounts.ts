/**
 * Supports of item pairs counted in one pass over a Dataset's rows: for the items asked (at most a
 * few thousand), a count matrix over their slots, each row adding one to every pair of its asked
 * items. The summary's frequent pairs use it on the input, and on a release's published rows for
 * the release's side (metrics/pairEstimates.ts).
 */
import type { Dataset } from './dataset.ts';

/** Support of every pair of `items` (ids of `dataset`) that occurs, counted over the rows; a before b as in `items`. */
export function pairCounts(
  dataset: Dataset,
  items: readonly number[],
): { a: number; b: number; support: number }[] {
  const f = items.length;
  if (f < 2) return [];
  const slot = new Int32Array(dataset.d).fill(-1);
  items.forEach((id, i) => (slot[id] = i));
  const counts = new Uint32Array(f * f);
  const held: number[] = [];
  for (let r = 0; r < dataset.n; r++) {
    held.length = 0;
    for (let k = dataset.offsets[r]; k < dataset.offsets[r + 1]; k++) {
      const s = slot[dataset.items[k]];
      if (s >= 0) held.push(s);
    }
    // Either cell of the pair, whichever order the row lists them in; the two are summed below.
    for (let x = 0; x < held.length; x++) {
      const row = held[x] * f;
      for (let y = x + 1; y < held.length; y++) counts[row + held[y]]++;
    }
  }
  const pairs: { a: number; b: number; support: number }[] = [];
  for (let i = 0; i < f; i++)
    for (let j = i + 1; j < f; j++) {
      const support = counts[i * f + j] + counts[j * f + i];
      if (support > 0) pairs.push({ a: items[i], b: items[j], support });
    }
  return pairs;
}
