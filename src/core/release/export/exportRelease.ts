/**
 * A release written as data (DESIGN.md sec. 4 "Exported data"), per kind:
 * - `transactions`: the published rows in the chosen format;
 * - `generalized`: the published rows with each generalized item as one item (its label; in FIMI a
 *   new id above the largest input item), suppressed items absent, and a second table
 *   `label,item` (`label,item,id` in FIMI) listing every generalized item's members;
 * - `groups`: Anatomy's two tables, the QID rows as csv-long `group,row,item` and the sensitive
 *   counts `group,item,count`;
 * - `buckets`: csv-long `bucket,row,column,item` (an empty cell is a line with an empty item).
 * - `itemsets`: a table `itemset,support` (itemsetsCsv.ts).
 * Groups, buckets and itemsets have no other layout: asking them for another format is an input error.
 * Numbers in the tables (group, row, bucket, column) count from 1; rows keep the release's order.
 */
import { InputError } from '../../base/errors.ts';
import type { BucketsRelease, GeneralizedRelease, GroupsRelease, Release } from '../types.ts';
import { arffBytes } from './arff.ts';
import { csvBasketBytes } from './csvBasket.ts';
import { csvQuoter, csvTableBytes } from './csvField.ts';
import { csvLongBytes, csvLongRowsBytes, type LongRows } from './csvLong.ts';
import { fimiBytes, fimiIds } from './fimi.ts';
import { itemsetsCsvBytes } from './itemsetsCsv.ts';
import { TextWriter, type Utf8Parts } from './textWriter.ts';

const COMMA = 0x2c;
const NEWLINE = 0x0a;
import { EXTENSION, MIME, sideTableSuffix, type ExportFile, type ExportFormat } from './types.ts';

/** The files of `release` in `format`; `relation` names the data (ARFF's @relation). */
export function exportRelease(release: Release, format: ExportFormat, relation = 'release'): ExportFile[] {
  switch (release.kind) {
    case 'transactions':
      return [dataFile(format, rowsBytes(release.transactions, format, relation), 'the published rows')];
    case 'generalized':
      return exportGeneralized(release, format, relation);
    case 'groups':
      onlyCsvLong(format, 'groups', 'group,row,item and group,item,count');
      return exportGroups(release);
    case 'buckets':
      onlyCsvLong(format, 'buckets', 'bucket,row,column,item');
      return [dataFile('csv-long', bucketsBytes(release), 'bucket,row,column,item: every published cell')];
    case 'itemsets':
      onlyCsvLong(format, 'itemsets', 'itemset,support');
      return [
        dataFile(
          'csv-long',
          itemsetsCsvBytes(release),
          'itemset,support: the top k itemsets, noisy supports',
        ),
      ];
  }
}

/** The formats a release of `kind` can be written in. */
export function exportFormatsOf(kind: Release['kind']): readonly ExportFormat[] {
  return kind === 'groups' || kind === 'buckets' || kind === 'itemsets'
    ? ['csv-long']
    : (['csv-basket', 'csv-long', 'fimi', 'arff'] as const);
}

function onlyCsvLong(format: ExportFormat, kind: string, layout: string): void {
  if (format !== 'csv-long')
    throw new InputError(
      `a ${kind} release is written as csv-long tables (${layout}), not as ${format} (DESIGN.md sec. 4)`,
    );
}

function dataFile(format: ExportFormat, parts: Utf8Parts, description: string): ExportFile {
  return { suffix: '', extension: EXTENSION[format], mime: MIME[format], description, parts };
}

function sideTable(suffix: string, description: string, parts: Utf8Parts): ExportFile {
  return { suffix, extension: 'csv', mime: 'text/csv', description, parts };
}

function rowsBytes(
  rows: readonly (readonly string[])[],
  format: ExportFormat,
  relation: string,
  fimiIdOf?: ReadonlyMap<string, number>,
): Utf8Parts {
  switch (format) {
    case 'csv-basket':
      return csvBasketBytes(rows);
    case 'csv-long':
      return csvLongRowsBytes(rows);
    case 'fimi':
      return fimiBytes(rows, fimiIdOf);
    case 'arff':
      return arffBytes(relation, rows);
  }
}

function exportGeneralized(
  release: GeneralizedRelease,
  format: ExportFormat,
  relation: string,
): ExportFile[] {
  const labels = Object.keys(release.generalized);
  let ids: Map<string, number> | undefined;
  if (format === 'fimi') {
    // Every input item is kept (in some row), generalized (a label's member) or suppressed.
    const inputTokens = new Set<string>(release.suppressed);
    for (const row of release.transactions)
      for (const t of row) if (!Object.hasOwn(release.generalized, t)) inputTokens.add(t);
    for (const members of Object.values(release.generalized)) for (const t of members) inputTokens.add(t);
    ids = fimiIds(inputTokens, labels);
  }
  const members = labels.flatMap((label) =>
    release.generalized[label].map((item) => (ids ? [label, item, String(ids.get(label))] : [label, item])),
  );
  return [
    dataFile(format, rowsBytes(release.transactions, format, relation, ids), 'the published rows'),
    sideTable(
      sideTableSuffix('generalized')!,
      'every generalized item and the items it stands for',
      csvTableBytes(ids ? ['label', 'item', 'id'] : ['label', 'item'], members),
    ),
  ];
}

function exportGroups(release: GroupsRelease): ExportFile[] {
  const qid: LongRows = (emit) =>
    release.groups.forEach((group, g) => {
      const lead = [g + 1];
      for (const items of group.qid) emit(lead, items);
    });
  return [
    dataFile(
      'csv-long',
      csvLongBytes(['group', 'row', 'item'], qid),
      'group,row,item: the QID rows of each group',
    ),
    sideTable(
      sideTableSuffix('groups')!,
      'group,item,count: the sensitive items of each group, as counts',
      sensitiveCountsBytes(release),
    ),
  ];
}

/** The `group,item,count` table: every positive count of every group, in the release's order. */
function sensitiveCountsBytes(release: GroupsRelease): Utf8Parts {
  const quote = csvQuoter();
  const out = new TextWriter().write('group,item,count\n');
  release.groups.forEach((group, g) => {
    for (const [item, count] of Object.entries(group.sensitive))
      if (count > 0)
        out
          .int(g + 1)
          .char(COMMA)
          .field(item, quote)
          .char(COMMA)
          .int(count)
          .char(NEWLINE);
  });
  return out.parts();
}

/** Every published cell as `bucket,row,column,item`; an empty cell is a line with an empty item. */
function bucketsBytes(release: BucketsRelease): Utf8Parts {
  const quote = csvQuoter();
  const out = new TextWriter().write('bucket,row,column,item\n');
  let row = 0;
  release.buckets.forEach((bucket, b) => {
    for (let r = 0; r < bucket.size; r++) {
      row++;
      bucket.columns.forEach((values, c) => {
        const line = () =>
          out
            .int(b + 1)
            .char(COMMA)
            .int(row)
            .char(COMMA)
            .int(c + 1)
            .char(COMMA);
        const cell = values[r] ?? [];
        if (cell.length === 0) line().char(NEWLINE);
        for (const item of cell) line().field(item, quote).char(NEWLINE);
      });
    }
  });
  return out.parts();
}
