/** What the Check page asks of a dataset it did not anonymize, and what it answers. */
import type { SensitiveChoice } from '../data/sensitive.ts';

export type CheckRequest =
  | { model: 'k-anonymity'; k: number }
  | { model: 'km-anonymity'; k: number; m: number }
  | { model: 'l-diversity'; l: number; columns: string[][] }
  | { model: 'p-degree'; p: number; sensitive: SensitiveChoice; seed: number };

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
}
