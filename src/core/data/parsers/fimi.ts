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
  private readonly builder = new DatasetBuilder();
  private readonly warnings = new WarningLog();
  private idOfValue = new Int32Array(1024).fill(-1);
  private readonly idOfLargeValue = new Map<number, number>();
  private row = new Uint32Array(256);
  private rowLength = 0;
  private value = 0;
  private digits = 0;
  private line = 1;
  private lineStart = 0; // global byte offset where the current line starts
  private consumed = 0; // global byte offset of the next chunk
  private inComment = false;
  private bomChecked = false;

  constructor(private readonly options: ParseOptions) {}

  push(chunk: Uint8Array): void {
    let start = 0;
    if (!this.bomChecked && chunk.length > 0) {
      this.bomChecked = true;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) start = this.lineStart = 3;
    }
    const base = this.consumed;
    let value = this.value;
    let digits = this.digits;
    for (let i = start; i < chunk.length; i++) {
      const c = chunk[i];
      if (this.inComment) {
        if (c === LF) this.endLine(base + i);
        continue;
      }
      if (c >= DIGIT_0 && c <= DIGIT_9) {
        value = value * 10 + (c - DIGIT_0);
        if (++digits > MAX_DIGITS) this.fail(base + i, `item id longer than ${MAX_DIGITS} digits`);
      } else if (c === SPACE || c === TAB || c === CR) {
        if (digits > 0) {
          this.addItem(value);
          value = 0;
          digits = 0;
        }
      } else if (c === LF) {
        if (digits > 0) {
          this.addItem(value);
          value = 0;
          digits = 0;
        }
        this.endLine(base + i);
      } else if ((c === 35 || c === 37 || c === 64) && base + i === this.lineStart) {
        this.inComment = true; // '#', '%' or '@' in column 1
      } else {
        this.fail(base + i, `expected a non-negative integer item, found ${describeByte(chunk, i)}`);
      }
    }
    this.value = value;
    this.digits = digits;
    this.consumed += chunk.length;
  }

  finish(): ParseResult {
    if (this.digits > 0) this.addItem(this.value);
    if (this.consumed > this.lineStart && !this.inComment) this.addRow();
    return {
      dataset: this.builder.build(this.options.fileName, 'fimi', this.options.bitBudget),
      format: 'fimi',
      warnings: this.warnings.summary(),
    };
  }

  private endLine(newlineOffset: number): void {
    if (this.inComment) this.inComment = false;
    else this.addRow();
    this.line++;
    this.lineStart = newlineOffset + 1;
  }

  private addRow(): void {
    const repeats = this.builder.addRow(this.row, this.rowLength);
    if (repeats > 0) this.warnings.add(this.line, `${repeats} repeated item(s) kept once`);
    this.rowLength = 0;
  }

  private addItem(value: number): void {
    const id = value < DENSE_VALUE_LIMIT ? this.denseId(value) : this.largeId(value);
    if (this.rowLength === this.row.length) {
      const grown = new Uint32Array(this.row.length * 2);
      grown.set(this.row);
      this.row = grown;
    }
    this.row[this.rowLength++] = id;
  }

  private denseId(value: number): number {
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

  private largeId(value: number): number {
    let id = this.idOfLargeValue.get(value);
    if (id === undefined) {
      id = this.builder.dictionary.idOf(String(value));
      this.idOfLargeValue.set(value, id);
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
