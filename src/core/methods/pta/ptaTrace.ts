/**
 * PTA on a dataset with every intermediate result (Lin et al., Figs. 3-7): the Gray-sorted rows and,
 * per segment, its Hamming matrix, best loop, candidate groups and equivalence classes. The teaching
 * view (trace.ts) turns it into tokens; tests compare it with the worked example.
 */
import type { Dataset } from '../../data/dataset.ts';
import type { ItemOrder } from '../shared/itemOrder.ts';
import { anonymizeSegment, type SegmentTrace } from './anonymizeSegment.ts';
import { planSegments } from './segments.ts';

export interface PtaTrace {
  sorted: number[];
  segments: SegmentTrace[];
}

/** PTA on `dataset` with every intermediate result (the teaching view). */
export function ptaTrace(dataset: Dataset, k: number, segmentCount: number, order: ItemOrder): PtaTrace {
  const { sorted, segments } = planSegments(dataset, k, segmentCount, order);
  return { sorted, segments: segments.map((rows) => anonymizeSegment(dataset, rows, k)) };
}
