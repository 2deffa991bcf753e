/**
 * The published forms of DESIGN.md sec. 4 (items as tokens) and the private audit that links a
 * release back to the input rows. Each method family adds its verifier beside these types.
 */
export type PrivacyModel = 'p-degree' | 'l-diversity' | 'k-anonymity' | 'km-anonymity' | 'constraints';

export interface ReleaseHeader {
  format: 'txanon-release/1';
  model: PrivacyModel;
  method: string;
  params: Record<string, number | string | boolean>;
  seed: number;
  sensitive: string[];
}

export interface GroupsRelease extends ReleaseHeader {
  kind: 'groups';
  groups: { qid: string[][]; sensitive: Record<string, number> }[];
}

export interface TransactionsRelease extends ReleaseHeader {
  kind: 'transactions';
  transactions: string[][];
}

export interface GeneralizedRelease extends ReleaseHeader {
  kind: 'generalized';
  generalized: Record<string, string[]>;
  suppressed: string[];
  transactions: string[][];
}

export interface BucketsRelease extends ReleaseHeader {
  kind: 'buckets';
  columns: string[][];
  buckets: { size: number; columns: string[][][] }[];
}

export type Release = GroupsRelease | TransactionsRelease | GeneralizedRelease | BucketsRelease;
export type ReleaseKind = Release['kind'];

/** The private link back to input rows; never published. */
export type Audit = GroupsAudit | RowsAudit | GeneralizedAudit | BucketsAudit;
/** `groups` releases: the input rows of each group, in the order of that group's qid rows. */
export interface GroupsAudit {
  groups: number[][];
}
/** `transactions` and `generalized` releases: the input row of each published row. */
export interface RowsAudit {
  rowOf: number[];
}
/** `generalized` releases: the input row of each published row, and the constraints checked. */
export interface GeneralizedAudit extends RowsAudit {
  /** Privacy constraints (input tokens) the release must satisfy, when not in k^m mode. */
  constraints?: string[][];
  /** Utility constraints (input tokens). */
  utility?: string[][];
}

/** `buckets` releases: the input rows of each bucket. */
export interface BucketsAudit {
  buckets: number[][];
}

/** Result of a verifier (DESIGN.md sec. 4): the partition check and the guarantee check. */
export interface Verification {
  verified: boolean;
  /** Every input row appears exactly once. */
  partitionComplete: boolean;
  /** What failed, naming the offending group, row or itemset; empty when verified. */
  problems: string[];
}
