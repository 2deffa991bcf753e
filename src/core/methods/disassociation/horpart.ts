/**
 * HORPART, disassociation's horizontal partitioning (Terrovitis, Liagouris, Mamoulis,
 * Skiadopoulos, PVLDB 2012, Sec. 4.1, Algorithm 1 as we recall it): split the rows recursively on
 * the most frequent item, the rows holding it on one side (where it is then ignored) and the rest
 * on the other, until a part holds at most `maxSize` rows; each part is a cluster.
 * Two choices beyond the paper's pseudo-code (stated in docs/disassociation.md):
 * - a split must leave at least k rows on each side (an item held by fewer than k rows of the
 *   part, or by all but fewer than k, is passed over for the next most frequent one), so that
 *   every cluster holds at least k rows: a term chunk's items are then hidden among k rows at
 *   least, which the verifier checks;
 * - a part of more than `maxSize` rows that no item can split that way is cut into
 *   ceil(|part| / maxSize) near-equal clusters in input order (its rows share no item that k of
 *   them hold and k lack, so which rows go together matters little: their items go to term chunks).
 * "Ignored in the first part" is the same as passing over an item every row of the part holds.
 * Ties between equally frequent items go to the smaller input id. The work is a stack of parts,
 * each counted once: O(item occurrences x depth).
 */
import type { Dataset } from '../../data/dataset.ts';

/** One split of HORPART, for the stepper: the part, the item and the two sides. */
export interface HorpartSplit {
  rows: number[];
  item: number;
  holding: number[];
  rest: number[];
}

/** The clusters (input rows, ascending), in HORPART's depth-first order (holding side first). */
export function horpart(
  dataset: Dataset,
  k: number,
  maxSize: number,
  onSplit?: (split: HorpartSplit) => void,
  progress?: (fraction: number) => void,
): Uint32Array[] {
  const { offsets, items } = dataset;
  const counts = new Uint32Array(dataset.d);
  const touched: number[] = [];
  const clusters: Uint32Array[] = [];
  // No rows, no cluster (an empty cluster would hold fewer than k rows).
  const stack: Uint32Array[] = dataset.n > 0 ? [Uint32Array.from({ length: dataset.n }, (_, r) => r)] : [];
  let done = 0;
  while (stack.length > 0) {
    const part = stack.pop()!;
    if (part.length <= maxSize) {
      clusters.push(part);
      done += part.length;
      progress?.(done / Math.max(1, dataset.n));
      continue;
    }
    for (const r of part)
      for (let p = offsets[r]; p < offsets[r + 1]; p++) if (counts[items[p]]++ === 0) touched.push(items[p]);
    let best = -1;
    for (const item of touched) {
      const support = counts[item];
      if (support >= k && support <= part.length - k)
        if (best < 0 || support > counts[best] || (support === counts[best] && item < best)) best = item;
    }
    for (const item of touched) counts[item] = 0;
    touched.length = 0;
    if (best < 0) {
      const pieces = Math.ceil(part.length / maxSize);
      for (let i = pieces - 1; i >= 0; i--)
        stack.push(
          part.subarray(Math.floor((i * part.length) / pieces), Math.floor(((i + 1) * part.length) / pieces)),
        );
      continue;
    }
    const holding: number[] = [];
    const rest: number[] = [];
    for (const r of part) (holds(dataset, r, best) ? holding : rest).push(r);
    onSplit?.({ rows: Array.from(part), item: best, holding, rest });
    // The holding side is popped first (the paper's recursion order).
    stack.push(Uint32Array.from(rest), Uint32Array.from(holding));
  }
  return clusters;
}

/** Whether row r holds `item` (rows are sorted ascending: a binary search). */
function holds(dataset: Dataset, r: number, item: number): boolean {
  let lo = dataset.offsets[r];
  let hi = dataset.offsets[r + 1];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = dataset.items[mid];
    if (at === item) return true;
    if (at < item) lo = mid + 1;
    else hi = mid;
  }
  return false;
}
