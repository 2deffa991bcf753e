/**
 * Rows written as csv-long (DESIGN.md sec. 2 and 4): a header, then one line per (row, item) with
 * the row's number (from 1) as its id; a row without items is one line with an empty item, which
 * the parser reads as an empty transaction. Leading columns (a group number) may come before the
 * id: the `group,row,item` table of a `groups` release is written with the same function. Lines go
 * into a TextWriter (textWriter.ts) as UTF-8: a 1,000,000-row release writes ten million of them.
 */
import { csvQuoter } from './csvField.ts';
import { TextWriter, writeUint, type Utf8Parts } from './textWriter.ts';

/**
 * Calls `emit(lead, items)` for each row in order; `lead` is the numbers of the leading columns
 * (integers from 0 to 2^32-1: group and bucket numbers).
 */
export type LongRows = (emit: (lead: readonly number[], items: readonly string[]) => void) => void;

const COMMA = 0x2c;
const NEWLINE = 0x0a;

export function csvLongBytes(header: readonly string[], rows: LongRows): Utf8Parts {
  const quote = csvQuoter();
  const out = new TextWriter().write(header.map(quote).join(',')).char(NEWLINE);
  let id = 0;
  let prefix = new Uint8Array(64); // a line's start: the leading columns and the id, each with its comma
  rows((lead, items) => {
    id++;
    if (prefix.length < 11 * (lead.length + 1)) prefix = new Uint8Array(22 * (lead.length + 1));
    let length = 0;
    for (const value of lead) {
      length = writeUint(prefix, length, value);
      prefix[length++] = COMMA;
    }
    length = writeUint(prefix, length, id);
    prefix[length++] = COMMA;
    if (items.length === 0) out.copy(prefix, length).char(NEWLINE);
    for (const item of items) out.copy(prefix, length).field(item, quote).char(NEWLINE);
  });
  return out.parts();
}

/** Plain rows (transactions, generalized rows) as `tid,item`. */
export function csvLongRowsBytes(rows: readonly (readonly string[])[]): Utf8Parts {
  return csvLongBytes(['tid', 'item'], (emit) => {
    for (const items of rows) emit([], items);
  });
}
