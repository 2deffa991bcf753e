/**
 * The papers' worked examples, recognised by their rows (not a file's name): the same
 * transactions, each as a set of items, in the paper's order (T1..Tn), whatever the file's format
 * or the order of items within a row. A teaching trace on one of them (run/teachRun.ts) says so
 * (`Trace.example`), keeps the figure badges of the steps that draw that paper's figures, and its
 * method's steps may add a sentence where the state departs from a figure (the recorder's
 * `example`). On any other data a step draws the same kind of picture but no figure is claimed.
 */
import type { Dataset } from '../data/dataset.ts';

export interface PaperExample {
  /** The example as a reader names it (also `Trace.example`). */
  example: string;
  /** The methods whose steps draw this paper's figures on it. */
  methods: readonly string[];
  /** Its transactions as the paper lists them. */
  rows: readonly (readonly string[])[];
  /** Names the paper gives the rows (T1..Tn otherwise). */
  names?: readonly string[];
}

const row = (items: string): string[] => items.split(',');

export const GHINITA_FIG_1A = 'Ghinita Fig. 1a';
export const PTA_FIG_2A = 'PTA Fig. 2a';
export const COAT_FIG_1A = 'COAT Fig. 1a';
export const ANATOMY_TABLE_1A = 'Anatomy Table I(A)';

export const PAPER_EXAMPLES: readonly PaperExample[] = [
  {
    example: GHINITA_FIG_1A,
    methods: ['gray-cahd', 'rcm-cahd', 'nn', 'lsh', 'perm-mondrian', 'anatomy'],
    rows: [
      row('Wine,Meat,Viagra'),
      row('Wine,Meat'),
      row('Strawberries,Cream,Pregnancy Test'),
      row('Strawberries,Meat'),
      row('Wine,Meat,Cream'),
    ],
    names: ['Bob', 'David', 'Claire', 'Andrea', 'Ellen'],
  },
  {
    // Lin et al. Fig. 2a: thirteen transactions over A-E.
    example: PTA_FIG_2A,
    methods: ['pta'],
    rows: [
      'B,D',
      'A,B,C',
      'C,D,E',
      'A,C,D,E',
      'A,B,D',
      'B,D,E',
      'A,C',
      'D,E',
      'A,E',
      'B,D',
      'B,D',
      'A,C,E',
      'B,C,D',
    ].map(row),
  },
  {
    // Loukides et al. Fig. 1a (Example 4.1; Fig. 2a for Apriori anonymization).
    example: COAT_FIG_1A,
    methods: ['coat', 'apriori-km'],
    rows: [
      'a,b,c,d,e,f,g,h',
      'a,c,e,f,g',
      'c,d,e,f,h',
      'a,c,e,f',
      'e,f,g,h',
      'd,e,f,g',
      'a,b,d,e',
      'a,c,f',
      'a,c',
      'b,h',
    ].map(row),
    names: ['Alice', 'Mary', 'George', 'Jack', 'Anne', 'Tom', 'Jim', 'Steve', 'David', 'Ellen'],
  },
  {
    // The anatomy paper's Table I(A).
    example: ANATOMY_TABLE_1A,
    methods: ['multi-anatomy'],
    rows: [
      'a,b,c,d,e,f,g,h',
      'a,b,d,e,h',
      'a,b,c,f,h',
      'a,b,f,h',
      'a,b,c,d',
      'a,b,c,e',
      'a,e,f,g',
      'b,f,h',
      'f,h',
      'd,g',
    ].map(row),
  },
];

/** Whether the dataset holds exactly these rows, in this order (items in any order). */
export function holdsRows(dataset: Dataset, rows: readonly (readonly string[])[]): boolean {
  return (
    rows.length === dataset.n &&
    rows.every((items, r) => {
      const tokens = dataset.rowTokens(r);
      return tokens.length === items.length && items.every((item) => tokens.includes(item));
    })
  );
}

/** The worked example the dataset is, for this method (undefined: not one of its paper's). */
export function paperExampleOf(dataset: Dataset, method: string): PaperExample | undefined {
  return PAPER_EXAMPLES.find((e) => e.methods.includes(method) && holdsRows(dataset, e.rows));
}
