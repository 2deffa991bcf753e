/**
 * Rows written as csv-long (DESIGN.md sec. 2 and 4): a header, then one line per (row, item) with
 * the row's number (from 1) as its id; a row without items is one line with an empty item, which
 * the parser reads as an empty transaction. Leading columns (a group number) may come before the
 * id: the `group,row,item` table of a `groups` release is written with the same function. Lines go
 * into a TextWriter (textWriter.ts) as UTF-8: a 1,000,000-row release writes ten million of them.
 */
import { csvQuoter } from './csvField.ts';
import { TextWriter } from './textWriter.ts';

/** Calls `emit(lead, items)` for each row in order; `lead` is the numbers of the leading columns. */
export type LongRows = (emit: (lead: readonly number[], items: readonly string[]) => void) => void;

const COMMA = 0x2c;
const NEWLINE = 0x0a;

export function csvLongBytes(header: readonly string[], rows: LongRows): Uint8Array<ArrayBuffer> {
  const quote = csvQuoter();
  const out = new TextWriter().write(header.map(quote).join(',')).char(NEWLINE);
  let id = 0;
  /** The start of a line: the leading columns and the id, each with its comma. */
  const line = (lead: readonly number[]) => {
    for (const value of lead) out.int(value).char(COMMA);
    return out.int(id).char(COMMA);
  };
  rows((lead, items) => {
    id++;
    if (items.length === 0) line(lead).char(NEWLINE);
    for (const item of items) line(lead).field(item, quote).char(NEWLINE);
  });
  return out.bytes();
}

/** Plain rows (transactions, generalized rows) as `tid,item`. */
export function csvLongRowsBytes(rows: readonly (readonly string[])[]): Uint8Array<ArrayBuffer> {
  return csvLongBytes(['tid', 'item'], (emit) => {
    for (const items of rows) emit([], items);
  });
}
