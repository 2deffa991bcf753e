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
 * - `disassociated`: `cluster,rows,chunk,subrecord,item` (disassociatedTable.ts; the term chunk as
 *   chunk 0); its JSON is the release file itself.
 * Groups, buckets, itemsets and disassociated releases have no other layout: asking them for another format is an input error.
 * Parquet (`parquet`, `parquet-long`): the same tables as Parquet files (parquetRelease.ts).
 * Numbers in the tables (group, row, bucket, column) count from 1; rows keep the release's order.
 * Each file is written when asked (`ExportFile.write`), chunk after chunk into a sink (a file, a
 * Blob's parts): nothing is held whole (issue 31). What can fail (a FIMI item that is no
 * integer, an ARFF of empty rows) fails when the files are made, before anything is written.
 */
import { InputError } from '../../base/errors.ts';
import { heldTokenIds, type TokenRows } from '../tokenRows.ts';
import type { BucketsRelease, GeneralizedRelease, GroupsRelease, Release } from '../types.ts';
import { assertArffWritable, writeArff } from './arff.ts';
import { writeCsvBasket } from './csvBasket.ts';
import { csvQuoter, writeCsvTable } from './csvField.ts';
import { writeCsvLong, writeCsvLongRows } from './csvLong.ts';
import { fimiIds, fimiValue, writeFimi } from './fimi.ts';
import { writeItemsetsCsv } from './itemsetsCsv.ts';
import { TextWriter, TokenBytes, type ByteSink } from './textWriter.ts';
import { EXTENSION, MIME, sideTableSuffix, type ExportFile, type ExportFormat } from './types.ts';
import { parquetExport } from './parquetRelease.ts';
import { DISASSOCIATED_COLUMNS, writeDisassociatedCsv } from './disassociatedTable.ts';

const COMMA = 0x2c;
const NEWLINE = 0x0a;

/** The files of `release` in `format`; `relation` names the data (ARFF's @relation). */
export function exportRelease(release: Release, format: ExportFormat, relation = 'release'): ExportFile[] {
  if (format === 'parquet' || format === 'parquet-long') return parquetExport(release, format);
  switch (release.kind) {
    case 'transactions':
      return [dataFile(format, rowsWriter(release.transactions, format, relation), 'the published rows')];
    case 'generalized':
      return exportGeneralized(release, format, relation);
    case 'groups':
      onlyCsvLong(format, 'groups', 'group,row,item and group,item,count');
      return exportGroups(release);
    case 'buckets':
      onlyCsvLong(format, 'buckets', 'bucket,row,column,item');
      return [
        dataFile(
          'csv-long',
          (out) => writeBuckets(out, release),
          'bucket,row,column,item: every published cell',
        ),
      ];
    case 'disassociated':
      onlyCsvLong(format, 'disassociated', DISASSOCIATED_COLUMNS.join(','));
      return [
        dataFile(
          'csv-long',
          (out) => writeDisassociatedCsv(out, release.clusters),
          'cluster,rows,chunk,subrecord,item: every record chunk sub-record and term chunk (chunk 0)',
        ),
      ];
    case 'itemsets':
      onlyCsvLong(format, 'itemsets', 'itemset,support');
      return [
        dataFile(
          'csv-long',
          (out) => writeItemsetsCsv(out, release),
          'itemset,support: the top k itemsets, noisy supports',
        ),
      ];
  }
}

/** The formats a release of `kind` can be written in. */
export function exportFormatsOf(kind: Release['kind']): readonly ExportFormat[] {
  return kind === 'groups' || kind === 'buckets' || kind === 'itemsets' || kind === 'disassociated'
    ? ['csv-long', 'parquet-long']
    : (['csv-basket', 'csv-long', 'fimi', 'arff', 'parquet', 'parquet-long'] as const);
}

function onlyCsvLong(format: ExportFormat, kind: string, layout: string): void {
  if (format !== 'csv-long')
    throw new InputError(
      `a ${kind} release is written as csv-long or parquet-long tables (${layout}), not as ${format} (DESIGN.md sec. 4)`,
    );
}

type Writer = (out: TextWriter) => void;

/** `write` as an ExportFile's: into a fresh TextWriter on the sink, ended. */
function sinkWriter(write: Writer): (sink: ByteSink) => void {
  return (sink) => {
    const out = new TextWriter(sink);
    write(out);
    out.end();
  };
}

function dataFile(format: ExportFormat, write: Writer, description: string): ExportFile {
  return {
    suffix: '',
    extension: EXTENSION[format],
    mime: MIME[format],
    description,
    write: sinkWriter(write),
  };
}

function sideTable(suffix: string, description: string, write: Writer): ExportFile {
  return { suffix, extension: 'csv', mime: 'text/csv', description, write: sinkWriter(write) };
}

