/**
 * The teaching views (Ghinita Fig. 1, PTA Figs. 3-7, COAT Example 4.1) draw every row and step of
 * a run: they are for the papers' small examples and datasets of a similar size only.
 */
import type { Dataset } from '../../data/dataset.ts';

export const TEACHING_LIMIT = 60;

export function assertTeachingSize(dataset: Dataset): void {
  if (dataset.n > TEACHING_LIMIT)
    throw new Error(`the teaching view shows datasets of at most ${TEACHING_LIMIT} transactions`);
}
