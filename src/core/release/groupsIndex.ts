/**
 * A `groups` release read once for what walks it (its verifier, KL, the support estimator): its QID
 * rows as a Dataset over item ids (publishedRows.ts) with their tid-lists, the range of rows of each
 * group, and, per sensitive item, the groups whose counts hold it. Built once per release.
 */
import type { Dataset } from '../data/dataset.ts';
import { ItemRows } from '../data/itemRows.ts';
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
}

const built = new WeakMap<GroupsRelease, { input: Dataset; index: GroupsIndex }>();

export function groupsIndex(input: Dataset, release: GroupsRelease): GroupsIndex {
  const cached = built.get(release);
  if (cached && cached.input === input) return cached.index;
  const groups = release.groups;
  const start = new Uint32Array(groups.length + 1);
  groups.forEach((g, i) => (start[i + 1] = start[i] + g.qid.length));
  const groupOf = new Uint32Array(start[groups.length]);
  const qidRows: (readonly string[])[] = [];
  const holders = new Map<string, number[]>();
  groups.forEach((group, g) => {
    groupOf.fill(g, start[g], start[g + 1]);
    for (const row of group.qid) qidRows.push(row);
    for (const [token, count] of Object.entries(group.sensitive))
      if (count > 0) (holders.get(token) ?? holders.set(token, []).get(token)!).push(g);
  });
  const published = publishedDataset(input, qidRows);
  const index: GroupsIndex = {
    published,
    rows: ItemRows.of(published),
    start,
    groupOf,
    groupsWith: (token) => holders.get(token) ?? [],
  };
  built.set(release, { input, index });
  return index;
}
