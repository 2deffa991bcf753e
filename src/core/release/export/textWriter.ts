/**
 * A text built as UTF-8 bytes, for the exporters (a release of 60,000 rows is 150,000 lines; one of
 * 1,000,000 rows, ten million). Strings that repeat (items, quoted once; a group's number) are
 * encoded once and copied as bytes, numbers are written digit by digit: several times faster than
 * joining a string per line, and far less garbage. The exports take the bytes as they are (a file
 * is UTF-8 bytes; decoding ten million lines only to encode them again cost more than writing them).
 * A string holding a UTF-16 surrogate (an emoji, or a lone half a JSON release may carry) is
 * kept as a string piece, so the text is exactly the strings appended, whatever they hold.
 * Bytes go into chunks (64 KB doubling up to 4 MB), joined once at the end: a buffer doubled and
 * copied as it grew cost a third of a 60 MB export.
 */
const SURROGATE = /[\uD800-\uDFFF]/;

/** A text as UTF-8 bytes in consecutive parts (what files and Blobs are written from). */
export type Utf8Parts = readonly Uint8Array<ArrayBuffer>[];
const FIRST_CHUNK = 1 << 16;
const LARGEST_CHUNK = 1 << 22;

/**
 * Writes `value` (an integer in 0 .. 2^32-1) in decimal into `bytes` at `at`; returns the offset
 * after its last digit. The caller makes room for 10 digits.
 */
export function writeUint(bytes: Uint8Array, at: number, value: number): number {
  let digits = 1;
  for (let bound = 10; digits < 10 && value >= bound; bound *= 10) digits++;
  let v = value;
  for (let i = at + digits - 1; i >= at; i--) {
    const quotient = (v / 10) >>> 0;
    bytes[i] = 48 + v - quotient * 10;
    v = quotient;
  }
  return at + digits;
}

export class TextWriter {
  private buffer = new Uint8Array(FIRST_CHUNK);
  private length = 0;
  /** Chunks filled before `buffer`, since the last piece. */
  private full: Uint8Array<ArrayBuffer>[] = [];
  /** The text so far when a string had to be kept as a string; bytes follow it. */
  private readonly pieces: string[] = [];
  private readonly encoded = new Map<string, Uint8Array | null>();
  /** Fields by their raw text, as `quote` wrote them (see `field`). */
  private readonly fields = new Map<string, Uint8Array | null>();
  private readonly encoder = new TextEncoder();

  /** Appends `text`, encoded once per distinct string (meant for strings that repeat). */
  write(text: string): this {
    let bytes = this.encoded.get(text);
    if (bytes === undefined) {
      bytes = this.encodedOrNull(text);
      this.encoded.set(text, bytes);
    }
    return this.append(bytes, text);
  }

  /**
   * Appends `quote(text)`, looked up by `text` alone: one lookup per field where `write(quote(x))`
   * took two. `quote` must be the same function for every call on one writer.
   */
  field(text: string, quote: (text: string) => string): this {
    let bytes = this.fields.get(text);
    if (bytes === undefined) {
      bytes = this.encodedOrNull(quote(text));
      this.fields.set(text, bytes);
    }
    return this.append(bytes, text, quote);
  }

  private encodedOrNull(text: string): Uint8Array | null {
    return SURROGATE.test(text) ? null : this.encoder.encode(text);
  }

  /** Appends `bytes`, or (null: a string with a surrogate) the string itself as a piece. */
  private append(bytes: Uint8Array | null, text: string, quote?: (text: string) => string): this {
    if (bytes === null) {
      this.pieces.push(this.decoded(), quote ? quote(text) : text);
      return this;
    }
    this.reserve(bytes.length);
    if (bytes.length < 16) for (let i = 0; i < bytes.length; i++) this.buffer[this.length++] = bytes[i];
    else {
      this.buffer.set(bytes, this.length);
      this.length += bytes.length;
    }
    return this;
  }

  /** Appends one ASCII character by its code (',', '\n'). */
  char(code: number): this {
    this.reserve(1);
    this.buffer[this.length++] = code;
    return this;
  }

  /** Appends a non-negative integer in decimal. */
  int(value: number): this {
    // Ids and counts fit 32 bits: their digits come from unsigned integer division.
    if (!(value >= 0 && value <= 0xffffffff && value === Math.floor(value))) return this.write(String(value));
    this.reserve(10);
    this.length = writeUint(this.buffer, this.length, value);
    return this;
  }

  /** Appends `bytes[0..length)` (a line's start, built once and repeated). */
  copy(bytes: Uint8Array, length: number): this {
    this.reserve(length);
    for (let i = 0; i < length; i++) this.buffer[this.length++] = bytes[i];
    return this;
  }

  /**
   * The text written as UTF-8 (a lone surrogate as U+FFFD, as any UTF-8 file holds it), in parts
   * to be written one after the other (joining them would touch as much fresh memory again: on
   * this project's machines, first writes to new memory cost ~8 ms per MB). Views of the writer's
   * chunks, valid until the next write.
   */
  parts(): Utf8Parts {
    if (this.pieces.length > 0) return [this.encoder.encode(this.text())];
    return [...this.full, this.buffer.subarray(0, this.length)];
  }

  /** The text written (the writer is left as it is). */
  text(): string {
    return this.pieces.join('') + this.pending();
  }

  /** The bytes written since the last piece, as a string. */
  private pending(): string {
    // ignoreBOM: a leading U+FEFF is part of the text written, not a byte-order mark.
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(this.joined());
  }

  /** The bytes written since the last piece, as a string, and the byte buffer emptied. */
  private decoded(): string {
    const text = this.pending();
    this.full = [];
    this.length = 0;
    return text;
  }

  /** The bytes written since the last piece in one array (the current chunk itself if it is all). */
  private joined(): Uint8Array<ArrayBuffer> {
    const current = this.buffer.subarray(0, this.length);
    if (this.full.length === 0) return current;
    const parts = [...this.full, current];
    const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }

  /** Room for `more` bytes (the check inlined where it is called; growing is the rare case). */
  private reserve(more: number): void {
    if (this.length + more > this.buffer.length) this.grow(more);
  }

  /** Sets the filled chunk aside and starts a new one with room for `more` bytes. */
  private grow(more: number): void {
    if (this.length > 0) this.full.push(this.buffer.subarray(0, this.length));
    this.buffer = new Uint8Array(Math.max(more, Math.min(this.buffer.length * 2, LARGEST_CHUNK)));
    this.length = 0;
  }
}
