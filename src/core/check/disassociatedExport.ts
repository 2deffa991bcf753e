/**
 * A disassociated release read back for Check (DESIGN.md sec. 4 "Exported data"): the table the
 * export writes (release/export/disassociatedTable.ts: `cluster,rows,chunk,subrecord,item`, the
 * term chunk as chunk 0, sub-record 0, a cluster without term items as one such line with an empty
 * item), or the release file itself (the JSON export). Both become the clusters as JSON publishes
 * them (PlainCluster); the table does not list a record chunk's domain apart from its sub-records,
 * so a chunk's items are those its sub-records hold, in order of appearance. Errors name the file,
 * line and column and what was expected.
 */
import { fieldError, forEachCsvRow } from '../data/parsers/csvRows.ts';
import { ParseError } from '../data/parsers/parseError.ts';
import type { PlainCluster } from '../release/disassociated.ts';
import { DISASSOCIATED_COLUMNS, writeDisassociatedCsv } from '../release/export/disassociatedTable.ts';
import { writtenText } from '../release/export/textWriter.ts';
import { parseRelease } from '../release/parseRelease.ts';
import { plainClusters } from '../release/disassociated.ts';
import { numberAt, type ExportedTable } from './exportedTables.ts';

const HEADER = DISASSOCIATED_COLUMNS.join(',');

/** A disassociated release as Check reads it: its clusters, and what its file claims. */
export interface DisassociatedExport {
  kind: 'disassociated';
  files: string[];
  clusters: PlainCluster[];
  /** The release file's params (the table carries none). */
  params?: Record<string, unknown>;
}

/** Whether a table's column names are the disassociated table's (trimmed, unquoted). */
export function isDisassociatedColumns(names: readonly string[]): boolean {
  return names.map((f) => f.trim().replace(/^"|"$/g, '')).join(',') === HEADER;
}

/** Whether a text's first line is the disassociated table's header (a BOM or CR allowed). */
export function isDisassociatedTable(head: string): boolean {
  const first = head
    .replace(/^\uFEFF/, '')
    .split('\n', 1)[0]
    .replace(/\r$/, '');
  return isDisassociatedColumns(first.split(','));
}

/** Whether a text is a release file (a JSON object naming the release format). */
export function isReleaseJson(head: string): boolean {
  return /^\s*\{/.test(head.replace(/^\uFEFF/, '')) && head.includes('"txanon-release/');
}

interface ClusterLines {
  rows: number;
  chunks: Map<number, Map<number, string[]>>;
  term: string[];
}

/** The table the export writes (csv-long), read back whole. */
export function readDisassociatedTable(table: ExportedTable): DisassociatedExport {
  const clusters = new Map<number, ClusterLines>();
  let first = true;
  forEachCsvRow(table.text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'), table.name, ',', (row) => {
    if (first) {
      first = false;
      if (row.fields.map((f) => f.trim()).join(',') !== HEADER)
        throw new ParseError(
          table.name,
          row.line,
          1,
          `expected the header ${HEADER}, found ${row.fields.join(',')}`,
        );
      return;
    }
    if (row.fields.length === 1 && row.fields[0].trim() === '') return; // a blank line
    if (row.fields.length !== DISASSOCIATED_COLUMNS.length)
      throw fieldError(
        table.text,
        table.name,
        row,
        Math.min(row.fields.length, DISASSOCIATED_COLUMNS.length) - 1,
        ',',
        `expected ${DISASSOCIATED_COLUMNS.length} fields (${HEADER}), found ${row.fields.length}`,
      );
    const number = numberAt(table, row, 0, 'cluster number', 1);
    const rows = numberAt(table, row, 1, "cluster's number of rows", 1);
    const chunk = numberAt(table, row, 2, 'chunk number (0: the term chunk)', 0);
    const sub = numberAt(table, row, 3, 'sub-record number (0 in the term chunk)', 0);
    const item = row.fields[4].trim();
    let cluster = clusters.get(number);
    if (!cluster) clusters.set(number, (cluster = { rows, chunks: new Map(), term: [] }));
    if (cluster.rows !== rows)
      throw fieldError(
        table.text,
        table.name,
        row,
        1,
        ',',
        `cluster ${number} has ${cluster.rows} rows on an earlier line, ${rows} here`,
      );
    if ((chunk === 0) !== (sub === 0))
      throw fieldError(
        table.text,
        table.name,
        row,
        3,
        ',',
        chunk === 0
          ? `the term chunk (chunk 0) has no sub-records: expected 0, found ${sub}`
          : `a record chunk's sub-records count from 1, found 0`,
      );
    if (chunk === 0) {
      if (item !== '') cluster.term.push(item);
      return;
    }
    if (item === '') throw fieldError(table.text, table.name, row, 4, ',', 'empty item in a record chunk');
    let subs = cluster.chunks.get(chunk);
    if (!subs) cluster.chunks.set(chunk, (subs = new Map()));
    let items = subs.get(sub);
    if (!items) subs.set(sub, (items = []));
    items.push(item);
  });
  if (first) throw new ParseError(table.name, 1, 1, `expected the header ${HEADER}, found an empty file`);
  const byNumber = (a: [number, unknown], b: [number, unknown]) => a[0] - b[0];
  return {
    kind: 'disassociated',
    files: [table.name],
    clusters: [...clusters.entries()].sort(byNumber).map(([, c]) => ({
      rows: c.rows,
      termChunk: c.term,
      recordChunks: [...c.chunks.entries()].sort(byNumber).map(([, subs]) => {
        const subrecords = [...subs.entries()].sort(byNumber).map(([, s]) => s);
        return { items: [...new Set(subrecords.flat())], subrecords };
      }),
    })),
  };
}

/**
 * A disassociated release as Check reads it, whichever text it came as: its release file (JSON) or
 * its table (a Parquet table arrives here as the same CSV text, check/parquetTables.ts).
 */
export function readDisassociatedRelease(table: ExportedTable): DisassociatedExport {
  return isReleaseJson(table.text.slice(0, 256))
    ? readDisassociatedJson(table)
    : readDisassociatedTable(table);
}

/**
 * A disassociated release file (JSON) as the text of its table, the csv-long export `txanon
 * anonymize --export` writes of it, or null when the file is a release of another kind: the page
 * reads a release file as data as it reads the table (release/export/disassociatedTable.ts).
 */
export function disassociatedJsonAsTable(text: string, name: string): string | null {
  const release = parseRelease(text, name);
  return release.kind === 'disassociated'
    ? writtenText((out) => writeDisassociatedCsv(out, release.clusters))
    : null;
}

/** The release file (the JSON export) of a disassociated release. */
export function readDisassociatedJson(table: ExportedTable): DisassociatedExport {
  const release = parseRelease(table.text, table.name);
  if (release.kind !== 'disassociated')
    throw new ParseError(
      table.name,
      1,
      1,
      `check reads a release file of kind disassociated, this one is ${release.kind}: verify it against its input with \`txanon evaluate\``,
    );
  return {
    kind: 'disassociated',
    files: [table.name],
    clusters: plainClusters(release.clusters),
    params: release.params,
  };
}
