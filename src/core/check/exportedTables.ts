/**
 * Reads an exported `groups` or `buckets` release back whole (DESIGN.md sec. 4 "Exported data":
 * "check also reads a groups export (its two tables, NAME.csv and NAME-sensitive.csv beside it) and
 * a buckets export as what they are"), for Check (checkExport.ts):
 * - groups: `group,row,item` (the QID rows; a row without QID items is a line with an empty item)
 *   and `group,item,count` (each group's sensitive items, as counts);
 * - buckets: `bucket,row,column,item` (every cell; an empty cell is a line with an empty item).
 * Numbers count from 1. Errors name the file, line and column, and what was expected.
 */
import { fieldError, forEachCsvRow, type CsvRow } from '../data/parsers/csvRows.ts';
import { ParseError } from '../data/parsers/parseError.ts';
import { exportLayoutOf, layoutHeader, type ExportLayout } from '../data/exportLayout.ts';

export interface ExportedGroup {
  /** The group's number in the file. */
  group: number;
  /** Its QID rows, in file order. */
  rows: string[][];
  /** Its sensitive items with how many of its rows hold each. */
  sensitive: Record<string, number>;
}

export interface ExportedBucket {
  bucket: number;
  /** rows[r][c]: the items of row r in column c (columns numbered from 1 in the file). */
  rows: string[][][];
}

export interface GroupsExport {
  kind: 'groups';
  files: string[];
  groups: ExportedGroup[];
}

export interface BucketsExport {
  kind: 'buckets';
  files: string[];
  columns: number;
  buckets: ExportedBucket[];
}

export type ExportedRelease = GroupsExport | BucketsExport;

/** One table of an export as text, with the name its errors carry. */
export interface ExportedTable {
  name: string;
  text: string;
}

/** Each line after the header as fields, with a checker for the header. */
function rowsOf(table: ExportedTable, layout: ExportLayout, visit: (row: CsvRow) => void): void {
  let first = true;
  forEachCsvRow(table.text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'), table.name, ',', (row) => {
    if (first) {
      first = false;
      if (exportLayoutOf(row.fields) !== layout)
        throw new ParseError(
          table.name,
          row.line,
          1,
          `expected the header ${layoutHeader(layout)}, found ${row.fields.join(',')}`,
        );
      return;
    }
    if (row.fields.length === 1 && row.fields[0].trim() === '') return; // a blank line
    visit(row);
  });
  if (first)
    throw new ParseError(
      table.name,
      1,
      1,
      `expected the header ${layoutHeader(layout)}, found an empty file`,
    );
}

/** A whole-number field of at least `min` (a positive integer by default), or a ParseError at it. */
export function numberAt(table: ExportedTable, row: CsvRow, field: number, what: string, min = 1): number {
  const text = (row.fields[field] ?? '').trim();
  if (!/^\d+$/.test(text) || Number(text) < min)
    throw fieldError(
      table.text,
      table.name,
      row,
      field,
      ',',
      `expected the ${what}, ${min === 1 ? 'a positive integer' : `an integer of at least ${min}`}, found '${text}'`,
    );
  return Number(text);
}

function widthAtLeast(table: ExportedTable, row: CsvRow, width: number, layout: ExportLayout): void {
  if (row.fields.length < width)
    throw fieldError(
      table.text,
      table.name,
      row,
      row.fields.length - 1,
      ',',
      `expected ${width} fields (${layoutHeader(layout)}), found ${row.fields.length}`,
    );
}

/** A groups export from its two tables; every group of the sensitive table must have QID rows. */
export function readGroupsExport(qid: ExportedTable, sensitive: ExportedTable): GroupsExport {
  const groups = new Map<number, { rows: Map<number, string[]>; sensitive: Record<string, number> }>();
  rowsOf(qid, 'groups', (row) => {
    widthAtLeast(qid, row, 3, 'groups');
    const group = numberAt(qid, row, 0, 'group number');
    const number = numberAt(qid, row, 1, 'row number');
    let entry = groups.get(group);
    if (!entry) groups.set(group, (entry = { rows: new Map(), sensitive: {} }));
    let items = entry.rows.get(number);
    if (!items) entry.rows.set(number, (items = []));
    const item = row.fields[2].trim();
    if (item !== '') items.push(item);
  });
  rowsOf(sensitive, 'groups-sensitive', (row) => {
    widthAtLeast(sensitive, row, 3, 'groups-sensitive');
    const group = numberAt(sensitive, row, 0, 'group number');
    const count = numberAt(sensitive, row, 2, 'count');
    const item = row.fields[1].trim();
    const entry = groups.get(group);
    if (!entry)
      throw fieldError(
        sensitive.text,
        sensitive.name,
        row,
        0,
        ',',
        `group ${group} has no rows in ${qid.name}`,
      );
    if (item === '') throw fieldError(sensitive.text, sensitive.name, row, 1, ',', 'empty sensitive item');
    if (Object.hasOwn(entry.sensitive, item))
      throw fieldError(
        sensitive.text,
        sensitive.name,
        row,
        1,
        ',',
        `item '${item}' is counted twice for group ${group}`,
      );
    if (count > entry.rows.size)
      throw fieldError(
        sensitive.text,
        sensitive.name,
        row,
        2,
        ',',
        `count ${count} of '${item}' in group ${group}, which publishes ${entry.rows.size} rows in ${qid.name}`,
      );
    entry.sensitive[item] = count;
  });
  return {
    kind: 'groups',
    files: [qid.name, sensitive.name],
    groups: [...groups].map(([group, g]) => ({ group, rows: [...g.rows.values()], sensitive: g.sensitive })),
  };
}

/** A buckets export; a row's column without a line is an empty cell. */
export function readBucketsExport(table: ExportedTable): BucketsExport {
  const buckets = new Map<number, Map<number, Map<number, string[]>>>();
  let columns = 0;
  rowsOf(table, 'buckets', (row) => {
    widthAtLeast(table, row, 4, 'buckets');
    const bucket = numberAt(table, row, 0, 'bucket number');
    const number = numberAt(table, row, 1, 'row number');
    const column = numberAt(table, row, 2, 'column number');
    columns = Math.max(columns, column);
    let rows = buckets.get(bucket);
    if (!rows) buckets.set(bucket, (rows = new Map()));
    let cells = rows.get(number);
    if (!cells) rows.set(number, (cells = new Map()));
    let items = cells.get(column);
    if (!items) cells.set(column, (items = []));
    const item = row.fields[3].trim();
    if (item !== '') items.push(item);
  });
  return {
    kind: 'buckets',
    files: [table.name],
    columns,
    buckets: [...buckets].map(([bucket, rows]) => ({
      bucket,
      rows: [...rows.values()].map((cells) =>
        Array.from({ length: columns }, (_, c) => cells.get(c + 1) ?? []),
      ),
    })),
  };
}
