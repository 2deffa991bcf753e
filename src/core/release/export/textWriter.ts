/**
 * A text written as UTF-8 bytes into a sink, chunk after chunk, for the release JSON and the
 * exporters (a release of 480,189 Netflix-shaped rows is 100 million items: 0.7 GB of JSON, more
 * than a JS string can hold, issue 31). Nothing is ever one string: the writer fills one chunk
 * (1 MB), hands it to the sink (a file in the CLI, a Blob part in the page, memory in tests) and
 * fills it again. Strings that repeat (items, quoted once; a group's number) are encoded once and
 * copied as bytes, numbers are written digit by digit, and a token table's bytes are looked up by
 * id (`TokenBytes`), which is several times faster than joining a string per line.
 * A string holding a UTF-16 surrogate is encoded as TextEncoder encodes the whole text (a lone
 * surrogate as U+FFFD, as any UTF-8 file holds it; a pair split over two writes joined again).
 */
const SURROGATE = /[\uD800-\uDFFF]/;
const CHUNK = 1 << 20;
const REPLACEMENT = [0xef, 0xbf, 0xbd];

/** Where written bytes go. A chunk is the writer's: a sink that keeps it copies it. */
export interface ByteSink {
  write(chunk: Uint8Array): void;
}

/** The text as UTF-8 in consecutive parts (a file's or Blob's content, held in memory). */
export type Utf8Parts = readonly Uint8Array<ArrayBuffer>[];

/** A sink that keeps copies of the chunks (tests, small files). */
export class MemorySink implements ByteSink {
  readonly parts: Uint8Array<ArrayBuffer>[] = [];

  write(chunk: Uint8Array): void {
    this.parts.push(chunk.slice());
  }

  /** The bytes as one text (a leading U+FEFF kept: it is part of what was written). */
  text(): string {
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(joinParts(this.parts));
  }
}

/** The parts in one array. */
export function joinParts(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** What `write` puts into a fresh TextWriter, as parts in memory. */
export function writtenParts(write: (out: TextWriter) => void): Utf8Parts {
  const sink = new MemorySink();
  const out = new TextWriter(sink);
  write(out);
  out.end();
  return sink.parts;
}

/** What `write` puts into a fresh TextWriter, as a string. */
export function writtenText(write: (out: TextWriter) => void): string {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(joinParts(writtenParts(write)));
}

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
  private readonly buffer: Uint8Array;
  /** The chunk's size: `buffer` has 16 bytes more, so that a token's 8 bytes may be stored whole. */
  private readonly capacity: number;
  private readonly view: DataView;
  private length = 0;
  /** A high surrogate that ended the last string, waiting for the low half that may follow. */
  private pendingHigh = -1;
  private readonly encoded = new Map<string, Uint8Array | null>();
  /** Fields by their raw text, as `quote` wrote them (see `field`). */
  private readonly fields = new Map<string, Uint8Array | null>();
  private readonly encoder = new TextEncoder();

  constructor(
    private readonly sink: ByteSink,
    chunk = CHUNK,
  ) {
    this.capacity = chunk;
    this.buffer = new Uint8Array(chunk + 16);
    this.view = new DataView(this.buffer.buffer);
  }

  /** Appends `text`, encoded once per distinct string (meant for strings that repeat). */
  write(text: string): this {
    let bytes = this.encoded.get(text);
    if (bytes === undefined) {
      bytes = this.encodedOrNull(text);
      this.encoded.set(text, bytes);
    }
    return bytes === null ? this.surrogates(text) : this.bytes(bytes);
  }

  /** Appends `text` that is written once (a header, a file's small JSON parts): not cached. */
  once(text: string): this {
    return SURROGATE.test(text) ? this.surrogates(text) : this.bytes(this.encoder.encode(text));
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
    return bytes === null ? this.surrogates(quote(text)) : this.bytes(bytes);
  }

  private encodedOrNull(text: string): Uint8Array | null {
    return SURROGATE.test(text) ? null : this.encoder.encode(text);
  }

  /** Appends UTF-8 bytes as they are (a token's bytes from a TokenBytes table). */
  bytes(bytes: Uint8Array): this {
    if (this.pendingHigh >= 0) this.flushHigh();
    const n = bytes.length;
    if (this.length + n > this.capacity) return this.large(bytes);
    if (n < 16) for (let i = 0; i < n; i++) this.buffer[this.length++] = bytes[i];
    else {
      this.buffer.set(bytes, this.length);
      this.length += n;
    }
    return this;
  }

  /** Bytes that do not fit the chunk's rest: the chunk is handed on first. */
  private large(bytes: Uint8Array): this {
    this.flush();
    if (bytes.length <= this.capacity) {
      this.buffer.set(bytes, 0);
      this.length = bytes.length;
    } else this.sink.write(bytes);
    return this;
  }

  /** A string holding a surrogate: encoded with a high half that ends it kept for the next string. */
  private surrogates(text: string): this {
    let whole = text;
    if (this.pendingHigh >= 0) {
      whole = String.fromCharCode(this.pendingHigh) + text;
      this.pendingHigh = -1;
    }
    const last = whole.charCodeAt(whole.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.bytes(this.encoder.encode(whole.slice(0, -1)));
      this.pendingHigh = last;
    } else this.bytes(this.encoder.encode(whole));
    return this;
  }

  /** A high surrogate followed by no low half: U+FFFD, as TextEncoder writes it. */
  private flushHigh(): void {
    this.pendingHigh = -1;
    this.reserve(3);
    for (const b of REPLACEMENT) this.buffer[this.length++] = b;
  }

  /** Appends one ASCII character by its code (',', '\n'). */
  char(code: number): this {
    if (this.pendingHigh >= 0) this.flushHigh();
    if (this.length === this.capacity) this.flush();
    this.buffer[this.length++] = code;
    return this;
  }

  /** Appends a non-negative integer in decimal. */
  int(value: number): this {
    // Ids and counts fit 32 bits: their digits come from unsigned integer division.
    if (!(value >= 0 && value <= 0xffffffff && value === Math.floor(value))) return this.once(String(value));
    if (this.pendingHigh >= 0) this.flushHigh();
    this.reserve(10);
    this.length = writeUint(this.buffer, this.length, value);
    return this;
  }

  /**
   * Appends the tokens `ids[from..to)` of `table`, `separator` between two: a row's items, the
   * hot loop of every release and export (100 million items on the Netflix shape), kept tight.
   */
  tokens(table: TokenBytes, ids: ArrayLike<number>, from: number, to: number, separator: number): this {
    if (this.pendingHigh >= 0) this.flushHigh();
    const { buffer, view, capacity } = this;
    const { bytes, start, shortLength, low, high } = table;
    for (let k = from; k < to; k++) {
      const id = ids[k];
      const short = shortLength[id];
      if (short > 0 && this.length + 9 <= capacity) {
        // A token of at most 8 bytes: stored as two words (the bytes past it are overwritten next).
        let at = this.length;
        if (k > from) buffer[at++] = separator;
        view.setUint32(at, low[id], true);
        view.setUint32(at + 4, high[id], true);
        this.length = at + short;
        continue;
      }
      const a = start[id];
      const e = start[id + 1];
      if (this.length + (e - a) + 1 > capacity || (a === e && table.textOf(id) !== undefined)) {
        if (k > from) this.char(separator);
        table.put(this, id);
        continue;
      }
      let at = this.length;
      if (k > from) buffer[at++] = separator;
      for (let i = a; i < e; i++) buffer[at++] = bytes[i];
      this.length = at;
    }
    return this;
  }

  /** Appends bytes[from..to). */
  copyRange(bytes: Uint8Array, from: number, to: number): this {
    if (this.pendingHigh >= 0) this.flushHigh();
    if (this.length + (to - from) > this.capacity) return this.bytes(bytes.subarray(from, to));
    for (let i = from; i < to; i++) this.buffer[this.length++] = bytes[i];
    return this;
  }

  /** Appends `bytes[0..length)` (a line's start, built once and repeated). */
  copy(bytes: Uint8Array, length: number): this {
    if (this.pendingHigh >= 0) this.flushHigh();
    this.reserve(length);
    for (let i = 0; i < length; i++) this.buffer[this.length++] = bytes[i];
    return this;
  }

  /** Hands what is written to the sink (the text must be complete: call once, at its end). */
  end(): void {
    if (this.pendingHigh >= 0) this.flushHigh();
    this.flush();
  }

  /** Room for `more` (at most a chunk: a line's start, a number) bytes. */
  private reserve(more: number): void {
    if (this.length + more > this.capacity) this.flush();
  }

  private flush(): void {
    if (this.length > 0) this.sink.write(this.buffer.subarray(0, this.length));
    this.length = 0;
  }
}

