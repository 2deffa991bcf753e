/**
 * Rows written as csv-long (DESIGN.md sec. 2 and 4): a header, then one line per (row, item) with
 * the row's number (from 1) as its id; a row without items is one line with an empty item, which
 * the parser reads as an empty transaction. Leading columns (a group number) may come before the
 * id: the `group,row,item` table of a `groups` release is written with the same function. A row's
 * lines are one join (a 1,000,000-row release writes ten million lines).
 */
import { csvQuoter } from './csvField.ts';

/** Calls `emit(lead, items)` for each row in order; `lead` is the leading columns with their comma. */
export type LongRows = (emit: (lead: string, items: readonly string[]) => void) => void;

export function csvLongText(header: readonly string[], rows: LongRows): string {
  const quote = csvQuoter();
  const out = [header.map(quote).join(',')];
  rows((lead, items) => {
    const prefix = `${lead}${out.length},`;
    out.push(items.length === 0 ? prefix : prefix + items.map(quote).join(`\n${prefix}`));
  });
  return out.join('\n') + '\n';
}

/** Plain rows (transactions, generalized rows) as `tid,item`. */
export function csvLongRowsText(rows: readonly (readonly string[])[]): string {
  return csvLongText(['tid', 'item'], (emit) => {
    for (const items of rows) emit('', items);
  });
}
