/**
 * A release written as Parquet (DESIGN.md sec. 4 "Exported data", issue 34), the same tables as
 * the CSV export, each a Parquet file (core/data/columnar/writeParquet.ts, snappy):
 * - `transactions`: the published rows, `parquet` as a list column `items`, `parquet-long` as
 *   `tid,item` rows (a row without items: one row with a null item);
 * - `generalized`: the published rows the same way, each generalized item one item (its label),
 *   and the table `label,item` (NAME-generalized.parquet) of every label's members;
 * - `groups`: `group,row,item` (the QID rows; a row without QID items has a null item) and
 *   `group,item,count` (NAME-sensitive.parquet);
 * - `buckets`: `bucket,row,column,item` (an empty cell: a null item);
 * - `itemsets`: `itemset,support` (`{a,b}` and the noisy support, a double).
 * Groups, buckets and itemsets are tables: `parquet-long` only. Numbers count from 1.
 */
import { InputError } from '../../base/errors.ts';
import { parquetTable, transactionsParquet, type TableColumn } from '../../data/columnar/writeParquet.ts';
import type { Release } from '../types.ts';
import { MIME, sideTableSuffix, type ExportFile } from './types.ts';

export type ParquetFormat = 'parquet' | 'parquet-long';

export function parquetExport(release: Release, format: ParquetFormat): ExportFile[] {
  const layout = format === 'parquet' ? 'list' : 'long';
  const metadata = { 'txanon.kind': release.kind };
  switch (release.kind) {
    case 'transactions':
      return [
        file('', 'the published rows', transactionsParquet(release.transactions, layout, { metadata })),
      ];
    case 'generalized': {
      const labels = Object.keys(release.generalized);
      const members = labels.flatMap((label) => release.generalized[label].map((item) => [label, item]));
      return [
        file('', 'the published rows', transactionsParquet(release.transactions, layout, { metadata })),
        file(
          sideTableSuffix('generalized')!,
          'every generalized item and the items it stands for',
          parquetTable([strings('label', members, 0), strings('item', members, 1)]),
        ),
      ];
    }
    case 'groups': {
      tablesOnly(format, 'groups');
      const qid: [number, number, string | null][] = [];
      release.groups.forEach((group, g) => {
        for (const items of group.qid) {
          const row = qid.length === 0 ? 1 : qid[qid.length - 1][1] + 1;
          if (items.length === 0) qid.push([g + 1, row, null]);
          for (const item of items) qid.push([g + 1, row, item]);
        }
      });
      const counts = release.groups.flatMap((group, g) =>
        Object.entries(group.sensitive)
          .filter(([, count]) => count > 0)
          .map(([item, count]) => [g + 1, item, count] as const),
      );
      return [
        file(
          '',
          'group,row,item: the QID rows of each group',
          parquetTable(
            [
              ints(
                'group',
                qid.map((r) => r[0]),
              ),
              ints(
                'row',
                qid.map((r) => r[1]),
              ),
              { name: 'item', type: 'string', values: qid.map((r) => r[2]) },
            ],
            { metadata },
          ),
        ),
        file(
          sideTableSuffix('groups')!,
          'group,item,count: the sensitive items of each group, as counts',
          parquetTable([
            ints(
              'group',
              counts.map((c) => c[0]),
            ),
            { name: 'item', type: 'string', values: counts.map((c) => c[1]) },
            ints(
              'count',
              counts.map((c) => c[2]),
            ),
          ]),
        ),
      ];
    }
    case 'buckets': {
      tablesOnly(format, 'buckets');
      const cells: [number, number, number, string | null][] = [];
      let row = 0;
      release.buckets.forEach((bucket, b) => {
        for (let r = 0; r < bucket.size; r++) {
          row++;
          bucket.columns.forEach((values, c) => {
            const cell = values[r] ?? [];
            if (cell.length === 0) cells.push([b + 1, row, c + 1, null]);
            for (const item of cell) cells.push([b + 1, row, c + 1, item]);
          });
        }
      });
      return [
        file(
          '',
          'bucket,row,column,item: every published cell',
          parquetTable(
            [
              ints(
                'bucket',
                cells.map((c) => c[0]),
              ),
              ints(
                'row',
                cells.map((c) => c[1]),
              ),
              ints(
                'column',
                cells.map((c) => c[2]),
              ),
              { name: 'item', type: 'string', values: cells.map((c) => c[3]) },
            ],
            { metadata },
          ),
        ),
      ];
    }
    case 'itemsets':
      tablesOnly(format, 'itemsets');
      return [
        file(
          '',
          'itemset,support: the top k itemsets, noisy supports',
          parquetTable(
            [
              {
                name: 'itemset',
                type: 'string',
                values: release.itemsets.map((s) => `{${s.items.join(',')}}`),
              },
              { name: 'support', type: 'double', values: release.itemsets.map((s) => s.support) },
            ],
            { metadata },
          ),
        ),
      ];
  }
}

function tablesOnly(format: ParquetFormat, kind: string): void {
  if (format !== 'parquet-long')
    throw new InputError(
      `a ${kind} release is written as tables (parquet-long), not as a list column (parquet)`,
    );
}

function file(suffix: string, description: string, bytes: Uint8Array<ArrayBuffer>): ExportFile {
  return { suffix, extension: 'parquet', mime: MIME.parquet, description, parts: [bytes] };
}

const ints = (name: string, values: number[]): TableColumn => ({ name, type: 'integer', values });

const strings = (name: string, rows: readonly string[][], at: number): TableColumn => ({
  name,
  type: 'string',
  values: rows.map((r) => r[at]),
});
