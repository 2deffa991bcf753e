/**
 * Items read from bytes (issue 46): a field's bytes, trimmed as `String.prototype.trim` trims,
 * give the item's id without a string made per occurrence. A field of decimal digits without a
 * leading zero (the item `42`, as a string would read) maps through a flat table of values; any
 * other field is interned by a hash over its bytes (open addressing; the bytes kept once per
 * distinct item), the string made once, when the item is first seen, and numbered by the item
 * dictionary as the text path numbers it. A field whose first or last byte is past 0x7f may
 * start or end with a blank outside ASCII (U+00A0, U+3000...): it is decoded and trimmed as a string.
 */
import type { ItemDictionary } from '../itemDictionary.ts';

/** Items whose value is below this map to ids through a flat table. */
const VALUE_LIMIT = 1 << 22;
const MAX_DIGITS = 15;

const decoder = new TextDecoder();

/** The bytes' text, as the text path decodes it (the bytes were checked as UTF-8 before). */
export function textOf(bytes: Uint8Array, start: number, end: number): string {
  return decoder.decode(bytes.subarray(start, end));
}

const EMPTY = new Uint8Array(0);
export const FNV_OFFSET = 0x811c9dc5 | 0;
export const FNV_PRIME = 0x01000193;
/** A field's value when its hash and value were not read by the tokenizer's scan (a quoted field). */
export const NOT_SCANNED = -2;

/** FNV-1a over buf[start, end). */
function hashOf(buf: Uint8Array, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ buf[i], FNV_PRIME);
  return hash;
}

