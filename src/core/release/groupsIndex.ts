/**
 * A `groups` release read once for what walks it (its verifier, KL, the support estimator): its QID
 * rows as a Dataset over item ids (publishedRows.ts) with their tid-lists, the range of rows of each
 * group, and, per sensitive item, the groups whose counts hold it. Built once per release.
 */
import type { Dataset } from '../data/dataset.ts';
import { ItemRows } from '../data/itemRows.ts';
import { groupStarts } from './groupRows.ts';
import { publishedDataset } from './publishedRows.ts';
import type { GroupsRelease } from './types.ts';

export interface GroupsIndex {
  /** The published QID rows, group after group. */
  published: Dataset;
  rows: ItemRows;
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
  const groups = release.groups;
  const start = groupStarts(release);
  const groupOf = new Uint32Array(start[groups.length]);
  const qidRows = new Array<readonly string[]>(start[groups.length]);
  const holders = new Map<string, number[]>();
  const named = new Map<string, { group: number; count: number }[]>();
  groups.forEach((group, g) => {
    groupOf.fill(g, start[g], start[g + 1]);
    for (let i = 0; i < group.qid.length; i++) qidRows[start[g] + i] = group.qid[i];
    for (const [token, count] of Object.entries(group.sensitive)) {
      if (count > 0) (holders.get(token) ?? holders.set(token, []).get(token)!).push(g);
      (named.get(token) ?? named.set(token, []).get(token)!).push({ group: g, count });
    }
  });
  const counts = new Map<string, Float64Array>();
  const countsOf = (token: string) => {
    let perGroup = counts.get(token);
    if (!perGroup) {
      perGroup = new Float64Array(groups.length);
      for (const { group, count } of named.get(token) ?? []) perGroup[group] = count;
      counts.set(token, perGroup);
    }
    return perGroup;
  };
  const published = publishedDataset(input, qidRows);
  const index: GroupsIndex = {
    published,
    rows: ItemRows.of(published),
    start,
    groupOf,
    groupsWith: (token) => holders.get(token) ?? [],
    sensitiveTokens: [...holders.keys()],
    countsOf,
  };
  built.set(release, { input, index });
  return index;
}
