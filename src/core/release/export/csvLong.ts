/**
 * Rows written as csv-long (DESIGN.md sec. 2 and 4): a header, then one line per (row, item) with
 * the row's number (from 1) as its id; a row without items is one line with an empty item, which
 * the parser reads as an empty transaction. Leading columns (a group number) may come before the
 * id: the `group,row,item` table of a `groups` release is written with the same function. Lines go
 * into a TextWriter (textWriter.ts) as UTF-8: a 480,189-row release writes 100 million of them.
 */
import type { TokenRows } from '../tokenRows.ts';
import { csvQuoter } from './csvField.ts';
import { TokenBytes, writeUint, type TextWriter } from './textWriter.ts';

/**
 * Calls `emit(lead, row)` for each row to write, in order: `row` a row of the TokenRows written,
 * `lead` the numbers of the leading columns (integers from 0 to 2^32-1: group and bucket numbers).
 */
export type LongRows = (emit: (lead: readonly number[], row: number) => void) => void;

const COMMA = 0x2c;
const NEWLINE = 0x0a;

export function writeCsvLong(
  out: TextWriter,
  header: readonly string[],
  rows: TokenRows,
  visit: LongRows,
): void {
  const quote = csvQuoter();
  out.once(header.map(quote).join(',')).char(NEWLINE);
  const fields = new TokenBytes(rows.tokens, quote);
  const { offsets, items } = rows;
  let id = 0;
  let prefix = new Uint8Array(64); // a line's start: the leading columns and the id, each with its comma
  visit((lead, row) => {
    id++;
    if (prefix.length < 11 * (lead.length + 1)) prefix = new Uint8Array(22 * (lead.length + 1));
    let length = 0;
    for (const value of lead) {
      length = writeUint(prefix, length, value);
      prefix[length++] = COMMA;
    }
    length = writeUint(prefix, length, id);
    prefix[length++] = COMMA;
    if (offsets[row] === offsets[row + 1]) out.copy(prefix, length).char(NEWLINE);
    for (let k = offsets[row]; k < offsets[row + 1]; k++) {
      out.copy(prefix, length);
      fields.put(out, items[k]);
      out.char(NEWLINE);
    }
  });
}

/** Plain rows (transactions, generalized rows) as `tid,item`. */
export function writeCsvLongRows(out: TextWriter, rows: TokenRows): void {
  writeCsvLong(out, ['tid', 'item'], rows, (emit) => {
    for (let i = 0; i + 1 < rows.offsets.length; i++) emit([], i);
  });
}
