/**
 * An Arrow IPC file's framing and metadata checked before flechette decodes it (DESIGN.md sec. 8;
 * issue 43, F3). flechette trusts every length it reads: a FlatBuffers vector that claims 10^8
 * elements makes it build an array of 10^8 entries from bytes past the end (one flipped byte of a
 * 22 kB stream took 1.5 GB and 27 s), a message length or body length past the file is read as far
 * as it goes. So each message is walked first with a bounded FlatBuffers reader (the checks a
 * FlatBuffers verifier makes): every table, vtable, vector and string must lie inside the message's
 * metadata, a vector hold no more elements than its bytes can, structures nest at most 64 deep; a
 * message's metadata and body lie inside the file, a file's footer and its blocks too. The tables
 * walked are those of Arrow's Schema.fbs, Message.fbs and File.fbs (Message, Schema, Field,
 * DictionaryEncoding, KeyValue, RecordBatch, DictionaryBatch, Footer). A breach is a ColumnarError
 * naming the message (the schema, record batch N, a dictionary batch, the footer), the byte of the
 * file and what is wrong, in words.
 */
import { ColumnarError } from './columnarError.ts';

const FILE_MAGIC = [0x41, 0x52, 0x52, 0x4f, 0x57, 0x31]; // ARROW1

/** Message header types (Message.fbs MessageHeader). */
const SCHEMA = 1;
const DICTIONARY_BATCH = 2;
const RECORD_BATCH = 3;

/** Metadata versions before V4 (Arrow 0.8) lay buffers out otherwise; they are not read. */
const OLDEST_VERSION = 3;

class Breach extends Error {
  constructor(
    readonly at: number,
    readonly what: string,
  ) {
    super(what);
  }
}

/**
 * A FlatBuffers buffer read with bounds: positions are within `bytes` (one message's metadata);
 * `base` is where those bytes start in the file (for messages).
 */
class Flat {
  constructor(
    readonly bytes: Uint8Array,
    readonly base: number,
  ) {}

  private need(at: number, size: number, what: string): void {
    if (!(at >= 0 && at + size <= this.bytes.length))
      throw new Breach(
        this.base + Math.max(0, Math.min(at, this.bytes.length)),
        `${what} lies outside its message`,
      );
  }

  u8(at: number): number {
    this.need(at, 1, 'a value');
    return this.bytes[at];
  }

  i16(at: number): number {
    this.need(at, 2, 'a value');
    return ((this.bytes[at] | (this.bytes[at + 1] << 8)) << 16) >> 16;
  }

  i32(at: number): number {
    this.need(at, 4, 'a value');
    return (
      this.bytes[at] | (this.bytes[at + 1] << 8) | (this.bytes[at + 2] << 16) | (this.bytes[at + 3] << 24)
    );
  }

  i64(at: number): number {
    this.need(at, 8, 'a value');
    const low = this.i32(at) >>> 0;
    const high = this.i32(at + 4);
    return high * 2 ** 32 + low;
  }

  /** The table an offset at `at` points to: its position and field reader. */
  table(at: number, what: string): FlatTable {
    const pos = at + this.i32(at);
    this.need(pos, 4, what);
    const vtable = pos - this.i32(pos);
    this.need(vtable, 4, `the layout of ${what}`);
    const size = this.i16(vtable);
    const inline = this.i16(vtable + 2);
    if (size < 4 || size % 2 !== 0)
      throw new Breach(this.base + vtable, `the layout of ${what} has a size of ${size}`);
    this.need(vtable, size, `the layout of ${what}`);
    this.need(pos, Math.max(4, inline), what);
    return new FlatTable(this, pos, vtable, size, what);
  }

  /** The vector an offset at `at` points to: its first element and length, `stride` bytes each. */
  vector(at: number, stride: number, what: string): { start: number; count: number } {
    const base = at + this.i32(at);
    this.need(base, 4, what);
    const count = this.i32(base);
    const room = this.bytes.length - base - 4;
    if (count < 0 || count * stride > room)
      throw new Breach(
        this.base + base,
        `${what} claims ${count} entries where its message has room for ${Math.floor(room / stride)}`,
      );
    return { start: base + 4, count };
  }
}

