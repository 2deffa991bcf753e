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
import { noTransactionError, ParseError, WarningLog } from './parseError.ts';
import { checkSignature, checkText, notTextAt } from './textGuard.ts';

const DIGIT_0 = 48;
const DIGIT_9 = 57;
const SPACE = 32;
const TAB = 9;
const CR = 13;
const LF = 10;
/** Item values below this map to ids through a flat table; larger ones through a Map. */
const DENSE_VALUE_LIMIT = 1 << 22;
const MAX_DIGITS = 15;
const POWERS_OF_TEN = Array.from({ length: MAX_DIGITS + 1 }, (_, i) => 10 ** i);

export class FimiParser {
  private readonly builder: DatasetBuilder;
  private readonly warnings = new WarningLog();
  private idOfValue = new Int32Array(1024).fill(-1);
  private readonly idOfLargeValue = new Map<number, number>();
  /** Ids of the open row written so far, in place in the builder's items (builder.rowStart on). */
  private written = 0;
  private value = 0;
  private digits = 0;
  private line = 1;
  private lineStart = 0; // global byte offset where the current line starts
  private consumed = 0; // global byte offset of the next chunk
  private inComment = false;
  private bomChecked = false;
  private crEnd = -2; // global offset of the last CR that ended a line
  private comments = 0;

  constructor(private readonly options: ParseOptions) {
    // An item takes at least two bytes (a digit and a separator); real files average four or more.
    this.builder = new DatasetBuilder(undefined, Math.ceil((options.sizeHint ?? 0) / 4));
  }

  push(chunk: Uint8Array): void {
    let start = 0;
    if (!this.bomChecked && chunk.length > 0) {
      this.bomChecked = true;
      checkSignature(chunk, this.options.fileName);
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) start = this.lineStart = 3;
    }
    const base = this.consumed;
    this.consumed += chunk.length;
    if (this.inComment) {
      start = this.skipComment(chunk, base, start);
      if (this.inComment) return;
    }
    // The hot loop works on locals; they go back to the fields whenever a method needs them.
    let value = this.value;
    let digits = this.digits;
    let table = this.idOfValue;
    const builder = this.builder;
    let row = builder.rowData;
    let pos = builder.rowStart + this.written;
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
        if (digits > 1 && value < POWERS_OF_TEN[digits - 1]) this.leadingZeros(value, digits);
        let id = value < table.length ? table[value] : -1;
        if (id < 0) {
          id = this.idOf(value);
          table = this.idOfValue;
        }
        if (pos === row.length) row = builder.rowRoom(pos - builder.rowStart, 1);
        row[pos++] = id;
        value = 0;
        digits = 0;
      }
      if (c === SPACE || c === TAB) continue;
      if (c === LF || c === CR) {
        // A line ends at LF, CR LF or a bare CR; the LF of a CR LF ends nothing more.
        if (c === LF && base + i === this.crEnd + 1) {
          this.lineStart = base + i + 1;
          continue;
        }
        if (c === CR) this.crEnd = base + i;
        this.written = pos - builder.rowStart;
        this.addRow();
        row = builder.rowData;
        pos = builder.rowStart;
        this.newLine(base + i);
      } else if ((c === 35 || c === 37 || c === 64) && base + i === this.lineStart) {
        // '#', '%' or '@' in column 1: a comment line, skipped up to its line end.
        this.comments++;
        this.inComment = true;
        i = this.skipComment(chunk, base, i) - 1;
        if (this.inComment) break;
      } else {
        this.failAtByte(chunk, i, base);
      }
    }
    this.value = value;
    this.digits = digits;
    this.written = pos - builder.rowStart;
  }

  finish(): ParseResult {
    if (this.digits > 0) {
      if (this.digits > MAX_DIGITS)
        this.fail(this.consumed - this.digits, `item id longer than ${MAX_DIGITS} digits`);
      if (this.digits > 1 && this.value < POWERS_OF_TEN[this.digits - 1])
        this.leadingZeros(this.value, this.digits);
      const id = this.idOf(this.value);
      this.builder.rowRoom(this.written, 1)[this.builder.rowStart + this.written++] = id;
    }
    if (this.consumed > this.lineStart && !this.inComment) this.addRow();
    const dataset = this.builder.build(this.options.fileName, 'fimi', this.options.bitBudget);
    if (dataset.d === 0) {
      const found =
        this.consumed === 0
          ? 'the file is empty (0 bytes)'
          : dataset.n === 0
            ? `the file holds only ${this.comments} comment line(s) (# % @)`
            : `its ${dataset.n} line(s) hold no item`;
      throw noTransactionError(this.options.fileName, found);
    }
    return { dataset, format: 'fimi', warnings: this.warnings.summary() };
  }

  /**
   * Skips a comment from byte `from` of `chunk` to its line end (CR or LF), checking that what it
   * holds is text; returns where reading goes on (chunk.length when the comment goes on).
   */
  private skipComment(chunk: Uint8Array, base: number, from: number): number {
    let end = from;
    while (end < chunk.length && chunk[end] !== LF && chunk[end] !== CR) end++;
    const column = base + from - this.lineStart + 1;
    checkText(chunk.subarray(from, end), this.options.fileName, this.line, column);
    if (end === chunk.length) return end;
    this.inComment = false;
    if (chunk[end] === CR) this.crEnd = base + end;
    this.newLine(base + end);
    return end + 1;
  }

  /** `007` is the item 7 (FIMI items are numbers): kept, and said. */
  private leadingZeros(value: number, digits: number): void {
    this.warnings.add(
      this.line,
      `item ${'0'.repeat(digits - String(value).length)}${value} read as ${value}`,
    );
  }

  /** The error for a byte no FIMI line may hold: not text at all, or text that is no item. */
  private failAtByte(chunk: Uint8Array, i: number, base: number): never {
    const column = base + i - this.lineStart + 1;
    const notText = notTextAt(chunk, i, this.options.fileName, this.line, column);
    if (notText) throw notText;
    this.fail(base + i, `expected a non-negative integer item, found ${describeByte(chunk, i)}`);
  }

  private newLine(newlineOffset: number): void {
    this.line++;
    this.lineStart = newlineOffset + 1;
  }

  private addRow(): void {
    const repeats = this.builder.endRow(this.written);
    if (repeats > 0) this.warnings.add(this.line, `${repeats} repeated item(s) kept once`);
    this.written = 0;
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
