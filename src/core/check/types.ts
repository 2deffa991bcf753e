/** What the Check page asks of a dataset it did not anonymize, and what it answers. */
import type { SensitiveChoice } from '../data/sensitive.ts';

/**
 * The stages of a check, in order (the page and the CLI show them as a run's phases): rows read
 * into classes (groups, buckets), the verifier, then the level the data offers.
 */
export const CHECK_PHASES = ['grouping', 'verifying', 'measuring'] as const;
export type CheckPhase = (typeof CHECK_PHASES)[number];
/** Told as each stage starts. */
export type CheckProgress = (phase: CheckPhase) => void;

export type CheckRequest =
  | { model: 'k-anonymity'; k: number }
  | { model: 'km-anonymity'; k: number; m: number }
  | { model: 'disassociation'; k: number; m: number }
  | {
      model: 'l-diversity';
      l: number;
      /** The column split, the known column first; empty: by attribute, or from `sensitive`. */
      columns: string[][];
      /**
       * Basket data (issue 32): the sensitive column as items chosen like p-degree's (a list, a
       * band, ...), every other item one known column. Used when `columns` is empty.
       */
      sensitive?: SensitiveChoice;
      seed?: number;
    }
  | { model: 'p-degree'; p: number; sensitive: SensitiveChoice; seed: number }
  /** (h,k,p)-coherence (Xu et al.): the sensitive items are the private ones, the rest public. */
  | { model: 'hkp-coherence'; h: number; k: number; p: number; sensitive: SensitiveChoice; seed: number };

export interface CheckResult {
  model: CheckRequest['model'];
  /** Whether the dataset, published as it is, meets the requested level (its verifier passed). */
  holds: boolean;
  /** The largest level the dataset meets (k, l or p; Infinity when nothing can be linked). */
  offered: number;
  /** What the verifier found, the worst offending itemsets or groups first. */
  problems: string[];
  /** How the data was read for this model, in one sentence. */
  reading: string;
  /** p-degree: the groups below p, lowest degree first (at most 10), with what they hold. */
  offendingGroups?: OffendingGroup[];
}

/** A group of rows an attacker cannot tell apart (identical QID items) whose degree is below p. */
export interface OffendingGroup {
  /** Its number (1-based) as the problems name it ("group 4: ..."). */
  group: number;
  /** Rows in the group. */
  rows: number;
  /** The QID items every row of the group holds (the same for all: that is the group). */
  qid: string[];
  /** Sensitive items among the group's rows, with how many rows hold each. */
  sensitive: Record<string, number>;
  /** min over its sensitive items s of rows / count(s) (Ghinita Def. 3). */
  degree: number;
}