/** The writer of `rows` in `format`, checked first (FIMI integers, ARFF attributes). */
function rowsWriter(
  rows: TokenRows,
  format: ExportFormat,
  relation: string,
  fimiIdOf?: ReadonlyMap<string, number>,
): Writer {
  switch (format) {
    case 'csv-basket':
      return (out) => writeCsvBasket(out, rows);
    case 'csv-long':
      return (out) => writeCsvLongRows(out, rows);
    case 'fimi': {
      // Every token a row holds is an integer or a label with an id: checked now, not mid-file.
      for (const id of heldTokenIds(rows)) if (!fimiIdOf?.has(rows.tokens[id])) fimiValue(rows.tokens[id]);
      return (out) => writeFimi(out, rows, fimiIdOf);
    }
    case 'arff':
      assertArffWritable(rows);
      return (out) => writeArff(out, relation, rows);
    case 'parquet':
    case 'parquet-long':
      throw new Error('Parquet rows are written by parquetRelease.ts');
  }
}

function exportGeneralized(
  release: GeneralizedRelease,
  format: ExportFormat,
  relation: string,
): ExportFile[] {
  const labels = Object.keys(release.generalized);
  let ids: Map<string, number> | undefined;
  const rows = release.transactions;
  if (format === 'fimi') {
    // Every input item is kept (in some row), generalized (a label's member) or suppressed.
    const inputTokens = new Set<string>(release.suppressed);
    for (const id of heldTokenIds(rows))
      if (!Object.hasOwn(release.generalized, rows.tokens[id])) inputTokens.add(rows.tokens[id]);
    for (const members of Object.values(release.generalized)) for (const t of members) inputTokens.add(t);
    ids = fimiIds(inputTokens, labels);
  }
  const members = labels.flatMap((label) =>
    release.generalized[label].map((item) => (ids ? [label, item, String(ids.get(label))] : [label, item])),
  );
  return [
    dataFile(format, rowsWriter(rows, format, relation, ids), 'the published rows'),
    sideTable(sideTableSuffix('generalized')!, 'every generalized item and the items it stands for', (out) =>
      writeCsvTable(out, ids ? ['label', 'item', 'id'] : ['label', 'item'], members),
    ),
  ];
}

function exportGroups(release: GroupsRelease): ExportFile[] {
  const { start, qid } = release.groups;
  return [
    dataFile(
      'csv-long',
      (out) =>
        writeCsvLong(out, ['group', 'row', 'item'], qid, (emit) => {
          const lead = [0];
          for (let g = 0; g + 1 < start.length; g++) {
            lead[0] = g + 1;
            for (let row = start[g]; row < start[g + 1]; row++) emit(lead, row);
          }
        }),
      'group,row,item: the QID rows of each group',
    ),
    sideTable(
      sideTableSuffix('groups')!,
      'group,item,count: the sensitive items of each group, as counts',
      (out) => writeSensitiveCounts(out, release),
    ),
  ];
}

/** The `group,item,count` table: every positive count of every group, in the release's order. */
function writeSensitiveCounts(out: TextWriter, release: GroupsRelease): void {
  const counts = release.groups.sensitive;
  const fields = new TokenBytes(counts.tokens, csvQuoter());
  out.write('group,item,count\n');
  for (let g = 0; g + 1 < counts.offsets.length; g++)
    for (let k = counts.offsets[g]; k < counts.offsets[g + 1]; k++)
      if (counts.counts[k] > 0) {
        out.int(g + 1).char(COMMA);
        fields.put(out, counts.items[k]);
        out.char(COMMA).int(counts.counts[k]).char(NEWLINE);
      }
}

/** Every published cell as `bucket,row,column,item`; an empty cell is a line with an empty item. */
function writeBuckets(out: TextWriter, release: BucketsRelease): void {
  const { size, columnStart, cellStart, cells } = release.buckets;
  const fields = new TokenBytes(cells.tokens, csvQuoter());
  out.write('bucket,row,column,item\n');
  let row = 0;
  for (let b = 0; b < size.length; b++) {
    for (let r = 0; r < size[b]; r++) {
      row++;
      for (let j = columnStart[b]; j < columnStart[b + 1]; j++) {
        const line = () =>
          out
            .int(b + 1)
            .char(COMMA)
            .int(row)
            .char(COMMA)
            .int(j - columnStart[b] + 1)
            .char(COMMA);
        // Row r of the column, when the column lists that many (a release read back may not).
        const cell = cellStart[j] + r < cellStart[j + 1] ? cellStart[j] + r : -1;
        if (cell < 0 || cells.offsets[cell] === cells.offsets[cell + 1]) line().char(NEWLINE);
        else
          for (let k = cells.offsets[cell]; k < cells.offsets[cell + 1]; k++) {
            line();
            fields.put(out, cells.items[k]);
            out.char(NEWLINE);
          }
      }
    }
  }
}
