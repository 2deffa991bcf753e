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
 * - `itemsets`: `itemset,support` (`{a,b}` and the noisy support, a double);
 * - `disassociated`: `cluster,rows,chunk,subrecord,item` (disassociatedTable.ts).
 * Groups, buckets and itemsets are tables: `parquet-long` only. Numbers count from 1.
 */
import { InputError } from '../../base/errors.ts';
import { parquetTable, transactionsParquet, type TableColumn } from '../../data/columnar/writeParquet.ts';
import type { Release } from '../types.ts';
import { MIME, sideTableSuffix, type ExportFile } from './types.ts';
import { DISASSOCIATED_COLUMNS, disassociatedColumns } from './disassociatedTable.ts';

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
      const { start, qid, sensitive } = release.groups;
      const qidRows: [number, number, string | null][] = [];
      for (let g = 0; g + 1 < start.length; g++)
        for (let row = start[g]; row < start[g + 1]; row++) {
          if (qid.offsets[row] === qid.offsets[row + 1]) qidRows.push([g + 1, row + 1, null]);
          for (let k = qid.offsets[row]; k < qid.offsets[row + 1]; k++)
            qidRows.push([g + 1, row + 1, qid.tokens[qid.items[k]]]);
        }
      const counts: [number, string, number][] = [];
      for (let g = 0; g + 1 < sensitive.offsets.length; g++)
        for (let k = sensitive.offsets[g]; k < sensitive.offsets[g + 1]; k++)
          if (sensitive.counts[k] > 0)
            counts.push([g + 1, sensitive.tokens[sensitive.items[k]], sensitive.counts[k]]);
      return [
        file(
          '',
          'group,row,item: the QID rows of each group',
          parquetTable(
            [
              ints(
                'group',
                qidRows.map((r) => r[0]),
              ),
              ints(
                'row',
                qidRows.map((r) => r[1]),
              ),
              { name: 'item', type: 'string', values: qidRows.map((r) => r[2]) },
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
      const { size, columnStart, cellStart, cells } = release.buckets;
      const out: [number, number, number, string | null][] = [];
      let row = 0;
      for (let b = 0; b < size.length; b++)
        for (let r = 0; r < size[b]; r++) {
          row++;
          for (let j = columnStart[b]; j < columnStart[b + 1]; j++) {
            const column = j - columnStart[b] + 1;
            // Row r of the column, when the column lists that many (a release read back may not).
            const cell = cellStart[j] + r < cellStart[j + 1] ? cellStart[j] + r : -1;
            if (cell < 0 || cells.offsets[cell] === cells.offsets[cell + 1])
              out.push([b + 1, row, column, null]);
            else
              for (let k = cells.offsets[cell]; k < cells.offsets[cell + 1]; k++)
                out.push([b + 1, row, column, cells.tokens[cells.items[k]]]);
          }
        }
      return [
        file(
          '',
          'bucket,row,column,item: every published cell',
          parquetTable(
            [
              ints(
                'bucket',
                out.map((c) => c[0]),
              ),
              ints(
                'row',
                out.map((c) => c[1]),
              ),
              ints(
                'column',
                out.map((c) => c[2]),
              ),
              { name: 'item', type: 'string', values: out.map((c) => c[3]) },
            ],
            { metadata },
          ),
        ),
      ];
    }
    case 'disassociated': {
      tablesOnly(format, 'disassociated');
      const { numbers, items } = disassociatedColumns(release.clusters);
      return [
        file(
          '',
          'cluster,rows,chunk,subrecord,item: every record chunk sub-record and term chunk (chunk 0)',
          parquetTable(
            [
              ...DISASSOCIATED_COLUMNS.slice(0, 4).map((name, i) => ints(name, numbers[i])),
              { name: 'item', type: 'string', values: items },
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

/** A Parquet file, made now (what can fail fails before anything is written), written whole. */
function file(suffix: string, description: string, bytes: Uint8Array<ArrayBuffer>): ExportFile {
  return {
    suffix,
    extension: 'parquet',
    mime: MIME.parquet,
    description,
    write: (sink) => sink.write(bytes),
  };
}

const ints = (name: string, values: number[]): TableColumn => ({ name, type: 'integer', values });

const strings = (name: string, rows: readonly string[][], at: number): TableColumn => ({
  name,
  type: 'string',
  values: rows.map((r) => r[at]),
});