class FlatTable {
  constructor(
    readonly flat: Flat,
    readonly pos: number,
    private readonly vtable: number,
    private readonly size: number,
    readonly what: string,
  ) {}

  /** The position of field `index` (0-based), or null when absent. */
  field(index: number): number | null {
    const slot = 4 + 2 * index;
    if (slot >= this.size) return null;
    const off = this.flat.i16(this.vtable + slot);
    return off === 0 ? null : this.pos + off;
  }

  table(index: number, what: string): FlatTable | null {
    const at = this.field(index);
    return at === null ? null : this.flat.table(at, what);
  }

  vector(index: number, stride: number, what: string): { start: number; count: number } | null {
    const at = this.field(index);
    return at === null ? null : this.flat.vector(at, stride, what);
  }

  /** Each table of a vector of tables (field `index`). */
  tables(index: number, what: string): FlatTable[] {
    const vector = this.vector(index, 4, what);
    if (!vector) return [];
    return Array.from({ length: vector.count }, (_, i) =>
      this.flat.table(vector.start + 4 * i, `${what} ${i + 1}`),
    );
  }

  int(index: number, width: 1 | 2 | 4 | 8, fallback = 0): number {
    const at = this.field(index);
    if (at === null) return fallback;
    return width === 1
      ? this.flat.u8(at)
      : width === 2
        ? this.flat.i16(at)
        : width === 4
          ? this.flat.i32(at)
          : this.flat.i64(at);
  }
}

/** Key-value metadata: each key and value a string inside the message. */
function checkKeyValues(table: FlatTable, index: number): void {
  for (const kv of table.tables(index, 'a metadata entry')) {
    kv.vector(0, 1, 'a metadata key');
    kv.vector(1, 1, 'a metadata value');
  }
}

/** A Field (Schema.fbs) and its children, to depth 64. */
function checkField(field: FlatTable, depth: number): void {
  if (depth > 64) throw new Breach(field.flat.base + field.pos, 'columns nested deeper than 64 levels');
  field.vector(0, 1, 'a column name');
  const typeType = field.int(2, 1);
  const type = field.table(3, 'a column type');
  // Union (14): its type ids.
  if (type && typeType === 14) type.vector(1, 4, 'the type ids of a union');
  const dictionary = field.table(4, 'a dictionary encoding');
  dictionary?.table(1, 'the index type of a dictionary');
  for (const child of field.tables(5, 'a child column')) checkField(child, depth + 1);
  checkKeyValues(field, 6);
}

function checkSchema(schema: FlatTable): void {
  for (const field of schema.tables(1, 'a column')) checkField(field, 0);
  checkKeyValues(schema, 2);
  schema.vector(3, 8, 'the schema features');
}

function checkRecordBatch(batch: FlatTable): void {
  batch.vector(1, 16, 'the column lengths (nodes)');
  batch.vector(2, 16, 'the buffer list');
  batch.table(3, 'the compression');
  batch.vector(4, 8, 'the variadic buffer counts');
}

