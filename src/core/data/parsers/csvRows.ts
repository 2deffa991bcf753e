/**
 * Walks the rows of a CSV text with papaparse (quoting honoured), telling each row's 1-based line
 * and its start offset, and turning papaparse's quote errors into a ParseError at the opening quote.
 * The text may be a piece of a larger file (textPieces.ts) that starts on line `textLine`.
 * Shared by the csv-basket, csv-long and relational parsers.
 */
import Papa from 'papaparse';
import { lineColumnAt, ParseError } from './parseError.ts';

export interface CsvRow {
  fields: string[];
  /** 1-based line on which the row starts. */
  line: number;
  /** Character offset in the text where the row starts. */
  start: number;
  /** 1-based line of the file on which the text starts (a piece of a large file, textPieces.ts). */
  textLine: number;
}

export function forEachCsvRow(
  text: string,
  fileName: string,
  delimiter: string,
  visit: (row: CsvRow) => void,
  textLine = 1,
): void {
  let line = textLine;
  let start = 0;
  let failure: ParseError | null = null;
  Papa.parse<string[]>(text, {
    delimiter,
    newline: '\n', // index.ts turned every line end into LF
    skipEmptyLines: false,
    step: (result, parser) => {
      const quoteError = result.errors.find((e) => e.type === 'Quotes');
      if (quoteError) {
        const at = lineColumnAt(text, Math.max(0, (quoteError.index ?? start + 1) - 1));
        failure = new ParseError(
          fileName,
          at.line + textLine - 1,
          at.column,
          `unterminated quote: the quoted field that opens here never closes`,
        );
        parser.abort();
        return;
      }
      const end = result.meta.cursor;
      const isFinalNewline = start >= text.length && result.data.length === 1 && result.data[0] === '';
      if (!isFinalNewline) visit({ fields: result.data, line, start, textLine });
      line += countNewlines(text, start, end);
      start = end;
    },
  });
  if (failure) throw failure;
}

/** A piece reader's `piece` (textPieces.ts): the rows of each piece, each with the piece's text. */
export function csvPieces(
  fileName: string,
  delimiter: string,
  visit: (row: CsvRow, text: string) => void,
): (text: string, firstLine: number) => void {
  return (text, firstLine) => forEachCsvRow(text, fileName, delimiter, (row) => visit(row, text), firstLine);
}

/** Character offset at which field `index` of the row starting at `rowStart` begins. */
export function fieldOffset(text: string, rowStart: number, index: number, delimiter: string): number {
  let field = 0;
  let quoted = false;
  for (let i = rowStart; i < text.length; i++) {
    if (field === index) return i;
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === delimiter) field++;
    else if (!quoted && c === '\n') break;
  }
  return rowStart;
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) count++;
  return count;
}

/** A ParseError at field `fieldIndex` of `row`. */
export function fieldError(
  text: string,
  fileName: string,
  row: CsvRow,
  fieldIndex: number,
  delimiter: string,
  reason: string,
): ParseError {
  const at = lineColumnAt(text, fieldOffset(text, row.start, fieldIndex, delimiter));
  return new ParseError(fileName, at.line + row.textLine - 1, at.column, reason);
}
