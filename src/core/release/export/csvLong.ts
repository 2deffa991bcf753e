/**
 * Rows written as csv-long (DESIGN.md sec. 2 and 4): a header, then one line per (row, item) with
 * the row's number (from 1) as its id; a row without items is one line with an empty item, which
 * the parser reads as an empty transaction. Leading columns (a group, a bucket) may come first:
 * the two-table layouts of `groups` and `buckets` releases are written with the same function.
 */
import { csvQuoter } from './csvField.ts';

export interface LongRow {
  /** Values of the leading columns (e.g. the group number), before the row id. */
  lead: readonly string[];
  items: readonly string[];
}

export function csvLongText(header: readonly string[], rows: Iterable<LongRow>, firstId = 1): string {
  const quote = csvQuoter();
  const lines = [header.map(quote).join(',')];
  let id = firstId;
  for (const row of rows) {
    const prefix = [...row.lead.map(quote), String(id++)].join(',') + ',';
    if (row.items.length === 0) lines.push(prefix);
    for (const item of row.items) lines.push(prefix + quote(item));
  }
  return lines.join('\n') + '\n';
}

/** Plain rows (transactions, generalized rows) as `tid,item`. */
export function csvLongRowsText(rows: readonly (readonly string[])[]): string {
  return csvLongText(
    ['tid', 'item'],
    rows.map((items) => ({ lead: [], items })),
  );
}
