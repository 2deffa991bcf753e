/**
 * The published forms of DESIGN.md sec. 4 (items as tokens) and the private audit that links a
 * release back to the input rows. Each method family adds its verifier beside these types.
 */
import type { Ledger } from '../dp/ledger.ts';
import type { NoiseNote } from '../dp/noise.ts';
import type { ItemsetsAudit, ItemsetsRelease } from './itemsets.ts';

export type PrivacyModel =
  'p-degree' | 'l-diversity' | 'k-anonymity' | 'km-anonymity' | 'constraints' | 'differential-privacy';

export interface ReleaseHeader {
  format: 'txanon-release/1';
  model: PrivacyModel;
  method: string;
  params: Record<string, number | string | boolean>;
  seed: number;
  sensitive: string[];
  /** `differential-privacy` releases: where the noise came from (reproducible or not). */
  noise?: NoiseNote;
  /** `differential-privacy` releases: every noisy quantity and the composed total (DESIGN.md sec. 4). */
  ledger?: Ledger;
}

export interface GroupsRelease extends ReleaseHeader {
  kind: 'groups';
  groups: { qid: string[][]; sensitive: Record<string, number> }[];
}

export interface TransactionsRelease extends ReleaseHeader {
  kind: 'transactions';
  transactions: string[][];
  /** DiffPart: the partitions its noisy counts kept, from which the rows follow (release/diffPartRelease.ts). */
  partitions?: DiffPartPartition[];
}

/**
 * One partition of a DiffPart release (Chen et al. Sec. 4): its hierarchy cut (node labels), the
 * partition it was split from, the node expanded when it was split in turn, its noisy count and the
 * ledger entry that noised it. The root (index 0) has no count: |D| is never released.
 */
export interface DiffPartPartition {
  cut: string[];
  parent: number;
  /** The node expanded when this partition was split; absent for a leaf partition. */
  split?: string;
  /** The noisy count (absent for the root). */
  count?: number;
  /** Id of the ledger entry that noised the count (absent for the root). */
  charge?: number;
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

export type Release =
  GroupsRelease | TransactionsRelease | GeneralizedRelease | BucketsRelease | ItemsetsRelease;
export type ReleaseKind = Release['kind'];

/** The private link back to input rows; never published. */
export type Audit =
  GroupsAudit | RowsAudit | GeneralizedAudit | BucketsAudit | SyntheticAudit | ItemsetsAudit;
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

/** DiffPart's synthetic rows link to no input row: the audit holds each partition's true size. */
export interface SyntheticAudit {
  trueCounts: number[];
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
