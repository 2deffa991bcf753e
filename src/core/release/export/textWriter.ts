/**
 * A text built as UTF-8 bytes, for the exporters (a release of 60,000 rows is 150,000 lines; one of
 * 1,000,000 rows, ten million). Strings that repeat (items, quoted once; a group's number) are
 * encoded once and copied as bytes, numbers are written digit by digit: several times faster than
 * joining a string per line, and far less garbage. The exports take the bytes as they are (a file
 * is UTF-8 bytes; decoding ten million lines only to encode them again cost more than writing them).
 * A string holding a UTF-16 surrogate (an emoji, or a lone half a JSON release may carry) is
 * kept as a string piece, so the text is exactly the strings appended, whatever they hold.
 */
const SURROGATE = /[\uD800-\uDFFF]/;

export class TextWriter {
  private buffer = new Uint8Array(1 << 16);
  private length = 0;
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
    let digits = 1;
    for (let bound = 10; digits < 10 && value >= bound; bound *= 10) digits++;
    this.reserve(digits);
    let v = value;
    for (let i = this.length + digits - 1; i >= this.length; i--) {
      const quotient = (v / 10) >>> 0;
      this.buffer[i] = 48 + v - quotient * 10;
      v = quotient;
    }
    this.length += digits;
    return this;
  }

  /**
   * The text written as UTF-8 (a lone surrogate as U+FFFD, as any UTF-8 file holds it); a view of
   * the writer's buffer, valid until the next write.
   */
  bytes(): Uint8Array<ArrayBuffer> {
    if (this.pieces.length === 0) return this.buffer.subarray(0, this.length);
    return this.encoder.encode(this.text());
  }

  /** The text written (the writer is left as it is). */
  text(): string {
    return this.pieces.join('') + this.pending();
  }

  /** The bytes written since the last piece, as a string. */
  private pending(): string {
    // ignoreBOM: a leading U+FEFF is part of the text written, not a byte-order mark.
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(this.buffer.subarray(0, this.length));
  }

  /** The bytes written since the last piece, as a string, and the byte buffer emptied. */
  private decoded(): string {
    const text = this.pending();
    this.length = 0;
    return text;
  }

  /** Room for `more` bytes (the check inlined where it is called; growing is the rare case). */
  private reserve(more: number): void {
    if (this.length + more > this.buffer.length) this.grow(more);
  }

  private grow(more: number): void {
    let size = this.buffer.length * 2;
    while (size < this.length + more) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
}
