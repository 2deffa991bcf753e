/**
 * relational parser (DESIGN.md sec. 2; PatternKa Alg. 3 "Bucket Attributes"): a header plus one
 * record per line; every value becomes the item `column=value`. A column whose non-empty values are
 * all numbers is split into B equal-width buckets over [min, max] and its item reads
 * `column=[lo,hi)` (the last bucket is closed, `[lo,hi]`, so that max belongs to it). Choices written
 * down: an empty value is a missing value and gives no item (in a one-column file a blank line is
 * such a record: an empty transaction); a blank line in a file of several columns is no record and
 * a warning; a record with more or fewer fields than the header is an error naming the line and
 * column; the header names every column, each once.
 */
import { DatasetBuilder } from '../datasetBuilder.ts';
import { csvPieces, fieldError, type CsvRow } from './csvRows.ts';
import { InputError } from '../../base/errors.ts';
import { noTransactionError, ParseError, WarningLog } from './parseError.ts';
import type { PieceReader } from './textPieces.ts';
import type { ParseOptions } from './types.ts';

export const DEFAULT_BUCKETS = 20;

/** The relational parser, fed the file's text piece by piece (textPieces.ts). */
export function relationalReader(options: ParseOptions): PieceReader {
  const delimiter = options.delimiter ?? ',';
  const buckets = options.buckets ?? DEFAULT_BUCKETS;
  if (!Number.isInteger(buckets) || buckets < 1)
    throw new InputError(`buckets must be a positive integer, got ${buckets}`);
  const warnings = new WarningLog();
  let header: string[] | null = null;
  const records: CsvRow[] = [];
  const visit = (row: CsvRow, text: string) => {
    const blank = row.fields.length === 1 && row.fields[0].trim() === '';
    if (!header) {
      if (blank) return; // blank lines before the header
      header = checkHeader(text, options.fileName, row, delimiter);
      return;
    }
    if (blank && header.length > 1) {
      warnings.add(row.line, 'blank line: no record');
      return;
    }
    // In a one-column file a blank line is a record whose value is missing: an empty transaction.
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
  };
  return {
    piece: csvPieces(options.fileName, delimiter, visit),
    finish() {
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
      const dataset = builder.build(options.fileName, 'relational', options.bitBudget);
      if (dataset.d === 0)
        throw noTransactionError(
          options.fileName,
          dataset.n === 0
            ? 'the file holds only the header row'
            : `its ${dataset.n} record(s) hold no value (every value is missing)`,
        );
      return { dataset, format: 'relational', warnings: warnings.summary() };
    },
  };
}

/** The header's column names: each named, each once (`age` twice would merge two columns' items). */
function checkHeader(text: string, file: string, row: CsvRow, delimiter: string): string[] {
  const names = row.fields.map((f) => f.trim());
  const first = new Map<string, number>();
  names.forEach((name, c) => {
    if (name === '')
      throw fieldError(text, file, row, c, delimiter, `column ${c + 1} of the header has no name`);
    const earlier = first.get(name);
    if (earlier !== undefined)
      throw fieldError(
        text,
        file,
        row,
        c,
        delimiter,
        `column name '${name}' is given twice (columns ${earlier + 1} and ${c + 1}); each column needs its own name`,
      );
    first.set(name, c);
  });
  return names;
}

/** A decimal number as a numeric column holds it (not `0x10`, `Infinity`, `1e999`). */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Maps a value of column c to its label: the value itself, or its bucket when c is numeric. */
function columnLabeler(records: CsvRow[], c: number, buckets: number): (value: string) => string {
  let min = Infinity;
  let max = -Infinity;
  let seen = 0;
  for (const record of records) {
    const value = record.fields[c].trim();
    if (value === '') continue;
    const x = Number(value);
    if (!DECIMAL.test(value) || !Number.isFinite(x)) return (v) => v;
    min = Math.min(min, x);
    max = Math.max(max, x);
    seen++;
  }
  if (seen === 0) return (v) => v;
  return (v) => bucketLabel(Number(v), min, max, buckets);
}

/**
 * The equal-width bucket of x among `buckets` buckets over [min, max], as `[lo,hi)` or `[lo,hi]`.
 * When max - min overflows (values near ±1.8e308) everything is computed on halves, which is
 * exact, so that no bound becomes Infinity (which would print `[NaN,NaN)`).
 */
export function bucketLabel(x: number, min: number, max: number, buckets: number): string {
  if (max === min) return `[${fmt(min)},${fmt(max)}]`;
  const scale = Number.isFinite(max - min) ? 1 : 2;
  const [a, b, v] = [min / scale, max / scale, x / scale];
  const width = (b - a) / buckets;
  const index = Math.min(buckets - 1, Math.floor((v - a) / width));
  const lo = (a + index * width) * scale;
  const hi = index === buckets - 1 ? max : (a + (index + 1) * width) * scale;
  return index === buckets - 1 ? `[${fmt(lo)},${fmt(hi)}]` : `[${fmt(lo)},${fmt(hi)})`;
}

function fmt(x: number): string {
  return String(Number(x.toPrecision(6)));
}
