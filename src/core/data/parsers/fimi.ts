/**
 * FIMI / SPMF `.dat` parser (DESIGN.md sec. 2), streaming over bytes: one transaction per line,
 * items as non-negative integers separated by spaces or tabs; lines starting with `#`, `%` or `@`
 * are comments; a repeated item in a line is kept once and reported as a warning; an empty line
 * inside the file is an empty transaction, a final newline is not one. The token of an item is its
 * decimal value, so `007` and `7` are the same item. Anything else is a ParseError that names the
 * line and column and suggests `csv-basket` for named items.
 */
import { DatasetBuilder } from '../datasetBuilder.ts';
import type { ParseOptions, ParseResult } from './types.ts';
import { ParseError, WarningLog } from './parseError.ts';

const DIGIT_0 = 48;
const DIGIT_9 = 57;
const SPACE = 32;
const TAB = 9;
const CR = 13;
const LF = 10;
/** Item values below this map to ids through a flat table; larger ones through a Map. */
const DENSE_VALUE_LIMIT = 1 << 22;
const MAX_DIGITS = 15;

export class FimiParser {
  private readonly builder: DatasetBuilder;
  private readonly warnings = new WarningLog();
  private idOfValue = new Int32Array(1024).fill(-1);
  private readonly idOfLargeValue = new Map<number, number>();
  private row: Uint32Array = new Uint32Array(256);
  private rowLength = 0;
  private value = 0;
  private digits = 0;
  private line = 1;
  private lineStart = 0; // global byte offset where the current line starts
  private consumed = 0; // global byte offset of the next chunk
  private inComment = false;
  private bomChecked = false;

  constructor(private readonly options: ParseOptions) {
    // An item takes at least two bytes (a digit and a separator); real files average four or more.
    this.builder = new DatasetBuilder(undefined, Math.ceil((options.sizeHint ?? 0) / 4));
  }

  push(chunk: Uint8Array): void {
    let start = 0;
    if (!this.bomChecked && chunk.length > 0) {
      this.bomChecked = true;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) start = this.lineStart = 3;
    }
    const base = this.consumed;
    this.consumed += chunk.length;
    if (this.inComment) {
      const newline = chunk.indexOf(LF, start);
      if (newline < 0) return;
      this.inComment = false;
      this.newLine(base + newline);
      start = newline + 1;
    }
    // The hot loop works on locals; they go back to the fields whenever a method needs them.
    let value = this.value;
    let digits = this.digits;
    let table = this.idOfValue;
    let row = this.row;
    let rowLength = this.rowLength;
    for (let i = start; i < chunk.length; i++) {
      const c = chunk[i];
      if (c >= DIGIT_0 && c <= DIGIT_9) {
        value = value * 10 + (c - DIGIT_0);
        digits++;
        continue;
      }
      if (digits > 0) {
        // End of a number: map its value to an item id (flat table fast path) and append it.
        if (digits > MAX_DIGITS) this.fail(base + i - digits, `item id longer than ${MAX_DIGITS} digits`);
        let id = value < table.length ? table[value] : -1;
        if (id < 0) {
          id = this.idOf(value);
          table = this.idOfValue;
        }
        if (rowLength === row.length) row = this.growRow();
        row[rowLength++] = id;
        value = 0;
        digits = 0;
      }
      if (c === SPACE || c === TAB || c === CR) continue;
      if (c === LF) {
        this.rowLength = rowLength;
        this.addRow();
        rowLength = 0;
        this.newLine(base + i);
      } else if ((c === 35 || c === 37 || c === 64) && base + i === this.lineStart) {
        // '#', '%' or '@' in column 1: a comment line, skipped up to its newline.
        const newline = chunk.indexOf(LF, i);
        if (newline < 0) {
          this.inComment = true;
          break;
        }
        this.newLine(base + newline);
        i = newline;
      } else {
        this.fail(base + i, `expected a non-negative integer item, found ${describeByte(chunk, i)}`);
      }
    }
    this.value = value;
    this.digits = digits;
    this.rowLength = rowLength;
  }

  finish(): ParseResult {
    if (this.digits > 0) {
      if (this.digits > MAX_DIGITS)
        this.fail(this.consumed - this.digits, `item id longer than ${MAX_DIGITS} digits`);
      if (this.rowLength === this.row.length) this.growRow();
      this.row[this.rowLength++] = this.idOf(this.value);
    }
    if (this.consumed > this.lineStart && !this.inComment) this.addRow();
    return {
      dataset: this.builder.build(this.options.fileName, 'fimi', this.options.bitBudget),
      format: 'fimi',
      warnings: this.warnings.summary(),
    };
  }

  private newLine(newlineOffset: number): void {
    this.line++;
    this.lineStart = newlineOffset + 1;
  }

  private addRow(): void {
    const repeats = this.builder.addRow(this.row, this.rowLength);
    if (repeats > 0) this.warnings.add(this.line, `${repeats} repeated item(s) kept once`);
    this.rowLength = 0;
  }

  private growRow(): Uint32Array {
    const grown = new Uint32Array(this.row.length * 2);
    grown.set(this.row);
    return (this.row = grown);
  }

  /** The id of an item value, assigning the next id to a new value (the slow path). */
  private idOf(value: number): number {
    if (value >= DENSE_VALUE_LIMIT) {
      let id = this.idOfLargeValue.get(value);
      if (id === undefined) {
        id = this.builder.dictionary.idOf(String(value));
        this.idOfLargeValue.set(value, id);
      }
      return id;
    }
    if (value >= this.idOfValue.length) {
      let size = this.idOfValue.length * 2;
      while (size <= value) size *= 2;
      const grown = new Int32Array(size).fill(-1);
      grown.set(this.idOfValue);
      this.idOfValue = grown;
    }
    let id = this.idOfValue[value];
    if (id < 0) {
      id = this.builder.dictionary.idOf(String(value));
      this.idOfValue[value] = id;
    }
    return id;
  }

  private fail(offset: number, reason: string): never {
    const hint = reason.startsWith('expected') ? ' (items that are names need format csv-basket)' : '';
    throw new ParseError(this.options.fileName, this.line, offset - this.lineStart + 1, reason + hint);
  }
}

/** Quotes the character that starts at byte i, decoding UTF-8 so that letters print as letters. */
function describeByte(chunk: Uint8Array, i: number): string {
  const char = new TextDecoder().decode(chunk.subarray(i, Math.min(chunk.length, i + 4))).charAt(0);
  return char.trim() === '' ? `character code ${chunk[i]}` : `'${char}'`;
}
