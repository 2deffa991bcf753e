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
import type { ParseOptions } from './types.ts';
import { exportLayoutOf } from '../exportLayout.ts';

/** The csv-long parser, fed the file's text piece by piece (textPieces.ts). */
export function csvLongReader(options: ParseOptions): PieceReader {
  const delimiter = options.delimiter ?? ',';
  const tidName = options.tidColumn ?? 'tid';
  const itemName = options.itemColumn ?? 'item';
  const builder = new DatasetBuilder();
  const warnings = new WarningLog();
  const rowsOfTid = new Map<string, Set<string>>();
  let tidIndex = -1;
  let itemIndex = -1;
  let width = 0;
  let headerWidth = 0;
  const visit = (row: CsvRow, text: string) => {
    if (tidIndex < 0) {
      const names = row.fields.map((f) => f.trim());
      tidIndex = names.indexOf(tidName);
      itemIndex = names.indexOf(itemName);
      width = Math.max(tidIndex, itemIndex) + 1;
      headerWidth = names.length;
      if (tidIndex < 0 || itemIndex < 0) {
        throw new ParseError(
          options.fileName,
          row.line,
          1,
          `expected a header with columns '${tidName}' and '${itemName}', found ${names.map((n) => `'${n}'`).join(', ')}`,
        );
      }
      const others = names.filter((_, i) => i !== tidIndex && i !== itemIndex);
      // A recognised export's other columns (its groups, buckets, columns) are read by Check.
      if (others.length > 0 && exportLayoutOf(names) === null)
        warnings.add(
          row.line,
          `column${others.length > 1 ? 's' : ''} ${others.map((n) => `'${n}'`).join(', ')} not read (a csv-long file is read as its '${tidName}' and '${itemName}' columns)`,
        );
      return;
    }
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
      warnings.add(
        row.line,
        `${row.fields.length} fields, more than the header's ${headerWidth}: the last ${row.fields.length - headerWidth} not read`,
      );
    const tid = row.fields[tidIndex].trim();
    const item = row.fields[itemIndex].trim();
    let items = rowsOfTid.get(tid);
    if (!items) rowsOfTid.set(tid, (items = new Set()));
    if (item === '') return;
    builder.dictionary.idOf(item);
    if (items.has(item)) warnings.add(row.line, `item ${item} repeats in transaction ${tid} (kept once)`);
    items.add(item);
  };
  return {
    piece: csvPieces(options.fileName, delimiter, visit),
    finish() {
      if (tidIndex < 0)
        throw new ParseError(
          options.fileName,
          1,
          1,
          `expected a header with columns '${tidName}' and '${itemName}', found an empty file`,
        );
      for (const items of rowsOfTid.values()) builder.addTokens([...items]);
      const dataset = builder.build(options.fileName, 'csv-long', options.bitBudget);
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
        warnings: warnings.summary(),
        ...(options.keepRowNames && { rowNames: [...rowsOfTid.keys()] }),
      };
    },
  };
}
