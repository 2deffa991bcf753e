/**
 * Is the input a text file at all? A program, an image, an archive or a spreadsheet dropped by
 * mistake must be refused with what was found where, never read as transactions of odd bytes.
 * Three checks, in the order they can fire: the file's first bytes against known binary
 * signatures (ELF, PE, ZIP, PNG, gzip, PDF, OLE, SQLite, UTF-16 byte-order marks); a NUL or other
 * control byte (tab, line feed, vertical tab, form feed and carriage return are text); a byte
 * sequence that is not UTF-8. Positions are 1-based lines (ended by LF, CR LF or a bare CR) and
 * columns counted in characters, as the parsers count them.
 */
import { ParseError } from './parseError.ts';

interface Signature {
  bytes: readonly number[];
  what: string;
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

const SIGNATURES: readonly Signature[] = [
  { bytes: [0x7f, ...ascii('ELF')], what: 'it starts as an ELF program does' },
  { bytes: [...ascii('PK'), 0x03, 0x04], what: 'it starts as a ZIP archive does (also .xlsx, .docx, .jar)' },
  { bytes: [0x89, ...ascii('PNG')], what: 'it starts as a PNG image does' },
  { bytes: [0xff, 0xd8, 0xff], what: 'it starts as a JPEG image does' },
  { bytes: [0x1f, 0x8b], what: 'it starts as a gzip file does: decompress it first' },
  { bytes: ascii('%PDF-'), what: 'it starts as a PDF document does' },
  {
    bytes: [0xd0, 0xcf, 0x11, 0xe0],
    what: 'it starts as an old Office file does (.xls, .doc): save it as CSV',
  },
  { bytes: ascii('SQLite format 3'), what: 'it starts as an SQLite database does' },
  { bytes: [0xff, 0xfe], what: 'it is UTF-16 text: save it as UTF-8' },
  { bytes: [0xfe, 0xff], what: 'it is UTF-16 text: save it as UTF-8' },
  { bytes: ascii('PAR1'), what: 'it is a Parquet file: read it with --format parquet' },
  { bytes: ascii('ARROW1'), what: 'it is an Arrow IPC file: read it with --format arrow' },
  { bytes: ascii('MZ'), what: 'it starts as a Windows program does' },
];

/** The binary signature `head` starts with, if any. `MZ` counts only when followed by binary bytes. */
export function binarySignature(head: Uint8Array): string | null {
  for (const { bytes, what } of SIGNATURES) {
    if (head.length < bytes.length || !bytes.every((b, i) => head[i] === b)) continue;
    if (bytes.length === 2 && bytes[0] === 0x4d && !head.subarray(0, 64).includes(0)) continue;
    return what;
  }
  return null;
}

const hex = (byte: number) => `0x${byte.toString(16).padStart(2, '0')}`;

/** Whether a byte below 0x80 may stand in text: printable, tab, LF, VT, FF, CR. */
function isTextAscii(byte: number): boolean {
  return (byte >= 0x20 && byte !== 0x7f) || (byte >= 0x09 && byte <= 0x0d);
}

/**
 * Checks bytes as they stream in; throws a ParseError at the first byte that cannot be text.
 * `check(chunk)` for every chunk in order, then `end()`.
 */
export class TextGuard {
  private column: number; // characters of the current line seen so far
  private previous = 0; // the byte before, to tell CR LF from a bare CR
  private pending = 0; // continuation bytes still expected by the current UTF-8 sequence
  private lower = 0x80; // range of the next continuation byte (overlongs, surrogates, > U+10FFFF)
  private upper = 0xbf;
  private lead = 0; // the first byte of the current UTF-8 sequence
  private offset = 0;

  /** `line` and `column` (1-based) where the first byte checked stands. */
  constructor(
    private readonly fileName: string,
    private line = 1,
    column = 1,
  ) {
    this.column = column - 1;
  }

  check(chunk: Uint8Array): void {
    if (this.offset === 0 && this.line === 1 && this.column === 0) checkSignature(chunk, this.fileName);
    let { line, column, previous, pending, lower, upper, lead } = this;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (pending > 0) {
        // The character that breaks off is named by its first byte (Latin-1 é is 0xe9).
        if (byte < lower || byte > upper) this.notUtf8(lead, line, column);
        pending--;
        lower = 0x80;
        upper = 0xbf;
        previous = byte;
        continue;
      }
      if (byte < 0x80) {
        if (byte === 0x0a) {
          if (previous !== 0x0d) line++;
          column = 0;
        } else if (byte === 0x0d) {
          line++;
          column = 0;
        } else if (!isTextAscii(byte)) {
          this.fail(
            byte,
            line,
            column + 1,
            byte === 0
              ? 'a NUL byte: this is not a text file'
              : 'a control character: this is not a text file',
          );
        } else column++;
        previous = byte;
        continue;
      }
      column++;
      previous = byte;
      lead = byte;
      if (byte >= 0xc2 && byte <= 0xdf) pending = 1;
      else if (byte >= 0xe0 && byte <= 0xef) {
        pending = 2;
        if (byte === 0xe0) lower = 0xa0;
        if (byte === 0xed) upper = 0x9f;
      } else if (byte >= 0xf0 && byte <= 0xf4) {
        pending = 3;
        if (byte === 0xf0) lower = 0x90;
        if (byte === 0xf4) upper = 0x8f;
      } else this.notUtf8(byte, line, column);
    }
    Object.assign(this, { line, column, previous, pending, lower, upper, lead });
    this.offset += chunk.length;
  }

  /** The file ended: a UTF-8 sequence cut short is not text either. */
  end(): void {
    if (this.pending > 0)
      this.fail(this.previous, this.line, this.column, 'the file ends inside a UTF-8 character');
  }

  private notUtf8(byte: number, line: number, column: number): never {
    return this.fail(byte, line, Math.max(1, column), NOT_UTF8);
  }

  private fail(byte: number, line: number, column: number, what: string): never {
    throw notTextError(this.fileName, byte, line, column, what);
  }
}

const NOT_UTF8 = 'not UTF-8: save the file as UTF-8 text (it may be in another encoding, or not a text file)';

function notTextError(fileName: string, byte: number, line: number, column: number, what: string) {
  return new ParseError(
    fileName,
    line,
    column,
    `byte ${hex(byte)} at line ${line}, column ${column}: ${what}`,
  );
}

/** Refuses a file whose first bytes are a known binary signature. */
export function checkSignature(head: Uint8Array, fileName: string): void {
  const signature = binarySignature(head);
  if (signature) throw notTextError(fileName, head[0], 1, 1, `this is not a text file (${signature})`);
}

/** Checks bytes that start at `line`, `column` (a FIMI comment line, a test's input). */
export function checkText(bytes: Uint8Array, fileName: string, line = 1, column = 1): void {
  const guard = new TextGuard(fileName, line, column);
  guard.check(bytes);
  guard.end();
}

/**
 * Why byte `i` of `bytes` (at `line`, `column`) cannot be text, as a ParseError, or null when it
 * starts a well-formed UTF-8 character (then it is text, just not what a parser expected there).
 */
export function notTextAt(
  bytes: Uint8Array,
  i: number,
  fileName: string,
  line: number,
  column: number,
): ParseError | null {
  try {
    const lead = bytes[i];
    const length = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
    checkText(bytes.subarray(i, Math.min(bytes.length, i + length)), fileName, line, column);
    return null;
  } catch (error) {
    return error as ParseError;
  }
}
