/**
 * Writing a release for download: JSON (DESIGN.md sec. 4, keys in the documented order) and a CSV
 * per kind that spreadsheet users can open (one published row a line, with its class number).
 */
import Papa from 'papaparse';
import type { Release } from './types.ts';
import { rowKey } from './verifyTransactions.ts';
import { compareTokens } from '../data/tokenOrder.ts';

export function releaseJson(release: Release): string {
  return JSON.stringify(release, null, 1);
}

export function releaseCsv(release: Release): string {
  switch (release.kind) {
    case 'transactions': {
      const classOf = new Map<string, number>();
      const rows = release.transactions.map((row) => {
        const key = rowKey(row);
        if (!classOf.has(key)) classOf.set(key, classOf.size + 1);
        return [String(classOf.get(key)), [...row].sort(compareTokens).join(' ')];
      });
      return Papa.unparse({ fields: ['class', 'items'], data: rows }, { newline: '\n' }) + '\n';
    }
    case 'generalized': {
      // One line per published row; then the mapping as comment-free extra columns would be lossy,
      // so the CSV carries rows only (the JSON carries the mapping and suppressed items).
      const rows = release.transactions.map((row) => [row.join(' ')]);
      return Papa.unparse({ fields: ['items'], data: rows }, { newline: '\n' }) + '\n';
    }
    case 'groups': {
      // One line per published QID row: its group, its QID items, and the group's sensitive counts.
      const rows: string[][] = [];
      release.groups.forEach((group, g) => {
        const counts = Object.entries(group.sensitive)
          .map(([s, c]) => `${s}:${c}`)
          .join(' ');
        for (const qid of group.qid)
          rows.push([
            String(g + 1),
            String(group.qid.length),
            [...qid].sort(compareTokens).join(' '),
            counts,
          ]);
      });
      return (
        Papa.unparse(
          { fields: ['group', 'group size', 'qid items', 'sensitive counts in group'], data: rows },
          { newline: '\n' },
        ) + '\n'
      );
    }
    case 'buckets': {
      // One line per published row: its bucket, then its value in each column (items joined by spaces).
      const fields = ['bucket', ...release.columns.map((_, c) => `column ${c + 1}`)];
      const rows: string[][] = [];
      release.buckets.forEach((bucket, b) => {
        for (let r = 0; r < bucket.size; r++)
          rows.push([String(b + 1), ...bucket.columns.map((values) => values[r].join(' '))]);
      });
      return Papa.unparse({ fields, data: rows }, { newline: '\n' }) + '\n';
    }
    default:
      throw new Error(`no CSV export for releases of kind '${(release as Release).kind}'`);
  }
}
