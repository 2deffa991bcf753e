/**
 * csv-basket parser (DESIGN.md sec. 2): one transaction per line, items separated by a delimiter
 * (comma by default), CSV quoting honoured (papaparse), optional header row. Choices written down:
 * items are trimmed of surrounding blanks; an empty field (as in `a,,b`) is no item and is reported
 * as a warning; an empty line is an empty transaction, a final newline is not one; a repeated item is
 * kept once and reported.
 */
import { DatasetBuilder } from '../datasetBuilder.ts';
import { forEachCsvRow, type CsvRow } from './csvRows.ts';
import { noTransactionError, WarningLog } from './parseError.ts';
import type { PieceReader } from './textPieces.ts';
import type { ParseOptions, ParseResult } from './types.ts';

/** What a csv-basket parse has read so far (the byte tokenizer hands it on to the text path). */
export interface BasketState {
  builder: DatasetBuilder;
  warnings: WarningLog;
  skipHeader: boolean;
  /** No byte of the file read yet. */
  empty: boolean;
}

export function basketState(options: ParseOptions): BasketState {
  const builder = new DatasetBuilder(undefined, Math.ceil((options.sizeHint ?? 0) / 4));
  return { builder, warnings: new WarningLog(), skipHeader: options.header ?? false, empty: true };
}

/** The csv-basket parser, fed the file's text piece by piece (textPieces.ts), from `state` on. */
export function csvBasketReader(options: ParseOptions, state = basketState(options)): PieceReader {
  const { builder, warnings } = state;
  const delimiter = options.delimiter ?? ',';
  const visit = (row: CsvRow) => {
    if (state.skipHeader) {
      state.skipHeader = false;
      return;
    }
    const tokens: string[] = [];
    const isEmptyLine = row.fields.length === 1 && row.fields[0].trim() === '';
    if (!isEmptyLine) {
      for (const field of row.fields) {
        const token = field.trim();
        if (token === '') warnings.add(row.line, 'empty item ignored');
        else tokens.push(token);
      }
    }
    const repeats = builder.addTokens(tokens);
    if (repeats > 0) warnings.add(row.line, `${repeats} repeated item(s) kept once`);
  };
  return {
    piece(text, firstLine) {
      if (text !== '') state.empty = false;
      forEachCsvRow(text, options.fileName, delimiter, visit, firstLine);
    },
    finish: () => finishBasket(options, state),
  };
}

/** The dataset of a csv-basket parse, or its error when no line holds an item. */
export function finishBasket(options: ParseOptions, state: BasketState): ParseResult {
  const dataset = state.builder.build(options.fileName, 'csv-basket', options.bitBudget);
  if (dataset.d === 0)
    throw noTransactionError(
      options.fileName,
      state.empty
        ? 'the file is empty (0 bytes)'
        : dataset.n === 0
          ? 'the file holds only the header row'
          : `its ${dataset.n} line(s) hold no item`,
    );
  return { dataset, format: 'csv-basket', warnings: state.warnings.summary() };
}
