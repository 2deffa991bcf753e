/**
 * What an attack reads and reports (DESIGN.md sec. 8): the attacker's background knowledge, and per
 * attack the success before (on the input as it stands) and after (on the release), the model's
 * bound and whether the release keeps it.
 */

/** The attacks of DESIGN.md sec. 8. */
export const ATTACKS = ['identity', 'inference', 'membership'] as const;
export type AttackName = (typeof ATTACKS)[number];

/** Which of a target's items the attacker knows: drawn at random, its rarest or its most frequent. */
export const KNOWN_CHOICES = ['random', 'rarest', 'frequent'] as const;
export type KnownChoice = (typeof KNOWN_CHOICES)[number];

/** The attacker's background knowledge and how many people it attacks. */
export interface Knowledge {
  /** How many of the target's (QID) items the attacker knows, one attack per value. */
  known: readonly number[];
  /** Which items of the target's row it knows. */
  choose: KnownChoice;
  /** Targets drawn per attack (all eligible rows when fewer). */
  targets: number;
  /** Seed of the draws (targets, known items). */
  seed: number;
}

/**
 * One side of an attack (the input or the release): `rate` the mean success over the targets,
 * `upper95` its one-sided 95% upper confidence bound (bounds.ts says which interval), `worst` the
 * highest success of one target.
 */
export interface AttackSide {
  rate: number;
  upper95: number;
  worst: number;
  /** Membership only: the worst target's advantage, lower 95% bound (what `holds` reads). */
  lower95?: number;
}

/** One attack's result, as `txanon attack` prints it. */
export interface AttackResult {
  attack: AttackName;
  /** Items known (identity, inference); null for membership, where the attacker knows the whole row. */
  known: number | null;
  /** Targets attacked. */
  targets: number;
  before: AttackSide;
  /** Absent when only the input was attacked. */
  after?: AttackSide;
  /** The model's bound on the success (1/k, 1/p, 1/l, (e^ε−1)/(e^ε+1)); null when it claims none. */
  bound: number | null;
  /**
   * Identity and inference: the worst target at most the bound (a guarantee is worst-case);
   * membership: false only when the worst target's advantage, lower 95% bound, exceeds the bound.
   * Null when there is no release or no bound.
   */
  holds: boolean | null;
  /** Membership: runs of the mechanism on each of D and D minus the target. */
  runs?: number;
}

/** `txanon attack`'s output: the release kind attacked ('input' for the input alone) and the attacks. */
export interface AttackReport {
  kind: string;
  attacks: AttackResult[];
}
