/**
 * A run's summary (DESIGN.md sec. 5 `summary`) said in plain sentences for the page: rows, items,
 * basket sizes, what became of the items, the frequent pairs kept, how the sensitive items were
 * chosen and how long the whole run took beside the method alone. Pure, so it is tested as text.
 */
import type { RunRecord } from '../../core/run/runRecord.ts';
import { count, formatDuration, percent } from '../widgets/metricText.ts';

export interface SummaryLine {
  /** A short name for the line (`rows`, `items`, ...), also its test id. */
  id: string;
  text: string;
}

const basket = (value: number) => value.toFixed(2);

export function summaryLines(record: RunRecord): SummaryLine[] {
  const s = record.summary;
  const lines: SummaryLine[] = [];
  lines.push({ id: 'rows', text: rowsText(s) });
  const itemsets = s.publishes === 'itemsets';
  const fates = [`${count(s.items_kept)} ${itemsets ? 'in the published itemsets' : 'kept as they are'}`];
  if (s.items_generalized > 0) fates.push(`${count(s.items_generalized)} only inside generalized items`);
  fates.push(`${count(s.items_suppressed)} ${itemsets ? 'in none' : 'no longer published'}`);
  lines.push({
    id: 'items',
    text:
      `${count(s.items_before)} distinct items before, ${count(s.items_after)} after: of the input's items ${fates.join(', ')}` +
      (s.items_added > 0
        ? `; ${count(s.items_added)} ${s.publishes ? 'items of the domain the input lacks' : 'generalized items'} added.`
        : '.'),
  });
  const added = s.occurrences_added ?? 0;
  const removed = s.occurrences_removed ?? 0;
  const moved =
    added + removed > 0
      ? ` (${count(added)} items added to rows that did not hold them, ${count(removed)} taken away)`
      : '';
  const asCounts =
    s.occurrences_as_counts > 0 && s.rows_after > 0
      ? `, of which ${basket(s.occurrences_as_counts / s.rows_after)} sensitive, published as counts of the row's group rather than in the row`
      : '';
  if (!itemsets)
    lines.push({
      id: 'basket',
      text:
        s.avg_items_before === s.avg_items_after
          ? `Rows keep their size: ${basket(s.avg_items_before)} items on average${asCounts}${moved}.`
          : `Rows went from ${basket(s.avg_items_before)} to ${basket(s.avg_items_after)} items on average${asCounts}${moved}.`,
    });
  const cut =
    s.frequent_pairs_items_cut > 0
      ? ` (pairs among the 1,500 most frequent items; ${count(s.frequent_pairs_items_cut)} left out).`
      : '.';
  lines.push({
    id: 'pairs',
    text:
      s.frequent_pairs_share === null
        ? 'No pair of items is held by 1% of the rows: nothing to compare pair supports on.'
        : itemsets
          ? // An itemsets release answers only the itemsets it lists: a frequent pair it does not
            // list is not "lost", it was never asked for (PrivBasis publishes its top k).
            `Of the ${count(s.frequent_pairs)} pairs of items held by at least 1% of the input rows, ${count(s.frequent_pairs_within_10pct)} (${percent(s.frequent_pairs_share)}) are among the ${count(s.itemsets ?? 0)} published itemsets with a noisy support within 10% of the true one; a pair not published has no support in the release` +
            cut
          : `${count(s.frequent_pairs_within_10pct)} of the ${count(s.frequent_pairs)} pairs held by at least 1% of the rows (${percent(s.frequent_pairs_share)}) keep their support within 10% in the release (the count an analyst would estimate from it)` +
            cut,
  });
  if (record.sensitive_choice) lines.push({ id: 'sensitive', text: record.sensitive_choice });
  lines.push({
    id: 'time',
    text: `The method took ${formatDuration(record.runtime_ms)}; the whole run ${formatDuration(record.total_ms)} (with verification, metrics and publishing the files).`,
  });
  return lines;
}

/** What became of the rows: linked to input rows, synthetic (DiffPart) or none (itemsets). */
function rowsText(s: RunRecord['summary']): string {
  if (s.publishes === 'itemsets')
    return `${count(s.rows_before)} rows before; no row is published: the ${count(s.itemsets ?? 0)} most frequent itemsets are, with noisy supports.`;
  if (s.publishes === 'synthetic')
    return `${count(s.rows_before)} rows before, ${count(s.rows_after)} synthetic rows after, drawn from noisy counts: no published row is an input row.`;
  const emptied = s.rows_emptied ?? 0;
  return (
    `${count(s.rows_before)} rows before, ${count(s.rows_after)} after` +
    (emptied > 0
      ? `; ${count(emptied)} rows are published empty.`
      : s.rows_as_counts_only > 0
        ? `; no row loses an item, but ${count(s.rows_as_counts_only)} held only sensitive items, which their group publishes as counts: their rows show empty.`
        : '; no row is emptied.')
  );
}
