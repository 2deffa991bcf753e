/**
 * Rows written as csv-basket (DESIGN.md sec. 2 and 4): one row a line, one item a field, CSV quoting
 * by papaparse, so that `whole milk` or `a,b` come back as one item; an empty row is an empty line
 * (the parser reads it as an empty transaction). No header.
 */
import type { TokenRows } from '../tokenRows.ts';
import { csvQuoter } from './csvField.ts';
import { TokenBytes, type TextWriter } from './textWriter.ts';

const COMMA = 0x2c;
const NEWLINE = 0x0a;

export function writeCsvBasket(out: TextWriter, rows: TokenRows): void {
  const fields = new TokenBytes(rows.tokens, csvQuoter());
  const { offsets, items } = rows;
  for (let i = 0; i + 1 < offsets.length; i++)
    out.tokens(fields, items, offsets[i], offsets[i + 1], COMMA).char(NEWLINE);
}
