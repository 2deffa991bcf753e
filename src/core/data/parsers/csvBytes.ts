/**
 * The byte tokenizer of CSV baskets and tid,item (issue 46): rows and fields found in the file's
 * bytes as they stream in, never decoded to one string. A row is a line ended by LF, CR LF or a
 * bare CR, its fields split at a one-byte delimiter; a field that starts with a quote is quoted
 * (RFC 4180: a doubled quote inside is a quote, the field may hold line ends, and it ends at a
 * quote followed by the delimiter, a line end or the file's end), read as papaparse reads it, so
 * that the fields are the same as the text path's (textStream.ts). A byte-order mark at the start
 * is dropped (two, as the text path's decoder and TextPieces each drop one). Each row is handed
 * to a `RowSink` with its fields as byte ranges (a quoted field with doubled quotes is copied,
 * unescaped, into `escaped`).
 *
 * What this pass leaves to papaparse, from the row where it first appears to the file's end
 * (`handOn`): a quote that closes before anything but the delimiter or a line end (papaparse
 * reports it, after blanks reads on), a quote never closed, a CR inside a quoted field (the text
 * path turns it into LF), and whatever the sink refuses (a row it cannot read: its error is the
 * text path's). Bytes that cannot be text (a control byte; on a row with bytes past 0x7f, not
 * UTF-8) are refused here with TextGuard's own error, at the same line and column.
 */
import { FNV_OFFSET, FNV_PRIME, NOT_SCANNED } from './itemBytes.ts';
import { checkText } from './textGuard.ts';

const LF = 10;
const CR = 13;
const QUOTE = 34;
/** Scan results besides a row's end: the row runs past the bytes at hand; or it is papaparse's to read. */
const MORE = -1;
const HAND_ON = -2;

/** Where a row's fields stand; valid during `RowSink.row`. */
export class RowFields {
  count = 0;
  starts: Int32Array = new Int32Array(64);
  ends: Int32Array = new Int32Array(64);
  /** 1 when the field's bytes are in `escaped` (a quoted field with doubled quotes), else in the row's buffer. */
  inEscaped = new Uint8Array(64);
  /**
   * Of an unquoted field, read in the same scan (issue 46: one pass per field): the FNV-1a hash of
   * all its bytes, and its decimal value when every byte is a digit (else -1); NOT_SCANNED for a
   * quoted field (itemBytes.ts TokenBytes.idOfScanned reads those itself).
   */
  hashes: Int32Array = new Int32Array(64);
  values: Float64Array = new Float64Array(64);
  escaped = new Uint8Array(256);
  escapedLength = 0;
  /** 1-based line on which the row starts. */
  line = 1;

  add(start: number, end: number, inEscaped: number, hash: number, value: number): void {
    if (this.count === this.starts.length) {
      this.starts = grown(this.starts);
      this.ends = grown(this.ends);
      this.hashes = grown(this.hashes);
      this.values = grown(this.values);
      this.inEscaped = grown(this.inEscaped);
    }
    this.starts[this.count] = start;
    this.ends[this.count] = end;
    this.hashes[this.count] = hash;
    this.values[this.count] = value;
    this.inEscaped[this.count++] = inEscaped;
  }

  /** Copies a quoted field's content from `buf`, each doubled quote as one; returns its range in `escaped`. */
  unescape(buf: Uint8Array, from: number, to: number): number {
    if (this.escapedLength + (to - from) > this.escaped.length) {
      const bigger = new Uint8Array((this.escapedLength + (to - from)) * 2);
      bigger.set(this.escaped.subarray(0, this.escapedLength));
      this.escaped = bigger;
    }
    const start = this.escapedLength;
    let k = start;
    for (let i = from; i < to; i++) {
      this.escaped[k++] = buf[i];
      if (buf[i] === QUOTE) i++;
    }
    this.escapedLength = k;
    return start;
  }
}

