/**
 * The parse error of a columnar file (Parquet, Arrow IPC): a ParseError (so every front end treats
 * it as the user's file at fault) whose message names the file, the row group (Parquet) or record
 * batch (Arrow), the column and, where one is known, the row (counted from 1 over the whole file):
 * `f.parquet: row group 2 of 9, column 'items', row 130001: what`. Its `line` is that row (0 when
 * none is known) and its `column` the column's position in the file (from 1).
 */
import { ParseError } from '../parsers/parseError.ts';

export interface ColumnarPlace {
  /** `row group 2 of 9`, `record batch 1 of 3`, or nothing for the file's schema. */
  part?: string;
  /** The column's name and position (from 1). */
  column?: { name: string; index: number };
  /** The row, counted from 1 over the whole file. */
  row?: number;
}

export class ColumnarError extends ParseError {
  constructor(file: string, place: ColumnarPlace, reason: string) {
    super(file, place.row ?? 0, place.column?.index ?? 0, reason);
    const where = [
      place.part,
      place.column && `column '${place.column.name}'`,
      place.row !== undefined && `row ${place.row}`,
    ].filter(Boolean);
    this.message = `${file}: ${where.length > 0 ? `${where.join(', ')}: ` : ''}${reason}`;
  }
}
