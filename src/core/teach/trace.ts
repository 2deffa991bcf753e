/**
 * The one trace shape of every method's teaching stepper (DESIGN.md sec. 3, `teach`; after Python
 * Tutor's execution traces): a list of self-contained steps, each with a title, one or two plain
 * sentences, the paper's section / line / figure it carries out, the state of the data at that
 * moment as one of five typed drawings shared by all methods, what changed (ids of the drawing's
 * elements) and the candidates the algorithm weighed with the numbers that decided. A viewer draws
 * step i from `steps[i]` alone (no replay), so first / last / seek are O(1). Element ids are stable
 * across steps: input row r is `T{r+1}` wherever the row is drawn, so the page keeps its layout.
 */

/** Version of the trace format: a reader refuses another. */
export const TRACE_VERSION = 1;

/**
 * The largest dataset a trace is recorded on (rows): every step draws every row. The page, the CLI
 * and the engine's refusal all state it.
 */
export const TEACHING_ROWS = 300;

/**
 * A sample's size (data/teachingSample.ts: transactions, most frequent items) when only one of its
 * sizes is given: a lesson that fits on a screen.
 */
export const DEFAULT_SAMPLE = { rows: 20, items: 12 } as const;

/** The most steps a trace holds; later ones are counted (`omitted`), the release always ends it. */
export const MAX_STEPS = 300;

/** The name every drawing gives input row r (0-based), as the papers number them: T1, T2, ... */
export const rowName = (r: number): string => `T${r + 1}`;

/** A row, column, group, node or bucket of a drawing, as `changed` refers to it. */
export interface Labelled {
  id: string;
  label: string;
}

/**
 * A binary matrix (Ghinita Fig. 1, PTA Fig. 2): rows in the order drawn, each row's cells as indices
 * of the columns it holds; sensitive columns are drawn apart; rows may belong to groups (drawn as
 * coloured runs, with a note, and in a `groups` release the sensitive items' counts the group
 * publishes instead of its rows' sensitive cells). A cell's id is `row id|column id`.
 */
export interface MatrixDrawing {
  kind: 'matrix';
  columns: (Labelled & { sensitive?: boolean })[];
  rows: (Labelled & { cells: number[]; group?: number })[];
  groups?: (Labelled & { note?: string; counts?: Record<string, number> })[];
  caption?: string;
}

/**
 * Transactions as lists of items (published labels such as `(a,b)` included), rows in the order
 * drawn, optionally in classes or groups (PTA's equivalence classes, PatternKa's groups), each row
 * with an optional note (e.g. its bit string).
 */
export interface TableDrawing {
  kind: 'table';
  rows: (Labelled & { items: string[]; group?: number; note?: string })[];
  groups?: (Labelled & { note?: string })[];
  caption?: string;
}

/**
 * A hierarchy with a cut (Terrovitis et al.'s full-subtree generalization): nodes in depth-first
 * order, each with its parent's index (-1 for the root), how many of the data's items lie under it,
 * its support when known and whether it is a node of the cut (what gets published).
 */
export interface LatticeDrawing {
  kind: 'lattice';
  nodes: (Labelled & { parent: number; leaves: number; support?: number; cut: boolean })[];
  caption?: string;
}

/**
 * A square table over pairs (PTA's Hamming matrix of a segment, Fig. 4; multi-anatomy's phi² of item
 * pairs, eq. 4): `values[i][j]` for labels i, j (null on the diagonal), labels optionally in groups
 * (PAM's clusters, `marked` ones such as medoids) and a path through them (PrimTSP's loop as it
 * grows, Fig. 5; `closed` once it is a loop). A cell's id is `id i|id j`.
 */
export interface PairsDrawing {
  kind: 'pairs';
  measure: string;
  labels: (Labelled & { group?: number; marked?: boolean })[];
  values: (number | null)[][];
  path?: number[];
  closed?: boolean;
  /** What the diagonal shows (PTA's Fig. 4 writes ∞); empty when absent. */
  diagonal?: string;
  groups?: (Labelled & { note?: string })[];
  caption?: string;
}

