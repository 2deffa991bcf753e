/**
 * A `groups` release read as one long table, a row per published QID row (group after group), so a
 * viewer can show any window of it without holding the rest: the page from row `from` on, each row
 * with its group's number, size and sensitive counts. A row's QID items are listed in natural
 * token order.
 */
import { compareTokens } from '../data/tokenOrder.ts';
import { sensitiveObject } from './plainRelease.ts';
import { rowCount, rowTokens } from './tokenRows.ts';
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

/** The number of rows of the table. */
export function groupRowCount(release: GroupsRelease): number {
  return rowCount(release.groups.qid);
}

/** Rows [from, from + count) of the table (fewer at its end). */
export function groupRowsPage(release: GroupsRelease, from: number, count: number): GroupRow[] {
  const { start, qid, sensitive } = release.groups;
  const total = rowCount(qid);
  // The group holding row `from`: the last start <= from.
  let lo = 0;
  let hi = start.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (start[mid] <= from) lo = mid;
    else hi = mid - 1;
  }
  const page: GroupRow[] = [];
  let group = lo;
  for (let row = Math.max(0, from); row < Math.min(total, from + count); row++) {
    while (start[group + 1] <= row) group++;
    page.push({
      row,
      group,
      inGroup: row - start[group],
      size: start[group + 1] - start[group],
      qid: rowTokens(qid, row).sort(compareTokens), // for people: 8 58 231, not item-id order
      sensitive: sensitiveObject(sensitive, group),
    });
  }
  return page;
}