/** Whether an ASCII byte is a blank that `trim` removes (tab, LF, VT, FF, CR, space). */
function isBlank(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/** Byte slices to the ids `make` gives them, each slice's bytes kept once. */
export class ByteInterner {
  private mask = 1023;
  private hashes = new Int32Array(1024);
  private ids = new Int32Array(1024).fill(-1);
  private offsets = new Int32Array(1024);
  private lengths = new Int32Array(1024);
  private arena = new Uint8Array(1 << 16);
  private arenaLength = 0;
  private size = 0;

  /** `make` numbers bytes seen for the first time. */
  constructor(private readonly make: (bytes: Uint8Array, start: number, end: number) => number) {}

  /** The index of buf[start, end), whose FNV-1a hash is `hash`. */
  idOf(buf: Uint8Array, start: number, end: number, hash: number): number {
    const length = end - start;
    let slot = hash & this.mask;
    for (;;) {
      const id = this.ids[slot];
      if (id < 0) break;
      if (this.hashes[slot] === hash && this.lengths[slot] === length && this.same(slot, buf, start, length))
        return id;
      slot = (slot + 1) & this.mask;
    }
    const id = this.make(buf, start, end);
    if (this.arenaLength + length > this.arena.length) {
      const bigger = new Uint8Array(Math.max(this.arena.length * 2, this.arenaLength + length));
      bigger.set(this.arena.subarray(0, this.arenaLength));
      this.arena = bigger;
    }
    this.arena.set(buf.subarray(start, end), this.arenaLength);
    this.hashes[slot] = hash;
    this.ids[slot] = id;
    this.offsets[slot] = this.arenaLength;
    this.lengths[slot] = length;
    this.arenaLength += length;
    if (++this.size * 2 > this.mask) this.grow();
    return id;
  }

  private same(slot: number, buf: Uint8Array, start: number, length: number): boolean {
    const offset = this.offsets[slot];
    for (let k = 0; k < length; k++) if (this.arena[offset + k] !== buf[start + k]) return false;
    return true;
  }

  private grow(): void {
    const { hashes, ids, offsets, lengths } = this;
    const capacity = (this.mask + 1) * 2;
    this.mask = capacity - 1;
    this.hashes = new Int32Array(capacity);
    this.ids = new Int32Array(capacity).fill(-1);
    this.offsets = new Int32Array(capacity);
    this.lengths = new Int32Array(capacity);
    for (let s = 0; s < ids.length; s++) {
      if (ids[s] < 0) continue;
      let slot = hashes[s] & this.mask;
      while (this.ids[slot] >= 0) slot = (slot + 1) & this.mask;
      this.hashes[slot] = hashes[s];
      this.ids[slot] = ids[s];
      this.offsets[slot] = offsets[s];
      this.lengths[slot] = lengths[s];
    }
  }
}

/** The UTF-8 bytes of a string (an item trimmed as a string goes back to bytes to be interned). */
const encoder = new TextEncoder();

/** Fields' bytes to ids: the items of a dictionary, or csv-long's tids (`TidNames`). */
export class TokenBytes {
  private idOfValue = new Int32Array(1024).fill(-1);
  private readonly interner: ByteInterner;

  constructor(make: (bytes: Uint8Array, start: number, end: number) => number) {
    this.interner = new ByteInterner(make);
  }

  /** Ids given by the item dictionary (its string made once per distinct item). */
  static items(dictionary: ItemDictionary): TokenBytes {
    return new TokenBytes((bytes, start, end) => dictionary.idOf(textOf(bytes, start, end)));
  }

  /** The id of the empty token (a tid may be empty). */
  empty(): number {
    return this.interner.idOf(EMPTY, 0, 0, FNV_OFFSET);
  }

  /**
   * idOf for a field whose `hash` (FNV-1a of all of buf[start, end)) and `value` (its decimal
   * value when all its bytes are digits, else -1; NOT_SCANNED when not read) came with the
   * tokenizer's scan (csvBytes.ts): a field with no blank and no byte past ASCII at its ends, the
   * usual one, is not read again; any other goes through idOf.
   */
  idOfScanned(buf: Uint8Array, start: number, end: number, hash: number, value: number): number {
    if (value === NOT_SCANNED || start === end) return this.idOf(buf, start, end);
    const first = buf[start];
    const last = buf[end - 1];
    if (isBlank(first) || isBlank(last) || first >= 0x80 || last >= 0x80) return this.idOf(buf, start, end);
    if (value >= 0 && end - start <= MAX_DIGITS && (first !== 48 || end - start === 1) && value < VALUE_LIMIT)
      return this.idOfDigits(buf, start, end, hash, value);
    return this.interner.idOf(buf, start, end, hash);
  }

  /** The id of the token in buf[start, end) once trimmed, or -1 when it trims to nothing. */
  idOf(buf: Uint8Array, start: number, end: number): number {
    let s = start;
    let e = end;
    while (s < e && isBlank(buf[s])) s++;
    while (e > s && isBlank(buf[e - 1])) e--;
    if (s === e) return -1;
    if (buf[s] >= 0x80 || buf[e - 1] >= 0x80) {
      const text = textOf(buf, s, e).trim();
      if (text === '') return -1;
      const bytes = encoder.encode(text);
      return this.interner.idOf(bytes, 0, bytes.length, hashOf(bytes, 0, bytes.length));
    }
    let hash = FNV_OFFSET;
    let value = 0;
    let digits = true;
    for (let i = s; i < e; i++) {
      const c = buf[i];
      hash = Math.imul(hash ^ c, FNV_PRIME);
      if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
      else digits = false;
    }
    if (digits && e - s <= MAX_DIGITS && (buf[s] !== 48 || e - s === 1) && value < VALUE_LIMIT)
      return this.idOfDigits(buf, s, e, hash, value);
    return this.interner.idOf(buf, s, e, hash);
  }

  /** The id of a token of digits without a leading zero, whose value is below VALUE_LIMIT. */
  private idOfDigits(buf: Uint8Array, start: number, end: number, hash: number, value: number): number {
    if (value >= this.idOfValue.length) this.growValues(value);
    let id = this.idOfValue[value];
    if (id < 0) id = this.idOfValue[value] = this.interner.idOf(buf, start, end, hash);
    return id;
  }

  private growValues(value: number): void {
    let size = this.idOfValue.length * 2;
    while (size <= value) size *= 2;
    const grown = new Int32Array(size).fill(-1);
    grown.set(this.idOfValue);
    this.idOfValue = grown;
  }
}

/** csv-long's tids, numbered in order of first appearance, their bytes kept and decoded only when asked. */
export class TidNames {
  private bytes = new Uint8Array(1 << 16);
  private used = 0;
  private readonly starts: number[] = [];
  readonly ids = new TokenBytes((buf, start, end) => this.add(buf, start, end));

  get size(): number {
    return this.starts.length;
  }

  /** The tid's text, as the file writes it (trimmed). */
  name(id: number): string {
    return textOf(this.bytes, this.starts[id], id + 1 < this.starts.length ? this.starts[id + 1] : this.used);
  }

  names(): string[] {
    return this.starts.map((_, id) => this.name(id));
  }

  private add(buf: Uint8Array, start: number, end: number): number {
    if (this.used + (end - start) > this.bytes.length) {
      const bigger = new Uint8Array(Math.max(this.bytes.length * 2, this.used + (end - start)));
      bigger.set(this.bytes.subarray(0, this.used));
      this.bytes = bigger;
    }
    this.bytes.set(buf.subarray(start, end), this.used);
    this.starts.push(this.used);
    this.used += end - start;
    return this.starts.length - 1;
  }
}
