/**
 * One PTA segment end to end (Alg. 1-3): the Hamming matrix (Fig. 4), the best loop (Fig. 5), the
 * candidate groups (Fig. 6) and the equivalence classes (Fig. 7). Segments are independent of each
 * other. A recorded run (the teaching stepper) passes its SegmentSteps, which draw each of them.
 */
import type { Dataset } from '../../data/dataset.ts';
import { hammingMatrix } from '../../data/rowDistance.ts';
import { formClasses, type ClassLog, type EquivalenceClass } from './equivalenceClasses.ts';
import { candidateGroups, type CandidateGroup } from './mapAndVote.ts';
import { primTsp, type DistanceMatrix, type Loop, type LoopLog, type TspBuffers } from './primTsp.ts';
import type { SegmentSteps } from './ptaSteps.ts';

export interface SegmentTrace {
  /** Input rows of the segment, in Gray order. */
  rows: number[];
  matrix: DistanceMatrix;
  loop: Loop;
  groups: CandidateGroup[];
  /** Classes with members as input rows. */
  classes: EquivalenceClass[];
}

/**
 * With `buffers` (a run's segments, one after another) the working memory is reused and the
 * trace's matrix is only valid until the next segment; without, every array is the trace's own.
 */
export function anonymizeSegment(
  dataset: Dataset,
  rows: readonly number[],
  k: number,
  buffers?: TspBuffers,
  steps?: SegmentSteps,
): SegmentTrace {
  const size = rows.length;
  const distances = buffers ? buffers.take('distance', size * size) : new Int32Array(size * size);
  hammingMatrix(dataset, dataset.d, rows, distances, buffers?.itemSlots(dataset.d));
  const matrix: DistanceMatrix = { size, distance: distances };
  steps?.matrix(rows, matrix);
  const loopLog: LoopLog | undefined = steps && { ils: [], steps: [] };
  const loop = primTsp(matrix, buffers, loopLog);
  if (steps) steps.loop(loop, loopLog!);
  const rowItems = (i: number) => dataset.row(rows[i]);
  const distance = (i: number, j: number) => matrix.distance[i * matrix.size + j];
  const groups = candidateGroups(loop.path, k, rowItems, distance, dataset.d);
  steps?.groups(loop, groups);
  const classLog: ClassLog | undefined = steps && { taken: [], joins: [] };
  const formed = formClasses(groups, rows.length, rowItems, classLog);
  if (steps) steps.classes(loop, formed, classLog!);
  const classes = formed.map((c) => ({ ...c, members: c.members.map((i) => rows[i]) }));
  return { rows: [...rows], matrix, loop, groups, classes };
}