function grown<T extends Int32Array | Float64Array | Uint8Array>(a: T): T {
  const b = new (a.constructor as new (length: number) => T)(a.length * 2);
  b.set(a);
  return b;
}

/** What reads the rows: false when the row is for the text path to read (then nothing of it was kept). */
export interface RowSink {
  row(buf: Uint8Array, fields: RowFields): boolean;
}

/** Where the bytes go once the tokenizer hands on: the text path from `line` (1-based), `column`. */
export type HandOn = (line: number, column: number) => { push(chunk: Uint8Array): void };

export class CsvBytes {
  private readonly fields = new RowFields();
  private carry: Uint8Array | null = null;
  private line = 1;
  private bomChars = 0;
  private atStart = true;
  private rest: { push(chunk: Uint8Array): void } | null = null;
  /** Of the row scanned last: the line ends it holds and ends with; whether it has a byte past ASCII or a control byte. */
  private rowLines = 0;
  private rowOdd = false;

  constructor(
    private readonly fileName: string,
    private readonly delimiter: number,
    private readonly sink: RowSink,
    private readonly handOn: HandOn,
  ) {}

  /** True once the rest of the file goes through the text path. */
  get handedOn(): boolean {
    return this.rest !== null;
  }

  push(chunk: Uint8Array): void {
    if (this.rest) return this.rest.push(chunk);
    let p = 0;
    if (this.atStart) {
      if (chunk.length < 6 && (this.carry?.length ?? 0) + chunk.length < 6) {
        this.carry = concat(this.carry, chunk);
        return;
      }
      chunk = concat(this.carry, chunk);
      this.carry = null;
      this.atStart = false;
      p = this.skipBoms(chunk);
    }
    if (this.carry) {
      p = this.joinCarry(chunk);
      if (p < 0) return;
    }
    this.rows(chunk, p, false);
  }

  /** The bytes ended: the last row (a final line end ends no row). */
  end(): void {
    if (this.rest) return;
    const buf = this.carry ?? new Uint8Array(0);
    this.carry = null;
    let p = 0;
    if (this.atStart) {
      this.atStart = false;
      p = this.skipBoms(buf);
    }
    this.rows(buf, p, true);
  }

  /** Drops the byte-order marks at the file's start (the decoder's one and TextPieces' one). */
  private skipBoms(buf: Uint8Array): number {
    let p = 0;
    while (this.bomChars < 2 && buf[p] === 0xef && buf[p + 1] === 0xbb && buf[p + 2] === 0xbf) {
      p += 3;
      this.bomChars++;
    }
    return p;
  }

  /** Finishes the row begun in the carry with the chunk's first line(s); where the chunk's next row starts, or -1. */
  private joinCarry(chunk: Uint8Array): number {
    const carry = this.carry!;
    let k = 0;
    for (;;) {
      const lf = chunk.indexOf(LF, k);
      k = lf < 0 ? chunk.length : lf + 1;
      const joined = concat(carry, chunk.subarray(0, k));
      const next = this.scanRow(joined, 0, false);
      if (next === HAND_ON) {
        this.handOnAt(concat(carry, chunk), 0);
        return -1;
      }
      if (next >= 0) {
        if (!this.deliver(joined, 0, next)) {
          this.handOnAt(concat(carry, chunk), 0);
          return -1;
        }
        this.carry = null;
        return next - carry.length;
      }
      if (k === chunk.length) {
        this.carry = concat(carry, chunk);
        return -1;
      }
    }
  }

  private rows(buf: Uint8Array, from: number, final: boolean): void {
    let p = from;
    while (p < buf.length) {
      const next = this.scanRow(buf, p, final);
      if (next === MORE) {
        this.carry = buf.slice(p);
        return;
      }
      if (next === HAND_ON || !this.deliver(buf, p, next)) {
        this.handOnAt(buf, p);
        return;
      }
      p = next;
    }
  }

