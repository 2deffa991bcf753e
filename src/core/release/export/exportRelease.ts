/**
 * A release written as data (DESIGN.md sec. 4 "Exported data"), per kind:
 * - `transactions`: the published rows in the chosen format;
 * - `generalized`: the published rows with each generalized item as one item (its label; in FIMI a
 *   new id above the largest input item), suppressed items absent, and a second table
 *   `label,item` (`label,item,id` in FIMI) listing every generalized item's members;
 * - `groups`: Anatomy's two tables, the QID rows as csv-long `group,row,item` and the sensitive
 *   counts `group,item,count`;
 * - `buckets`: csv-long `bucket,row,column,item` (an empty cell is a line with an empty item).
 * Groups and buckets have no other layout: asking them for another format is an input error.
 * Numbers in the tables (group, row, bucket, column) count from 1; rows keep the release's order.
 */
import { InputError } from '../../base/errors.ts';
import type { BucketsRelease, GeneralizedRelease, GroupsRelease, Release } from '../types.ts';
import { arffText } from './arff.ts';
import { csvBasketText } from './csvBasket.ts';
import { csvQuoter, csvTable } from './csvField.ts';
import { csvLongRowsText, csvLongText, type LongRows } from './csvLong.ts';
import { fimiIds, fimiText } from './fimi.ts';
import { EXTENSION, MIME, type ExportFile, type ExportFormat } from './types.ts';

/** The files of `release` in `format`; `relation` names the data (ARFF's @relation). */
export function exportRelease(release: Release, format: ExportFormat, relation = 'release'): ExportFile[] {
  switch (release.kind) {
    case 'transactions':
      return [dataFile(format, rowsText(release.transactions, format, relation), 'the published rows')];
    case 'generalized':
      return exportGeneralized(release, format, relation);
    case 'groups':
      onlyCsvLong(format, 'groups', 'group,row,item and group,item,count');
      return exportGroups(release);
    case 'buckets':
      onlyCsvLong(format, 'buckets', 'bucket,row,column,item');
      return [dataFile('csv-long', bucketsText(release), 'bucket,row,column,item: every published cell')];
  }
}

/** The formats a release of `kind` can be written in. */
export function exportFormatsOf(kind: Release['kind']): readonly ExportFormat[] {
  return kind === 'groups' || kind === 'buckets'
    ? ['csv-long']
    : (['csv-basket', 'csv-long', 'fimi', 'arff'] as const);
}

function onlyCsvLong(format: ExportFormat, kind: string, layout: string): void {
  if (format !== 'csv-long')
    throw new InputError(
      `a ${kind} release is written as csv-long tables (${layout}), not as ${format} (DESIGN.md sec. 4)`,
    );
}

function dataFile(format: ExportFormat, text: string, description: string): ExportFile {
  return { suffix: '', extension: EXTENSION[format], mime: MIME[format], description, text };
}

function sideTable(suffix: string, description: string, text: string): ExportFile {
  return { suffix, extension: 'csv', mime: 'text/csv', description, text };
}

function rowsText(
  rows: readonly (readonly string[])[],
  format: ExportFormat,
  relation: string,
  fimiIdOf?: ReadonlyMap<string, number>,
): string {
  switch (format) {
    case 'csv-basket':
      return csvBasketText(rows);
    case 'csv-long':
      return csvLongRowsText(rows);
    case 'fimi':
      return fimiText(rows, fimiIdOf);
    case 'arff':
      return arffText(relation, rows);
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
    dataFile(format, rowsText(release.transactions, format, relation, ids), 'the published rows'),
    sideTable(
      '-generalized',
      'every generalized item and the items it stands for',
      csvTable(ids ? ['label', 'item', 'id'] : ['label', 'item'], members),
    ),
  ];
}

function exportGroups(release: GroupsRelease): ExportFile[] {
  const qid: LongRows = (emit) =>
    release.groups.forEach((group, g) => {
      const lead = [g + 1];
      for (const items of group.qid) emit(lead, items);
    });
  const counts = release.groups.flatMap((group, g) =>
    Object.entries(group.sensitive)
      .filter(([, count]) => count > 0)
      .map(([item, count]) => [String(g + 1), item, String(count)]),
  );
  return [
    dataFile(
      'csv-long',
      csvLongText(['group', 'row', 'item'], qid),
      'group,row,item: the QID rows of each group',
    ),
    sideTable(
      '-sensitive',
      'group,item,count: the sensitive items of each group, as counts',
      csvTable(['group', 'item', 'count'], counts),
    ),
  ];
}

function bucketsText(release: BucketsRelease): string {
  const quote = csvQuoter();
  const lines = ['bucket,row,column,item'];
  let row = 0;
  release.buckets.forEach((bucket, b) => {
    for (let r = 0; r < bucket.size; r++) {
      row++;
      bucket.columns.forEach((values, c) => {
        const prefix = `${b + 1},${row},${c + 1},`;
        const cell = values[r] ?? [];
        lines.push(cell.length === 0 ? prefix : prefix + cell.map(quote).join(`\n${prefix}`));
      });
    }
  });
  return lines.join('\n') + '\n';
}
