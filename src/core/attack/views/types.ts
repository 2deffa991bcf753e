/**
 * What an attacker reads in a published form (DESIGN.md sec. 8): the candidates left when it knows
 * some of a person's items, and, for inference, how many of them hold a secret. Each release kind
 * has one entry in registry.ts; the attacks (identity.ts, inference.ts, membership.ts) never see a
 * kind, only these views, and never the audit: `unitOfRows` reads the audit, and only the scorer
 * calls it, after the attack.
 */
import type { Dataset } from '../../data/dataset.ts';
import type { Audit, Release, ReleaseKind } from '../../release/types.ts';

/**
 * A secret the attacker tries to infer about a target: a sensitive item (p-degree), or the
 * target's whole value in one column (l-diversity's buckets: anatomy paper Def. 5 reads a column's
 * value, the itemset a row holds in it).
 */
export interface Secret {
  /** The sensitive item's input id (item secrets). */
  readonly item?: number;
  /** The column (value secrets) and the value's key (its sorted input ids joined by commas). */
  readonly column?: number;
  readonly value?: string;
  /** Whether input row `row` holds the secret (the truth, for the view of the input itself). */
  heldBy(row: number): boolean;
}

/** The candidates left to an attacker who knows some of a person's items. */
export interface Candidates {
  /** How many people the attacker is left with (0: nothing published matches its knowledge). */
  readonly persons: number;
  /** Whether published unit `unit` is among the candidates. */
  holds(unit: number): boolean;
  /** The share of the candidates holding `secret`, as the release lets the attacker count it. */
  share(secret: Secret): number;
  /** The candidate units, at most `limit` of them, ascending (for drawings). */
  list(limit: number): number[];
}

/**
 * What an inference attacker knows and guesses about a target (input row): the items it may know
 * (QID items) and the target's secrets, as the release's model defines them.
 */
export interface SecretModel {
  known(row: number): number[];
  /**
   * The target's secrets; `known` (the items the attacker knows, when given) lets a model whose
   * secrets are the target's other items (disassociated.ts) leave out what is known already.
   */
  secrets(row: number, known?: readonly number[]): Secret[];
}

/** A published form as an attacker reads it. */
export interface AttackView {
  /** Units the attacker picks among: published rows (transactions, generalized, groups' QID rows) or buckets. */
  readonly units: number;
  /** The candidates consistent with knowing input items `known` (ids of the input) of a person. */
  candidates(known: readonly number[]): Candidates;
}

/**
 * How the attacks read one release kind. Adding a release kind (e.g. `disassociated`, DESIGN.md
 * sec. 8) is one file exporting one of these and one line in registry.ts; no attack changes.
 */
export interface KindReader<R extends Release = Release> {
  readonly kind: ReleaseKind;
  /** The attacker's view (absent: identity and inference do not apply, e.g. `itemsets`). */
  view?(input: Dataset, release: R): AttackView;
  /**
   * The scorer's link, read from the audit after the attack: the unit that publishes each input
   * row (-1 for a row the release leaves out). Required with `view`.
   */
  unitOfRows?(input: Dataset, release: R, audit: Audit): Int32Array;
  /** What unit `unit` publishes, in tokens, to draw a candidate (required with `view`). */
  unitTokens?(release: R, unit: number): string[];
  /** Inference: the secrets the release protects (absent or null: none, e.g. k-anonymity). */
  secrets?(input: Dataset, release: R): SecretModel | null;
  /**
   * Membership: the published statistic the attacker thresholds, for a target row given as input
   * ids (e.g. the noisy support of what the target holds). Absent: no membership game on this kind.
   */
  statistic?(input: Dataset, release: R, target: readonly number[]): number;
}