/**
 * Multi-dimension anatomy's publication (anatomy paper Table I(D)-(E)): the item partition into
 * columns, and buckets of rows, each row's value in every column (its items of that column).
 */
export interface BucketsDrawing {
  kind: 'buckets';
  columns: string[][];
  buckets: (Labelled & { rows: (Labelled & { values: string[][] })[]; note?: string })[];
  caption?: string;
}

export type Drawing = MatrixDrawing | TableDrawing | LatticeDrawing | PairsDrawing | BucketsDrawing;
export type DrawingKind = Drawing['kind'];

/**
 * One alternative the algorithm weighed at a step: what it is, the numbers that decided (by name,
 * e.g. `{ 'QID distance': 2 }`), whether it was chosen, and why not when it was not.
 */
export interface Candidate {
  label: string;
  /** The drawing element it stands for, if any (highlighted with it). */
  ref?: string;
  values: Record<string, number | string>;
  chosen?: boolean;
  note?: string;
}

/**
 * A question to the student before the step is shown (predict mode; DESIGN.md sec. 8): made from
 * the step's own candidates (teach/questions.ts), `answer` is one of the choices' ids, the one the
 * algorithm took, and `why` says so with the numbers that decided.
 */
export interface Question {
  prompt: string;
  choices: { id: string; label: string }[];
  answer: string;
  why: string;
}

export interface Step {
  title: string;
  /** One or two sentences in plain words. */
  text: string;
  /** The paper's section, line, equation or figure this step carries out. */
  cite: string;
  /** The paper figure this step draws (on the paper's worked example it equals the figure). */
  figure?: string;
  state: Drawing;
  /** Ids of the drawing's elements this step changed (highlighted). */
  changed: string[];
  candidates?: Candidate[];
  /** What the student is asked to predict before this step is shown. */
  question?: Question;
  /** A differential-privacy run's ledger as it stands after this step (it grows step by step). */
  ledger?: LedgerShown;
}

/** The ledger of a DP run at a step: each charge so far, the ε they compose to, the budget. */
export interface LedgerShown {
  entries: { label: string; mechanism: string; scale: string; epsilon: number; scope: string }[];
  spent: number;
  budget: number;
}

/**
 * The privacy degree a p-degree trace started from when the request gave none
 * (run/teachingDegree.ts): the paper's own for its worked example, or the largest the data admit,
 * in place of a default they do not; `why` says which and why, in a sentence.
 */
export interface DegreeChoice {
  p: number;
  source: 'paper' | 'largest';
  why: string;
}

/** A release's loss by one metric (run/teachLoss.ts): KL, IL or NCP, lower is better. */
export interface TraceLoss {
  metric: string;
  label: string;
  value: number;
}

/** How a trace's data were sampled from a larger file (data/teachingSample.ts). */
export interface TraceSample {
  rows: number;
  items: number;
  seed: number;
  /** Of the file: its transactions and items. */
  of: { transactions: number; items: number };
  why: string;
}

export interface Trace {
  version: typeof TRACE_VERSION;
  method: string;
  /** The method's label and its paper, as a reader cites it. */
  label: string;
  citation: string;
  params: Record<string, number | string | boolean>;
  seed: number;
  /** Sensitive items (tokens), for the models that have them. */
  sensitive: string[];
  dataset: { name: string; transactions: number; items: number };
  /** The teaching limit the trace was recorded under (rows) and its step cap. */
  limits: { rows: number; steps: number };
  /** Steps the algorithm took beyond the cap, not recorded (0: every step is here). */
  omitted: number;
  /** The p chosen for the data when the request gave none and the default did not fit them. */
  degree?: DegreeChoice;
  /**
   * The paper's worked example the data are (teach/paperExamples.ts): only then do steps carry
   * `figure` badges.
   */
  example?: string;
  /** The data are a sample of a larger file (the first step says so too). */
  sample?: TraceSample;
  /** The release's loss, when the request asked for it (the page's side by side). */
  loss?: TraceLoss[];
  /** Where the row names come from when they are not T1..Tn: the file's own, or the paper's. */
  rowNames?: 'file' | 'paper';
  steps: Step[];
}
