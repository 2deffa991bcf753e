/**
 * A minimal writer of a `transactions` or `generalized` release as data in the input's format
 * (DESIGN.md sec. 4 "Exported data"), for `apply --export` and the page's download of an applied
 * batch, until the project's exporters (issue 16) take its place: `fimi` stays `fimi` (a generalized
 * item gets a new id above the largest item of the input, listed in a second file `label,id,item`),
 * `csv-basket` stays `csv-basket` (CSV quoting), every other format becomes `csv-long` (`tid,item`).
 * Suppressed items are absent; a generalized item is written as its label.
 */
import Papa from 'papaparse';
import type { DatasetFormat } from '../data/dataset.ts';
import type { GeneralizedRelease, TransactionsRelease } from './types.ts';

export interface OutcomeData {
  format: 'fimi' | 'csv-basket' | 'csv-long';
  /** The published rows in that format. */
  data: string;
  /** For generalized releases: each generalized item and the items it stands for (`label,id,item` in fimi). */
  labels?: string;
}

export function outcomeData(
  release: GeneralizedRelease | TransactionsRelease,
  inputFormat: DatasetFormat | 'synthetic',
): OutcomeData {
  const generalized = release.kind === 'generalized' ? release.generalized : {};
  const labelRows = Object.entries(generalized).flatMap(([label, items]) =>
    items.map((item) => [label, item]),
  );
  if (inputFormat === 'fimi' || inputFormat === 'synthetic') {
    // New ids above every id in use (a loop: a large release would overflow a spread).
    let next = 0;
    for (const row of release.transactions)
      for (const t of row) if (isId(t)) next = Math.max(next, Number(t) + 1);
    for (const [, item] of labelRows) if (isId(item)) next = Math.max(next, Number(item) + 1);
    const idOf = new Map(Object.keys(generalized).map((label) => [label, next++]));
    const data = release.transactions.map((row) => row.map((t) => idOf.get(t) ?? t).join(' ')).join('\n');
    return {
      format: 'fimi',
      data: data + '\n',
      ...(labelRows.length > 0 && {
        labels:
          Papa.unparse(
            {
              fields: ['label', 'id', 'item'],
              data: labelRows.map(([label, item]) => [label, String(idOf.get(label)), item]),
            },
            { newline: '\n' },
          ) + '\n',
      }),
    };
  }
  const labels =
    labelRows.length > 0
      ? Papa.unparse({ fields: ['label', 'item'], data: labelRows }, { newline: '\n' }) + '\n'
      : undefined;
  if (inputFormat === 'csv-basket')
    return {
      format: 'csv-basket',
      data: Papa.unparse(release.transactions, { newline: '\n' }) + '\n',
      ...(labels && { labels }),
    };
  const long = release.transactions.flatMap((row, r) => row.map((item) => [String(r + 1), item]));
  return {
    format: 'csv-long',
    data: Papa.unparse({ fields: ['tid', 'item'], data: long }, { newline: '\n' }) + '\n',
    ...(labels && { labels }),
  };
}

const isId = (token: string) => /^\d+$/.test(token);
