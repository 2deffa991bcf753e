/**
 * A `groups` release read as one long table, a row per published QID row (group after group), so a
 * viewer can show any window of it without holding the rest: the page from row `from` on, each row
 * with its group's number, size and sensitive counts. Group starts are found by binary search in
 * prefix sums computed once per release. A row's QID items are listed in natural token order.
 */
import { compareTokens } from '../data/tokenOrder.ts';
import type { GroupsRelease } from './types.ts';

export interface GroupRow {
  /** Row number in the whole table, from 0. */
  row: number;
  /** Group number, from 0. */
  group: number;
  /** Row within its group, from 0 (the group's sensitive counts are shown on row 0). */
  inGroup: number;
  size: number;
  qid: string[];
  sensitive: Record<string, number>;
}

const starts = new WeakMap<GroupsRelease, Uint32Array>();

/** Group g's rows are rows start[g] .. start[g+1]-1 of the table; built once per release. */
export function groupStarts(release: GroupsRelease): Uint32Array {
  let prefix = starts.get(release);
  if (!prefix) {
    prefix = new Uint32Array(release.groups.length + 1);
    release.groups.forEach((g, i) => (prefix![i + 1] = prefix![i] + g.qid.length));
    starts.set(release, prefix);
  }
  return prefix;
}

/** The number of rows of the table. */
export function groupRowCount(release: GroupsRelease): number {
  const prefix = groupStarts(release);
  return prefix[prefix.length - 1];
}

/** Rows [from, from + count) of the table (fewer at its end). */
export function groupRowsPage(release: GroupsRelease, from: number, count: number): GroupRow[] {
  const prefix = groupStarts(release);
  const total = prefix[prefix.length - 1];
  // The group holding row `from`: the last start <= from.
  let lo = 0;
  let hi = release.groups.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (prefix[mid] <= from) lo = mid;
    else hi = mid - 1;
  }
  const page: GroupRow[] = [];
  let group = lo;
  for (let row = Math.max(0, from); row < Math.min(total, from + count); row++) {
    while (prefix[group + 1] <= row) group++;
    const g = release.groups[group];
    const inGroup = row - prefix[group];
    const qid = [...g.qid[inGroup]].sort(compareTokens); // for people: 8 58 231, not item-id order
    page.push({ row, group, inGroup, size: g.qid.length, qid, sensitive: g.sensitive });
  }
  return page;
}