  /** Hands the row found in buf[start, next) to the sink, after the text checks; false when refused. */
  private deliver(buf: Uint8Array, start: number, next: number): boolean {
    this.fields.line = this.line;
    if (this.rowOdd) this.checkText(buf, start, next);
    if (!this.sink.row(buf, this.fields)) return false;
    this.line += this.rowLines;
    return true;
  }

  /** TextGuard's error for the row's bytes, if they are not text (the same line and column). */
  private checkText(buf: Uint8Array, start: number, next: number): void {
    const column = this.line === 1 ? 1 + this.bomChars : 1;
    checkText(buf.subarray(start, next), this.fileName, this.line, column);
  }

  private handOnAt(buf: Uint8Array, start: number): void {
    this.rest = this.handOn(this.line, this.line === 1 ? 1 + this.bomChars : 1);
    this.rest.push(buf.subarray(start));
  }

  /**
   * Finds the row starting at buf[p]: fills `fields` and returns where the next row starts, or
   * MORE (the bytes end first and more may come), or HAND_ON (papaparse's to read).
   */
  private scanRow(buf: Uint8Array, p: number, final: boolean): number {
    const fields = this.fields;
    const delimiter = this.delimiter;
    const n = buf.length;
    fields.count = 0;
    fields.escapedLength = 0;
    let lines = 0;
    let odd = false;
    let i = p;
    for (;;) {
      let start = i;
      let end: number;
      if (i < n && buf[i] === QUOTE) {
        // A quoted field: up to a quote followed by the delimiter, a line end or the end of the file.
        let doubled = false;
        let j = i + 1;
        for (;;) {
          while (j < n) {
            const c = buf[j];
            if (c === QUOTE || c === CR) break;
            if (c < 32 || c >= 127) {
              if (c === LF) lines++;
              else if (c !== 9) odd = true;
            }
            j++;
          }
          if (j === n) return final ? HAND_ON : MORE;
          if (buf[j] === CR) return HAND_ON;
          if (j + 1 === n) {
            if (!final) return MORE;
            break;
          }
          const after = buf[j + 1];
          if (after === QUOTE) {
            doubled = true;
            j += 2;
            continue;
          }
          if (after === delimiter || after === LF || after === CR) break;
          return HAND_ON;
        }
        if (doubled) {
          start = fields.unescape(buf, i + 1, j);
          fields.add(start, start + (fields.escapedLength - start), 1, 0, NOT_SCANNED);
        } else fields.add(i + 1, j, 0, 0, NOT_SCANNED);
        i = j + 1;
        end = i;
      } else {
        // The field's hash and decimal value ride in the scan that finds its end.
        let hash = FNV_OFFSET;
        let value = 0;
        while (i < n) {
          const c = buf[i];
          if (c === delimiter) break;
          if (c < 32 || c >= 127) {
            if (c === LF || c === CR) break;
            if (c !== 9) odd = true;
          }
          hash = Math.imul(hash ^ c, FNV_PRIME);
          value = c >= 48 && c <= 57 && value >= 0 ? value * 10 + (c - 48) : -1;
          i++;
        }
        end = i;
        fields.add(start, end, 0, hash, value);
      }
      if (end === n) {
        if (!final) return MORE;
        this.rowLines = lines;
        this.rowOdd = odd;
        return n;
      }
      const c = buf[end];
      if (c === delimiter) {
        i = end + 1;
        if (i === n && !final) return MORE;
        continue;
      }
      this.rowLines = lines + 1;
      this.rowOdd = odd;
      if (c === LF) return end + 1;
      // CR: a CR LF or a bare CR; which one is known from the next byte.
      if (end + 1 < n) return buf[end + 1] === LF ? end + 2 : end + 1;
      return final ? n : MORE;
    }
  }
}

function concat(a: Uint8Array | null, b: Uint8Array): Uint8Array {
  if (a === null || a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}
