/**
 * The papers' worked examples whose paper states the privacy degree p it anonymizes them with, so
 * that a teaching trace of a p-degree method on one starts from the paper's own p
 * (run/teachingDegree.ts). Only Ghinita Fig. 1 does: its groups of Fig. 1d, {Bob, David, Ellen}
 * with one Viagra and {Andrea, Claire} with one Pregnancy Test, give each transaction a probability
 * of at most 1/2 of holding a sensitive item (Sec. 3, Definition 3): privacy degree 2. The other
 * samples are other papers' examples (COAT, PTA, the anatomy paper), which state no p.
 *
 * An example is recognised by its rows, not by its file's name: the same transactions, each as a
 * set of items, in the paper's order (T1..Tn), whatever the file's format or the order of items
 * within a row.
 */
import type { Dataset } from '../data/dataset.ts';

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
    example: 'Ghinita Fig. 1a',
    p: 2,
    cite: 'Ghinita, Kalnis, Tao Sec. 3 and Fig. 1d',
    // Bob, David, Claire, Andrea, Ellen (Fig. 1a).
    rows: [
      ['Wine', 'Meat', 'Viagra'],
      ['Wine', 'Meat'],
      ['Strawberries', 'Cream', 'Pregnancy Test'],
      ['Strawberries', 'Meat'],
      ['Wine', 'Meat', 'Cream'],
    ],
  },
];

/** The worked example a dataset is (by its rows), when its paper states its p. */
export function paperDegreeOf(dataset: Dataset): PaperDegree | undefined {
  return PAPER_DEGREES.find((example) => isExample(dataset, example.rows));
}

/** Whether `dataset` holds exactly the example's rows, in its order (items in any order). */
export function isExample(dataset: Dataset, rows: readonly (readonly string[])[]): boolean {
  return (
    rows.length === dataset.n &&
    rows.every((items, r) => {
      const tokens = dataset.rowTokens(r);
      return tokens.length === items.length && items.every((item) => tokens.includes(item));
    })
  );
}
