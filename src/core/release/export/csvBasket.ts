/**
 * Rows written as csv-basket (DESIGN.md sec. 2 and 4): one row a line, one item a field, CSV quoting
 * by papaparse, so that `whole milk` or `a,b` come back as one item; an empty row is an empty line
 * (the parser reads it as an empty transaction). No header.
 */
import { csvQuoter } from './csvField.ts';
import { TextWriter, type Utf8Parts } from './textWriter.ts';

const COMMA = 0x2c;
const NEWLINE = 0x0a;

export function csvBasketBytes(rows: readonly (readonly string[])[]): Utf8Parts {
  const quote = csvQuoter();
  const out = new TextWriter();
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) (i > 0 ? out.char(COMMA) : out).field(row[i], quote);
    out.char(NEWLINE);
  }
  return out.parts();
}
