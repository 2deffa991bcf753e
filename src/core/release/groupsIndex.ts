/**
 * A `groups` release read once for what walks it (its verifier, KL, the support estimator): its QID
 * rows as a Dataset over item ids (publishedRows.ts; a method's rows as they are) with their
 * tid-lists, the range of rows of each group, and, per sensitive item, the groups whose counts
 * hold it. Built once per release.
 */
import type { Dataset } from '../data/dataset.ts';
import { ItemRows } from '../data/itemRows.ts';
import { publishedDataset } from './publishedRows.ts';
import type { GroupsAudit, GroupsRelease } from './types.ts';

export interface GroupsIndex {
  /**
   * The published QID rows, group after group, read as sets of input ids (built on first use: a
   * method's rows are this Dataset as they are, but telling that reads every item once).
   */
  readonly published: Dataset;
  /** The number of published QID rows. */
  readonly rowCount: number;
  /** The published rows' tid-lists (built on first use: a transpose of every published item). */
  readonly rows: ItemRows;
  /** Group g's rows are published rows start[g] .. start[g+1]-1. */
  start: Uint32Array;
  /** The group of each published row. */
  groupOf: Uint32Array;
  /** The groups (ascending) whose sensitive counts hold `token` (> 0). */
  groupsWith(token: string): readonly number[];
  /** The sensitive tokens some group counts (> 0), in order of first sight. */
  sensitiveTokens: readonly string[];
  /** Each group's published count of sensitive `token` (0 where it names none), by group. */
  countsOf(token: string): Float64Array;
}

const built = new WeakMap<GroupsRelease, { input: Dataset; index: GroupsIndex }>();

export function groupsIndex(input: Dataset, release: GroupsRelease): GroupsIndex {
  const cached = built.get(release);
  if (cached && cached.input === input) return cached.index;
  const { start, qid, sensitive } = release.groups;
  const groups = start.length - 1;
  const groupOf = new Uint32Array(start[groups]);
  for (let g = 0; g < groups; g++) groupOf.fill(g, start[g], start[g + 1]);
  // Per sensitive token: the groups holding it, and its counts.
  const holders = new Map<string, number[]>();
  const named = new Map<string, number[]>(); // token -> [group, entry of `sensitive`, ...]
  for (let g = 0; g < groups; g++)
    for (let k = sensitive.offsets[g]; k < sensitive.offsets[g + 1]; k++) {
      const token = sensitive.tokens[sensitive.items[k]];
      if (sensitive.counts[k] > 0) (holders.get(token) ?? holders.set(token, []).get(token)!).push(g);
      (named.get(token) ?? named.set(token, []).get(token)!).push(g, k);
    }
  const counts = new Map<string, Float64Array>();
  const countsOf = (token: string) => {
    let perGroup = counts.get(token);
    if (!perGroup) {
      perGroup = new Float64Array(groups);
      const entries = named.get(token) ?? [];
      for (let i = 0; i < entries.length; i += 2) perGroup[entries[i]] = sensitive.counts[entries[i + 1]];
      counts.set(token, perGroup);
    }
    return perGroup;
  };
  let published: Dataset | undefined;
  const index: GroupsIndex = {
    get published() {
      return (published ??= publishedDataset(input, qid));
    },
    rowCount: start[groups],
    get rows() {
      return ItemRows.of(index.published);
    },
    start,
    groupOf,
    groupsWith: (token) => holders.get(token) ?? [],
    sensitiveTokens: [...holders.keys()],
    countsOf,
  };
  built.set(release, { input, index });
  return index;
}

/**
 * Where each input row is published in a `groups` release, read from its audit: its QID row and
 * its group. For a verified release, published QID row p is input row audit[p] without its
 * sensitive items, so the published rows holding QID items X are the input rows holding X, moved
 * to where the audit puts them: the metrics count them through the input's tid-lists (for the
 * items they ask about only) instead of the published rows' own, whose transpose of 100 million
 * items cost 4-5 s on the Netflix shape (issue 31). Only for releases that passed the verifier.
 */
export interface GroupsPlacement {
  /** The published QID row of each input row. */
  publishedOf: Uint32Array;
  /** The group of each input row. */
  groupOf: Uint32Array;
}

const placements = new WeakMap<GroupsAudit, GroupsPlacement>();

export function groupsPlacement(n: number, audit: GroupsAudit): GroupsPlacement {
  const cached = placements.get(audit);
  if (cached && cached.publishedOf.length === n) return cached;
  const publishedOf = new Uint32Array(n);
  const groupOf = new Uint32Array(n);
  const { offsets, items } = audit.groups;
  for (let g = 0; g + 1 < offsets.length; g++)
    for (let p = offsets[g]; p < offsets[g + 1]; p++) {
      publishedOf[items[p]] = p;
      groupOf[items[p]] = g;
    }
  const placement = { publishedOf, groupOf };
  placements.set(audit, placement);
  return placement;
}
