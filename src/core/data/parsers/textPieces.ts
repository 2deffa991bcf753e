/**
 * Streamed text cut into pieces that each end at a line end, so that no format is ever held as one
 * string (a JavaScript string stops near 2^29 characters; a 1 GB CSV file must still load). The
 * text comes decoded, chunk by chunk; every line end (CR LF, a bare CR) is turned into LF on the
 * way (a CR at a chunk's end waits for the next chunk, which may start with its LF), a byte-order
 * mark at the start is dropped. A piece is handed on once PIECE_CHARS characters are pending, cut
 * after the last LF that ends a record: for CSV (`quoted`) an LF outside any quoted field, read as
 * papaparse reads it (a quote opens a quoted field only at a field's start; `""` inside one is a
 * quote; a lone quote followed by the delimiter or a line end closes it), so that a quoted field that spans lines is never cut. A
 * file smaller than a piece is handed on whole, as before. Each piece comes with the 1-based line
 * it starts on, so that parsers keep naming lines as in the whole file.
 */

/** Characters pending before a piece is cut (16 Mi: a few dozen MB of strings at most). */
export const PIECE_CHARS = 1 << 24;

const LF = 10;
const QUOTE = 34;

export class TextPieces {
  private pending = '';
  private line = 1;
  private heldCr = false;
  private started = false;
  /** Pending length at which a cut is tried next (doubles while a quoted field runs on). */
  private cutAt: number;

  constructor(
    private readonly emit: (text: string, firstLine: number) => void,
    /** The CSV field delimiter when quotes may hold line ends; null when every LF ends a record. */
    private readonly delimiter: string | null,
    private readonly pieceChars = PIECE_CHARS,
    /** Where the text starts in the file: a line after the first (csvBytes.ts hands on mid-file) takes no byte-order mark. */
    from: { line: number; started: boolean } = { line: 1, started: false },
  ) {
    this.cutAt = pieceChars;
    this.line = from.line;
    this.started = from.started;
  }

  push(decoded: string): void {
    let text = this.heldCr ? '\r' + decoded : decoded;
    this.heldCr = text.endsWith('\r');
    if (this.heldCr) text = text.slice(0, -1);
    if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.pending += text;
    if (this.pending.length >= this.cutAt) this.cut();
  }

  /** The text ended: hands on what is pending (an empty last piece too, so that lines add up). */
  end(): void {
    if (this.heldCr) this.pending += '\n';
    this.heldCr = false;
    this.emit(this.pending, this.line);
    this.pending = '';
  }

  private cut(): void {
    const text = this.pending;
    const at =
      this.delimiter === null || !text.includes('"')
        ? text.lastIndexOf('\n')
        : lastRecordEnd(text, this.delimiter);
    if (at < 0) {
      this.cutAt = text.length * 2;
      return;
    }
    const piece = text.slice(0, at + 1);
    this.pending = text.slice(at + 1);
    this.cutAt = this.pieceChars;
    const firstLine = this.line;
    this.line += countLineFeeds(piece);
    this.emit(piece, firstLine);
  }
}

/** The index of the last LF of `text` that ends a record (outside quoted fields), or -1. */
function lastRecordEnd(text: string, delimiter: string): number {
  const single = delimiter.length === 1 ? delimiter.charCodeAt(0) : -1;
  let last = -1;
  let fieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (fieldStart && c === QUOTE) {
      const close = closingQuote(text, i, delimiter);
      if (close < 0) return last;
      i = close;
      fieldStart = false;
    } else if (c === LF) {
      last = i;
      fieldStart = true;
    } else if (single >= 0 ? c === single : text.startsWith(delimiter, i)) {
      i += delimiter.length - 1;
      fieldStart = true;
    } else fieldStart = false;
  }
  return last;
}

/**
 * The closing quote of the quoted field opened at `open`, as papaparse finds it: a quote not
 * doubled and followed (after blanks) by the delimiter or a line end; any other quote is part of
 * the field (papaparse's InvalidQuotes, read on). -1 when the pending text ends first.
 */
function closingQuote(text: string, open: number, delimiter: string): number {
  let j = open + 1;
  for (;;) {
    j = text.indexOf('"', j);
    if (j < 0 || j === text.length - 1) return -1;
    if (text.charCodeAt(j + 1) === QUOTE) {
      j += 2;
      continue;
    }
    let k = j + 1;
    while (k < text.length && text.charCodeAt(k) === 32) k++;
    if (k === text.length) return -1;
    if (text.charCodeAt(k) === LF || text.startsWith(delimiter, k)) return j;
    j++;
  }
}

function countLineFeeds(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** A text format's parser fed piece by piece (csv-basket, csv-long, relational, arff). */
export interface PieceReader {
  /** The next piece of the text, which starts on line `firstLine` of the file. */
  piece(text: string, firstLine: number): void;
  finish(): import('./types.ts').ParseResult;
}

/** Parses a whole text with a piece reader (one piece). */
export function readWhole(reader: PieceReader, text: string): import('./types.ts').ParseResult {
  reader.piece(text, 1);
  return reader.finish();
}