/**
 * Each token of a table as the bytes a format writes for it (JSON-quoted, CSV-quoted), made once
 * for the table and laid end to end in one array (`start[id]` .. `start[id + 1]`): a release's
 * rows write 100 million items of a few thousand tokens, and copying from one array ran 1.5 times
 * as fast as from an array per token. A token whose text holds a surrogate is written as text.
 */
export class TokenBytes {
  readonly bytes: Uint8Array;
  readonly start: Uint32Array;
  /** A token of 1 to 8 bytes: its length, and its bytes as two little-endian words; else 0. */
  readonly shortLength: Uint8Array;
  readonly low: Uint32Array;
  readonly high: Uint32Array;
  /** Ids whose text holds a surrogate, with that text. */
  private readonly texts = new Map<number, string>();

  constructor(tokens: readonly string[], format: (token: string) => string) {
    const encoder = new TextEncoder();
    const parts = tokens.map((token, id) => {
      const text = format(token);
      if (!SURROGATE.test(text)) return encoder.encode(text);
      this.texts.set(id, text);
      return new Uint8Array(0);
    });
    this.start = new Uint32Array(tokens.length + 1);
    parts.forEach((part, id) => (this.start[id + 1] = this.start[id] + part.length));
    this.bytes = joinParts(parts);
    this.shortLength = new Uint8Array(tokens.length);
    this.low = new Uint32Array(tokens.length);
    this.high = new Uint32Array(tokens.length);
    const word = new Uint8Array(8);
    const words = new DataView(word.buffer);
    parts.forEach((part, id) => {
      if (part.length === 0 || part.length > 8) return;
      word.fill(0);
      word.set(part);
      this.shortLength[id] = part.length;
      this.low[id] = words.getUint32(0, true);
      this.high[id] = words.getUint32(4, true);
    });
  }

  /** The text of token `id` when it holds a surrogate (written as text), else undefined. */
  textOf(id: number): string | undefined {
    return this.texts.size === 0 ? undefined : this.texts.get(id);
  }

  /** Writes token `id` into `out`. */
  put(out: TextWriter, id: number): void {
    const text = this.textOf(id);
    if (text !== undefined) out.once(text);
    else out.copyRange(this.bytes, this.start[id], this.start[id + 1]);
  }
}
