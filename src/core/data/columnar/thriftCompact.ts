/**
 * A bounded reader of Thrift's compact protocol (the encoding of a Parquet file's footer and page
 * headers), for checking a footer before hyparquet decodes it (footerCheck.ts). Unlike a plain
 * decoder it trusts no length: a list may not claim more elements than bytes remain, a binary no
 * more bytes than remain, a varint no more than 10 bytes, a struct no deeper than 64 levels; a
 * field of an unknown type is refused. Each value keeps the byte where it starts, so a check can say
 * where a footer is wrong. A breach throws a ThriftError (what, and the byte), never a RangeError.
 * Spec: Apache Thrift, "Thrift Compact protocol encoding" (thrift/doc/specs/thrift-compact-protocol.md).
 */

/** Compact protocol element types (the spec's table). */
export const T = {
  STOP: 0,
  TRUE: 1,
  FALSE: 2,
  BYTE: 3,
  I16: 4,
  I32: 5,
  I64: 6,
  DOUBLE: 7,
  BINARY: 8,
  LIST: 9,
  SET: 10,
  MAP: 11,
  STRUCT: 12,
} as const;

export type ThriftValue = boolean | number | bigint | Uint8Array | ThriftList | ThriftStruct;

export interface ThriftList {
  kind: 'list';
  elementType: number;
  items: ThriftValue[];
  at: number;
}

export interface ThriftField {
  type: number;
  value: ThriftValue;
  /** Byte of the field's value (from the start of the bytes read). */
  at: number;
}

export interface ThriftStruct {
  kind: 'struct';
  fields: Map<number, ThriftField>;
  at: number;
}

/** A breach of the encoding at byte `at` of the bytes read. */
export class ThriftError extends Error {
  constructor(
    readonly at: number,
    readonly what: string,
  ) {
    super(`${what} at byte ${at}`);
  }
}

const MAX_DEPTH = 64;

/** Reads one struct from `bytes` at `offset`; returns it and the byte after it. */
export function readThriftStruct(bytes: Uint8Array, offset = 0): { struct: ThriftStruct; end: number } {
  const reader = new Reader(bytes, offset);
  const struct = reader.struct(0);
  return { struct, end: reader.offset };
}

class Reader {
  constructor(
    private readonly bytes: Uint8Array,
    public offset: number,
  ) {}

  private byte(): number {
    if (this.offset >= this.bytes.length) throw new ThriftError(this.offset, 'the data ends inside a value');
    return this.bytes[this.offset++];
  }

  /** An unsigned LEB128 varint of at most 10 bytes, as a bigint. */
  private varint(): bigint {
    const at = this.offset;
    let result = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      const b = this.byte();
      result |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return result;
    }
    throw new ThriftError(at, 'a number longer than 10 bytes');
  }

  private zigzag(): bigint {
    const n = this.varint();
    return (n >> 1n) ^ -(n & 1n);
  }

  /** A 32-bit value (i16, i32, a length): beyond 32 bits is a breach. */
  private int32(): number {
    const at = this.offset;
    const n = this.zigzag();
    if (n < -(2n ** 31n) || n >= 2n ** 31n) throw new ThriftError(at, `a 32-bit number reads ${n}`);
    return Number(n);
  }

  /** A length: no more `units` (bytes, or elements of a byte or more) than bytes remain. */
  private length(what: string, units: string): number {
    const at = this.offset;
    const n = this.varint();
    const remaining = this.bytes.length - this.offset;
    if (n > BigInt(remaining))
      throw new ThriftError(at, `${what} claims ${n} ${units} where ${remaining} bytes remain`);
    return Number(n);
  }

  struct(depth: number): ThriftStruct {
    if (depth > MAX_DEPTH) throw new ThriftError(this.offset, `structures nested deeper than ${MAX_DEPTH}`);
    const struct: ThriftStruct = { kind: 'struct', fields: new Map(), at: this.offset };
    let id = 0;
    for (;;) {
      const header = this.byte();
      const type = header & 0x0f;
      if (type === T.STOP) return struct;
      const delta = header >> 4;
      id = delta !== 0 ? id + delta : this.int32();
      const at = this.offset;
      struct.fields.set(id, { type, value: this.element(type, depth), at });
    }
  }

  private element(type: number, depth: number): ThriftValue {
    const at = this.offset;
    switch (type) {
      case T.TRUE:
        return true;
      case T.FALSE:
        return false;
      case T.BYTE:
        return (this.byte() << 24) >> 24;
      case T.I16:
      case T.I32:
        return this.int32();
      case T.I64:
        return this.zigzag();
      case T.DOUBLE: {
        if (this.offset + 8 > this.bytes.length) throw new ThriftError(at, 'the data ends inside a value');
        const value = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.offset, 8).getFloat64(
          0,
          true,
        );
        this.offset += 8;
        return value;
      }
      case T.BINARY: {
        const length = this.length('a string', 'bytes');
        const value = this.bytes.subarray(this.offset, this.offset + length);
        this.offset += length;
        return value;
      }
      case T.LIST:
      case T.SET: {
        const header = this.byte();
        const elementType = header & 0x0f;
        const size = header >> 4 === 15 ? this.length('a list', 'elements') : header >> 4;
        if (size > this.bytes.length - this.offset)
          throw new ThriftError(
            at,
            `a list claims ${size} elements where ${this.bytes.length - this.offset} bytes remain`,
          );
        const items: ThriftValue[] = [];
        // A boolean in a list takes a byte (1 true, 2 or 0 false).
        const bool = elementType === T.TRUE || elementType === T.FALSE;
        for (let i = 0; i < size; i++)
          items.push(bool ? this.byte() === 1 : this.element(elementType, depth + 1));
        return { kind: 'list', elementType, items, at };
      }
      case T.STRUCT:
        return this.struct(depth + 1);
      default:
        throw new ThriftError(at, `a value of unknown type ${type}`);
    }
  }
}

/** Field `id` of `struct` when it has Thrift type `type` (the i16/i32 types count as one). */
export function fieldOf(struct: ThriftStruct, id: number): ThriftField | undefined {
  return struct.fields.get(id);
}

/** The integer in field `id` (an i16, i32 or i64 field), or undefined. */
export function intField(struct: ThriftStruct, id: number): number | undefined {
  const field = struct.fields.get(id);
  if (!field) return undefined;
  if (typeof field.value === 'bigint') return Number(field.value);
  return typeof field.value === 'number' && field.type !== T.DOUBLE ? field.value : undefined;
}

/** The struct in field `id`, or undefined. */
export function structField(struct: ThriftStruct, id: number): ThriftStruct | undefined {
  const value = struct.fields.get(id)?.value;
  return isStruct(value) ? value : undefined;
}

/** The list in field `id`, or undefined. */
export function listField(struct: ThriftStruct, id: number): ThriftList | undefined {
  const value = struct.fields.get(id)?.value;
  return typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'list'
    ? value
    : undefined;
}

export function isStruct(value: ThriftValue | undefined): value is ThriftStruct {
  return typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'struct';
}
