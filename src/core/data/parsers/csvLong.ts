/**
 * csv-long parser (DESIGN.md sec. 2): a header naming a transaction-id column and an item column
 * (default `tid`, `item`); the rows of one tid form one transaction, transactions in order of first
 * appearance of their tid, items numbered by the line they first appear on (DESIGN.md sec. 2's first
 * appearance, read by line: a file that interleaves its tids, such as the Ghinita Fig. 1a sample,
 * keeps the column order it lists its items in). Choices written down: a row with an empty item adds its tid as a
 * transaction with no item (so empty transactions can be written); blank lines are skipped; a row
 * too short to hold both columns is an error; a (tid, item) pair given again is kept once and
 * reported on its line. Nothing is dropped unsaid: header columns other than the two are named in
 * a warning on line 1, and a row with more fields than the header in a warning on its line.
 */
import { DatasetBuilder } from '../datasetBuilder.ts';
import { csvPieces, fieldError, type CsvRow } from './csvRows.ts';
import { noTransactionError, ParseError, WarningLog } from './parseError.ts';
import type { PieceReader } from './textPieces.ts';
import type { ParseOptions, ParseResult } from './types.ts';
import { exportLayoutOf } from '../exportLayout.ts';

/** What a csv-long parse has read so far (the byte tokenizer hands it on to the text path). */
export interface LongState {
  builder: DatasetBuilder;
  warnings: WarningLog;
  /** Each tid's items, tids in order of first appearance (filled by the text path, or when handed on). */
  rowsOfTid: Map<string, Set<string>>;
  /** The header's columns: tidIndex < 0 until it is read. */
  tidIndex: number;
  itemIndex: number;
  width: number;
  headerWidth: number;
}

export function longState(): LongState {
  const columns = { tidIndex: -1, itemIndex: -1, width: 0, headerWidth: 0 };
  return { builder: new DatasetBuilder(), warnings: new WarningLog(), rowsOfTid: new Map(), ...columns };
}

/**
 * Reads the header's column names into `state`: false when the tid or item column is missing (the
 * text path throws its error).
 */
export function readHeader(options: ParseOptions, state: LongState, names: string[], line: number): boolean {
  const tidName = options.tidColumn ?? 'tid';
  const itemName = options.itemColumn ?? 'item';
  const tidIndex = names.indexOf(tidName);
  const itemIndex = names.indexOf(itemName);
  if (tidIndex < 0 || itemIndex < 0) return false;
  Object.assign(state, {
    tidIndex,
    itemIndex,
    width: Math.max(tidIndex, itemIndex) + 1,
    headerWidth: names.length,
  });
  const others = names.filter((_, i) => i !== tidIndex && i !== itemIndex);
  // A recognised export's other columns (its groups, buckets, columns) are read by Check.
  if (others.length > 0 && exportLayoutOf(names) === null)
    state.warnings.add(
      line,
      `column${others.length > 1 ? 's' : ''} ${others.map((n) => `'${n}'`).join(', ')} not read (a csv-long file is read as its '${tidName}' and '${itemName}' columns)`,
    );
  return true;
}

/** The warning for a (tid, item) pair given again. */
export function repeatWarning(item: string, tid: string): string {
  return `item ${item} repeats in transaction ${tid} (kept once)`;
}

/** The warning for a row with more fields than the header. */
export function widerThanHeader(fields: number, headerWidth: number): string {
  return `${fields} fields, more than the header's ${headerWidth}: the last ${fields - headerWidth} not read`;
}

/** The csv-long parser, fed the file's text piece by piece (textPieces.ts), from `state` on. */
export function csvLongReader(options: ParseOptions, state = longState()): PieceReader {
  const delimiter = options.delimiter ?? ',';
  const tidName = options.tidColumn ?? 'tid';
  const itemName = options.itemColumn ?? 'item';
  const { builder, warnings, rowsOfTid } = state;
  const visit = (row: CsvRow, text: string) => {
    if (state.tidIndex < 0) {
      const names = row.fields.map((f) => f.trim());
      if (!readHeader(options, state, names, row.line)) {
        throw new ParseError(
          options.fileName,
          row.line,
          1,
          `expected a header with columns '${tidName}' and '${itemName}', found ${names.map((n) => `'${n}'`).join(', ')}`,
        );
      }
      return;
    }
    const { tidIndex, itemIndex, width, headerWidth } = state;
    if (row.fields.length === 1 && row.fields[0].trim() === '') return;
    if (row.fields.length < width) {
      throw fieldError(
        text,
        options.fileName,
        row,
        row.fields.length,
        delimiter,
        `expected at least ${width} fields (up to column '${width - 1 === tidIndex ? tidName : itemName}'), found ${row.fields.length}`,
      );
    }
    if (row.fields.length > headerWidth)
      warnings.add(row.line, widerThanHeader(row.fields.length, headerWidth));
    const tid = row.fields[tidIndex].trim();
    const item = row.fields[itemIndex].trim();
    let items = rowsOfTid.get(tid);
    if (!items) rowsOfTid.set(tid, (items = new Set()));
    if (item === '') return;
    builder.dictionary.idOf(item);
    if (items.has(item)) warnings.add(row.line, repeatWarning(item, tid));
    items.add(item);
  };
  return {
    piece: csvPieces(options.fileName, delimiter, visit),
    finish() {
      if (state.tidIndex < 0)
        throw new ParseError(
          options.fileName,
          1,
          1,
          `expected a header with columns '${tidName}' and '${itemName}', found an empty file`,
        );
      for (const items of rowsOfTid.values()) builder.addTokens([...items]);
      return longResult(options, state, () => [...rowsOfTid.keys()]);
    },
  };
}

/** The dataset of a csv-long parse whose rows are all in the builder, or its error when no row holds an item. */
export function longResult(options: ParseOptions, state: LongState, rowNames: () => string[]): ParseResult {
  const itemName = options.itemColumn ?? 'item';
  const dataset = state.builder.build(options.fileName, 'csv-long', options.bitBudget);
  if (dataset.d === 0)
    throw noTransactionError(
      options.fileName,
      dataset.n === 0
        ? 'the file holds only the header row'
        : `its ${dataset.n} transaction(s) hold no item (every '${itemName}' is empty)`,
    );
  return {
    dataset,
    format: 'csv-long',
    warnings: state.warnings.summary(),
    ...(options.keepRowNames && { rowNames: rowNames() }),
  };
}
