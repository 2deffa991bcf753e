/** Writes a Dataset back as text in the input formats (round-trip tests, sample export). */
import type { Dataset } from './dataset.ts';
import Papa from 'papaparse';

/** FIMI text: items by token, one transaction a line (tokens must be integers). */
export function toFimi(dataset: Dataset): string {
  const lines: string[] = [];
  for (let r = 0; r < dataset.n; r++) lines.push(dataset.rowTokens(r).join(' '));
  return lines.length ? lines.join('\n') + '\n' : '';
}

/** csv-basket text with CSV quoting where a token needs it. */
export function toCsvBasket(dataset: Dataset, delimiter = ','): string {
  const rows: string[][] = [];
  for (let r = 0; r < dataset.n; r++) rows.push(dataset.rowTokens(r));
  return rows.length ? Papa.unparse(rows, { delimiter, newline: '\n' }) + '\n' : '';
}

/** csv-long text: a `tid,item` header, one line per (transaction, item). */
export function toCsvLong(dataset: Dataset): string {
  const rows: string[][] = [];
  for (let r = 0; r < dataset.n; r++)
    for (const token of dataset.rowTokens(r)) rows.push([`t${r + 1}`, token]);
  return Papa.unparse({ fields: ['tid', 'item'], data: rows }, { newline: '\n' }) + '\n';
}
