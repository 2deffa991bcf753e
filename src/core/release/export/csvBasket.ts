/**
 * Rows written as csv-basket (DESIGN.md sec. 2 and 4): one row a line, one item a field, CSV quoting
 * by papaparse, so that `whole milk` or `a,b` come back as one item; an empty row is an empty line
 * (the parser reads it as an empty transaction). No header.
 */
import { csvQuoter } from './csvField.ts';

export function csvBasketText(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  const quote = csvQuoter();
  const lines = new Array<string>(rows.length);
  for (let r = 0; r < rows.length; r++) lines[r] = rows[r].map(quote).join(',');
  return lines.join('\n') + '\n';
}