/** One message at byte `at`: its framing, metadata and body inside `bytes`; the byte after it. */
function checkMessage(
  bytes: Uint8Array,
  at: number,
  counts: { batches: number },
): { next: number; type: number } | null {
  const whole = new Flat(bytes, 0);
  if (at + 4 > bytes.length) return null;
  let length = whole.i32(at);
  let start = at + 4;
  if (length === -1) {
    if (at + 8 > bytes.length) throw new Breach(at, 'a message is cut short after its marker');
    length = whole.i32(at + 4);
    start = at + 8;
  }
  if (length === 0) return null;
  if (length < 0 || start + length > bytes.length)
    throw new Breach(
      at,
      `a message claims ${length.toLocaleString('en')} bytes of metadata where ${(bytes.length - start).toLocaleString('en')} remain`,
    );
  const flat = new Flat(bytes.subarray(start, start + length), start);
  const message = flat.table(0, 'the message');
  const version = message.int(0, 2);
  if (version < OLDEST_VERSION)
    throw new Breach(
      start,
      `a message of metadata version ${version + 1}, older than Arrow 0.8 (V4); rewrite the file with a current Arrow`,
    );
  const type = message.int(1, 1);
  const body = message.int(3, 8);
  const what =
    type === RECORD_BATCH
      ? `record batch ${counts.batches + 1}`
      : type === SCHEMA
        ? 'the schema'
        : 'a dictionary batch';
  try {
    const header = message.table(2, `the header of ${what}`);
    if (header && type === SCHEMA) checkSchema(header);
    else if (header && type === RECORD_BATCH) checkRecordBatch(header);
    else if (header && type === DICTIONARY_BATCH) {
      const data = header.table(1, 'the data of a dictionary batch');
      if (data) checkRecordBatch(data);
    } else if (header) throw new Breach(start, `a message of an unknown kind (${type})`);
    checkKeyValues(message, 4);
  } catch (error) {
    if (error instanceof Breach) throw new Breach(error.at, `${what}: ${error.what}`);
    throw error;
  }
  const bodyStart = start + length;
  if (body < 0 || bodyStart + body > bytes.length)
    throw new Breach(
      at,
      `${what} claims a body of ${body.toLocaleString('en')} bytes where ${(bytes.length - bodyStart).toLocaleString('en')} remain`,
    );
  if (type === RECORD_BATCH) counts.batches++;
  return { next: bodyStart + body, type };
}

/** Every message of an IPC stream from byte `at` on. */
function checkStream(bytes: Uint8Array, at: number, end: number): void {
  const counts = { batches: 0 };
  let offset = at;
  while (offset < end) {
    const message = checkMessage(bytes.subarray(0, end), offset, counts);
    if (!message) return;
    offset = message.next;
  }
}

/** An IPC file: its footer (schema, blocks) and the message of every block. */
function checkFile(bytes: Uint8Array): void {
  const whole = new Flat(bytes, 0);
  const end = bytes.length - 10;
  if (end < 8) throw new Breach(0, 'the file is too short for an Arrow IPC file');
  if (!FILE_MAGIC.every((b, i) => bytes[bytes.length - 6 + i] === b))
    throw new Breach(bytes.length - 6, 'the file does not end with ARROW1: it is cut short or damaged');
  const length = whole.i32(end);
  if (length <= 0 || length > end - 8)
    throw new Breach(
      end,
      `the footer claims ${length.toLocaleString('en')} bytes where the file holds ${bytes.length.toLocaleString('en')}`,
    );
  const footerStart = end - length;
  const flat = new Flat(bytes.subarray(footerStart, end), footerStart);
  try {
    const footer = flat.table(0, 'the footer');
    const schema = footer.table(1, 'the schema');
    if (schema) checkSchema(schema);
    const counts = { batches: 0 };
    for (const [index, what] of [
      [2, 'the dictionary blocks'],
      [3, 'the record batch blocks'],
    ] as const) {
      const blocks = footer.vector(index, 24, what);
      for (let i = 0; blocks && i < blocks.count; i++) {
        const offset = flat.i64(blocks.start + 24 * i);
        if (offset < 8 || offset >= footerStart)
          throw new Breach(
            footerStart + blocks.start + 24 * i,
            `${what}: block ${i + 1} is placed at byte ${offset}, outside the data`,
          );
        checkMessage(bytes.subarray(0, footerStart), offset, counts);
      }
    }
    checkKeyValues(footer, 4);
  } catch (error) {
    if (error instanceof Breach && error.at >= footerStart && !error.what.startsWith('the footer'))
      throw new Breach(error.at, `the footer: ${error.what}`);
    throw error;
  }
}

/** Checks the framing and metadata of an Arrow IPC file or stream (see the top). */
export function checkArrowFrames(bytes: Uint8Array, file: string): void {
  try {
    const isFile = FILE_MAGIC.every((b, i) => bytes[i] === b);
    if (isFile) checkFile(bytes);
    else checkStream(bytes, 0, bytes.length);
  } catch (error) {
    if (error instanceof Breach)
      throw new ColumnarError(
        file,
        {},
        `damaged Arrow IPC data at byte ${error.at.toLocaleString('en')} of the file: ${error.what}`,
      );
    throw error;
  }
}
