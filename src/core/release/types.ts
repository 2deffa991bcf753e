/**
 * The published forms of DESIGN.md sec. 4 (items as tokens) and the private audit that links a
 * release back to the input rows. Each method family adds its verifier beside these types.
 * What grows with the data is held in typed arrays (tokenRows.ts: rows as offsets into one item
 * array, ids into a token table) under the JSON's own field names, in the JSON's key order, and is
 * converted to JSON only while it is written (writeJson.ts); plainRelease.ts has the JSON form
 * itself (files read back, tests, small views).
 */
import type { Ledger } from '../dp/ledger.ts';
import type { NoiseNote } from '../dp/noise.ts';
import type { PrivBayesNetwork } from '../dp/bayesNet.ts';
import type { ItemsetsAudit, ItemsetsRelease } from './itemsets.ts';
import type { DisassociatedAudit, DisassociatedRelease } from './disassociated.ts';
import type { IdRows, TokenCounts, TokenRows } from './tokenRows.ts';

export type PrivacyModel =
  | 'p-degree'
  | 'l-diversity'
  | 'k-anonymity'
  | 'km-anonymity'
  | 'constraints'
  | 'differential-privacy'
  | 'hkp-coherence'
  | 'disassociation';

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

/**
 * A `groups` release's body (Ghinita Sec. 3.1): each group's QID rows, published exactly, and its
 * sensitive items as counts. JSON: `groups: [{ "qid": [[tokens], ...], "sensitive": { token: count } }]`.
 */
export interface GroupsTable {
  /** Group g's QID rows are rows start[g] .. start[g+1]-1 of `qid` (length: groups + 1). */
  readonly start: Uint32Array;
  readonly qid: TokenRows;
  /** Row g: group g's sensitive counts, in the order its JSON object lists them. */
  readonly sensitive: TokenCounts;
}

export interface GroupsRelease extends ReleaseHeader {
  kind: 'groups';
  groups: GroupsTable;
}

export interface TransactionsRelease extends ReleaseHeader {
  kind: 'transactions';
  transactions: TokenRows;
  /** DiffPart: the partitions its noisy counts kept, from which the rows follow (release/diffPartRelease.ts). */
  partitions?: DiffPartPartition[];
  /** PrivBayes: the noisy network the rows were sampled from (dp/bayesNet.ts). */
  network?: PrivBayesNetwork;
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
  transactions: TokenRows;
}

/**
 * A `buckets` release's buckets (anatomy paper Sec. IV): JSON `buckets: [{ "size": n, "columns":
 * [[[tokens of row r in column c] for each row r] for each column c] }]`, held as three levels of
 * CSR: bucket b's column lists are lists columnStart[b] .. columnStart[b+1]-1; list j's cells are
 * rows cellStart[j] .. cellStart[j+1]-1 of `cells`.
 */
export interface BucketsTable {
  /** Each bucket's size as published. */
  readonly size: Uint32Array;
  readonly columnStart: Uint32Array;
  readonly cellStart: Uint32Array;
  readonly cells: TokenRows;
}

export interface BucketsRelease extends ReleaseHeader {
  kind: 'buckets';
  columns: string[][];
  buckets: BucketsTable;
}

export type Release =
  | GroupsRelease
  | TransactionsRelease
  | GeneralizedRelease
  | BucketsRelease
  | ItemsetsRelease
  | DisassociatedRelease;
export type ReleaseKind = Release['kind'];

/** The private link back to input rows; never published. */
export type Audit =
  | GroupsAudit
  | RowsAudit
  | GeneralizedAudit
  | BucketsAudit
  | SyntheticAudit
  | ItemsetsAudit
  | DisassociatedAudit;
/** `groups` releases: the input rows of each group (a row of `groups` a group), in the order of its qid rows. */
export interface GroupsAudit {
  groups: IdRows;
}
/** `transactions` and `generalized` releases: the input row of each published row. */
export interface RowsAudit {
  rowOf: Uint32Array;
}
/** `generalized` releases: the input row of each published row, and the constraints checked. */
export interface GeneralizedAudit extends RowsAudit {
  /** Privacy constraints (input tokens) the release must satisfy, when not in k^m mode. */
  constraints?: string[][];
  /** Utility constraints (input tokens). */
  utility?: string[][];
}

/**
 * Synthetic rows link to no input row: the audit holds the true counts the noisy ones stand for
 * (DiffPart: each partition's size; PrivBayes: each measured cell of its network). DiffPart's also
 * holds the noisy count the run drew for each partition (0 for a root, whose count is never
 * drawn), so that a count changed in the release (with rows added or removed to match) no longer
 * matches the run's draw; its verifier requires it.
 */
export interface SyntheticAudit {
  trueCounts: number[];
  counts?: number[];
}

/** `buckets` releases: the input rows of each bucket (a row of `buckets` a bucket). */
export interface BucketsAudit {
  buckets: IdRows;
}

/** Result of a verifier (DESIGN.md sec. 4): the partition check and the guarantee check. */
export interface Verification {
  verified: boolean;
  /** Every input row appears exactly once. */
  partitionComplete: boolean;
  /** What failed, naming the offending group, row or itemset; empty when verified. */
  problems: string[];
}
