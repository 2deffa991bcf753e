/**
 * The papers' worked examples whose paper states the privacy degree p it anonymizes them with, so
 * that a teaching trace of a p-degree method on one starts from the paper's own p
 * (run/teachingDegree.ts). Only Ghinita Fig. 1 does: its groups of Fig. 1d, {Bob, David, Ellen}
 * with one Viagra and {Andrea, Claire} with one Pregnancy Test, give each transaction a probability
 * of at most 1/2 of holding a sensitive item (Sec. 3, Definition 3): privacy degree 2. The other
 * samples are other papers' examples (COAT, PTA, the anatomy paper), which state no p.
 * An example is recognised by its rows (paperExamples.ts).
 */
import type { Dataset } from '../data/dataset.ts';
import { GHINITA_FIG_1A, holdsRows, PAPER_EXAMPLES } from './paperExamples.ts';

export interface PaperDegree {
  /** The example as a reader names it. */
  example: string;
  p: number;
  /** Where the paper states (or shows) it. */
  cite: string;
  /** Its transactions as the paper lists them. */
  rows: readonly (readonly string[])[];
}

export const PAPER_DEGREES: readonly PaperDegree[] = [
  {
    example: GHINITA_FIG_1A,
    p: 2,
    cite: 'Ghinita, Kalnis, Tao Sec. 3 and Fig. 1d',
    rows: PAPER_EXAMPLES.find((e) => e.example === GHINITA_FIG_1A)!.rows,
  },
];

/** The worked example a dataset is (by its rows), when its paper states its p. */
export function paperDegreeOf(dataset: Dataset): PaperDegree | undefined {
  return PAPER_DEGREES.find((example) => holdsRows(dataset, example.rows));
}

/** Whether `dataset` holds exactly the example's rows, in its order (items in any order). */
export const isExample = holdsRows;
