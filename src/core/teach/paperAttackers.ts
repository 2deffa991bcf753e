/**
 * The attackers the papers name on their worked examples, for the teaching trace's attack step
 * (run/teachAttack.ts). Ghinita et al. Sec. 1: Eve knows that Claire bought cream and strawberries
 * (she was treated to them), joins that with the purchase log of Fig. 1a, finds Claire's
 * transaction and learns she bought a pregnancy test. Examples are recognised by their rows
 * (paperDegrees.ts), whatever the file.
 */
import type { Dataset } from '../data/dataset.ts';
import { isExample, PAPER_DEGREES } from './paperDegrees.ts';

export interface PaperAttacker {
  example: string;
  /** The attacker and the target as the paper names them. */
  who: string;
  whom: string;
  /** The target's row (0-based, in the example's order) and the items the attacker knows of it. */
  row: number;
  known: readonly string[];
  cite: string;
  rows: readonly (readonly string[])[];
}

export const PAPER_ATTACKERS: readonly PaperAttacker[] = [
  {
    example: 'Ghinita Fig. 1a',
    who: 'Eve',
    whom: 'Claire',
    row: 2,
    known: ['Cream', 'Strawberries'],
    cite: 'Ghinita, Kalnis, Tao Sec. 1 (Eve and Claire, Fig. 1a)',
    rows: PAPER_DEGREES.find((d) => d.example === 'Ghinita Fig. 1a')!.rows,
  },
];

/** The attacker the paper names on this example, if it names one. */
export function paperAttackerOf(dataset: Dataset): PaperAttacker | undefined {
  return PAPER_ATTACKERS.find((a) => isExample(dataset, a.rows));
}
