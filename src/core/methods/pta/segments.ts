/**
 * PTA pre-processing (Lin et al., Sec. 4.1, Def. 3-4): all items are QIDs, rows are read as bit
 * vectors and sorted by Gray order (sortD), and sortD is divided into m consecutive segments of
 * near-equal size (the first n mod m segments one row longer, as the worked example's 7 + 6).
 * A segment with fewer than k rows cannot be anonymized alone and is merged with its neighbour
 * (the next one, or the previous one for the last segment).
 */
import type { Dataset } from '../../data/dataset.ts';
import { graySort } from '../shared/grayOrder.ts';
import { itemPositions, type ItemOrder } from '../shared/itemOrder.ts';
import { InputError } from '../../base/errors.ts';
import type { PtaSteps } from './ptaSteps.ts';

/** Default segment count: the one that keeps a segment near 200 transactions. */
export const TARGET_SEGMENT_SIZE = 200;

export function defaultSegmentCount(n: number): number {
  return Math.max(1, Math.round(n / TARGET_SEGMENT_SIZE));
}

/** Splits `sorted` into `m` consecutive segments, then merges those smaller than k. */
export function divideIntoSegments(sorted: readonly number[], m: number, k: number): number[][] {
  const n = sorted.length;
  const count = Math.max(1, Math.min(m, n));
  const base = Math.floor(n / count);
  const extra = n % count;
  const segments: number[][] = [];
  let start = 0;
  for (let s = 0; s < count; s++) {
    const size = base + (s < extra ? 1 : 0);
    segments.push(sorted.slice(start, start + size));
    start += size;
  }
  return mergeSmall(segments, k);
}

function mergeSmall(segments: number[][], k: number): number[][] {
  const merged: number[][] = [];
  let pending: number[] = [];
  for (const segment of segments) {
    pending = pending.concat(segment);
    if (pending.length >= k) {
      merged.push(pending);
      pending = [];
    }
  }
  if (pending.length > 0) {
    if (merged.length === 0) merged.push(pending);
    else merged[merged.length - 1] = merged[merged.length - 1].concat(pending);
  }
  return merged;
}

/** sortD: every input row, in Gray order under the column positions `position`. */
export function sortedRows(dataset: Dataset, position: Uint32Array): number[] {
  return Array.from(graySort(dataset, position));
}

/**
 * Pre-processing (Sec. 4.1): the Gray-sorted rows cut into segments of at least k rows. A recorded
 * run's `steps` draw the bit vectors (Fig. 2b), the sorted rows (Fig. 2c) and the segments (Fig. 3).
 */
export function planSegments(
  dataset: Dataset,
  k: number,
  segmentCount: number,
  order: ItemOrder,
  steps?: PtaSteps,
): { sorted: number[]; segments: number[][] } {
  if (dataset.n < k) {
    throw new InputError(
      `k-anonymity needs at least k = ${k} transactions; ${dataset.name} has ${dataset.n}`,
    );
  }
  const position = itemPositions(dataset, order);
  steps?.input(position);
  const sorted = sortedRows(dataset, position);
  steps?.sorted(sorted);
  const segments = divideIntoSegments(sorted, segmentCount, k);
  steps?.segments(segments, segmentCount);
  return { sorted, segments };
}
