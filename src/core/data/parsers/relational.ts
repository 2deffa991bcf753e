/**
 * relational parser (DESIGN.md sec. 2; PatternKa Alg. 3 "Bucket Attributes"): a header plus one
 * record per line; every value becomes the item `column=value`. A column whose non-empty values are
 * all numbers is split into B equal-width buckets over [min, max] and its item reads
 * `column=[lo,hi)` (the last bucket is closed, `[lo,hi]`, so that max belongs to it). Choices written
 * down: an empty value is a missing value and gives no item; a record with more or fewer fields
 * than the header is an error naming the line and column.
 */
import { DatasetBuilder } from '../datasetBuilder.ts';
import { fieldError, forEachCsvRow, type CsvRow } from './csvRows.ts';
import { ParseError, WarningLog } from './parseError.ts';
import type { ParseOptions, ParseResult } from './types.ts';

export const DEFAULT_BUCKETS = 20;

export function parseRelational(text: string, options: ParseOptions): ParseResult {
  const delimiter = options.delimiter ?? ',';
  const buckets = options.buckets ?? DEFAULT_BUCKETS;
  if (!Number.isInteger(buckets) || buckets < 1)
    throw new Error(`buckets must be a positive integer, got ${buckets}`);
  let header: string[] | null = null;
  const records: CsvRow[] = [];
  forEachCsvRow(text, options.fileName, delimiter, (row) => {
    if (row.fields.length === 1 && row.fields[0].trim() === '') return;
    if (!header) {
      header = row.fields.map((f) => f.trim());
      return;
    }
    if (row.fields.length !== header.length) {
      const at = Math.min(row.fields.length, header.length);
      throw fieldError(
        text,
        options.fileName,
        row,
        at,
        delimiter,
        `expected ${header.length} values as in the header, found ${row.fields.length}`,
      );
    }
    records.push(row);
  });
  if (!header)
    throw new ParseError(
      options.fileName,
      1,
      1,
      'expected a header row naming the columns, found an empty file',
    );
  const columns: string[] = header;
  const labelers = columns.map((_, c) => columnLabeler(records, c, buckets));
  const builder = new DatasetBuilder();
  for (const record of records) {
    const tokens: string[] = [];
    record.fields.forEach((raw, c) => {
      const value = raw.trim();
      if (value !== '') tokens.push(`${columns[c]}=${labelers[c](value)}`);
    });
    builder.addTokens(tokens);
  }
  return {
    dataset: builder.build(options.fileName, 'relational', options.bitBudget),
    format: 'relational',
    warnings: new WarningLog().summary(),
  };
}

/** Maps a value of column c to its label: the value itself, or its bucket when c is numeric. */
function columnLabeler(records: CsvRow[], c: number, buckets: number): (value: string) => string {
  let min = Infinity;
  let max = -Infinity;
  let seen = 0;
  for (const record of records) {
    const value = record.fields[c].trim();
    if (value === '') continue;
    const x = Number(value);
    if (!Number.isFinite(x)) return (v) => v;
    min = Math.min(min, x);
    max = Math.max(max, x);
    seen++;
  }
  if (seen === 0) return (v) => v;
  return (v) => bucketLabel(Number(v), min, max, buckets);
}

/** The equal-width bucket of x among `buckets` buckets over [min, max], as `[lo,hi)` or `[lo,hi]`. */
export function bucketLabel(x: number, min: number, max: number, buckets: number): string {
  if (max === min) return `[${fmt(min)},${fmt(max)}]`;
  const width = (max - min) / buckets;
  const index = Math.min(buckets - 1, Math.floor((x - min) / width));
  const lo = min + index * width;
  const hi = index === buckets - 1 ? max : min + (index + 1) * width;
  return index === buckets - 1 ? `[${fmt(lo)},${fmt(hi)}]` : `[${fmt(lo)},${fmt(hi)})`;
}

function fmt(x: number): string {
  return String(Number(x.toPrecision(6)));
}
