/**
 * A Parquet file taken apart and put back together with some of its Thrift fields rewritten (the
 * footer's, or any page header's), as the outside harness of issue 43 damaged files: the footer and
 * page headers are read by the project's bounded Thrift reader (core/data/columnar/thriftCompact.ts),
 * edited, written back by the small compact-protocol encoder here, and every column chunk's offsets
 * and sizes moved to where its (re-encoded) pages now lie, so that only the edited field is wrong.
 * Column and offset indexes are dropped (their offsets would be stale).
 */
import {
  isStruct,
  listField,
  readThriftStruct,
  structField,
  T,
  type ThriftList,
  type ThriftStruct,
  type ThriftValue,
} from '../../src/core/data/columnar/thriftCompact.ts';
import { joinParts } from '../../src/core/release/export/textWriter.ts';

/** Compact-protocol bytes of `struct` (the inverse of readThriftStruct). */
export function encodeThriftStruct(struct: ThriftStruct): Uint8Array {
  const out: number[] = [];
  const varint = (n: bigint) => {
    let v = n;
    do {
      const b = Number(v & 0x7fn);
      v >>= 7n;
      out.push(v > 0n ? b | 0x80 : b);
    } while (v > 0n);
  };
  const zigzag = (n: bigint) => varint(n >= 0n ? n << 1n : (-n << 1n) - 1n);
  const element = (type: number, value: ThriftValue) => {
    switch (type) {
      case T.TRUE:
      case T.FALSE:
        return;
      case T.BYTE:
        out.push(Number(value) & 0xff);
        return;
      case T.I16:
      case T.I32:
        return zigzag(BigInt(value as number));
      case T.I64:
        return zigzag(BigInt(value as bigint | number));
      case T.DOUBLE: {
        const bytes = new Uint8Array(8);
        new DataView(bytes.buffer).setFloat64(0, value as number, true);
        out.push(...bytes);
        return;
      }
      case T.BINARY: {
        const bytes = value as Uint8Array;
        varint(BigInt(bytes.length));
        for (const b of bytes) out.push(b);
        return;
      }
      case T.LIST:
      case T.SET: {
        const list = value as ThriftList;
        const n = list.items.length;
        if (n < 15) out.push((n << 4) | list.elementType);
        else {
          out.push(0xf0 | list.elementType);
          varint(BigInt(n));
        }
        const bool = list.elementType === T.TRUE || list.elementType === T.FALSE;
        for (const item of list.items) {
          if (bool) out.push(item ? 1 : 2);
          else element(list.elementType, item);
        }
        return;
      }
      case T.STRUCT:
        return struct_(value as ThriftStruct);
      default:
        throw new Error(`cannot encode type ${type}`);
    }
  };
  const struct_ = (s: ThriftStruct) => {
    let last = 0;
    for (const [id, field] of [...s.fields].sort((a, b) => a[0] - b[0])) {
      const type =
        field.type === T.TRUE || field.type === T.FALSE ? (field.value ? T.TRUE : T.FALSE) : field.type;
      if (id > last && id - last <= 15) out.push(((id - last) << 4) | type);
      else {
        out.push(type);
        zigzag(BigInt(id));
      }
      element(type, field.value);
      last = id;
    }
    out.push(0);
  };
  struct_(struct);
  return Uint8Array.from(out);
}

/** Sets integer field `id` of `struct`, keeping its Thrift type (i32 or i64). */
export function setInt(struct: ThriftStruct, id: number, value: number | bigint): void {
  const field = struct.fields.get(id);
  const type = field?.type ?? T.I32;
  struct.fields.set(id, {
    type,
    value: type === T.I64 ? BigInt(value) : Number(value),
    at: field?.at ?? 0,
  });
}

/** Where a page header is: row group, column chunk and page (each from 0). */
export interface PagePlace {
  group: number;
  column: number;
  page: number;
  /** The page's type number (0 data, 2 dictionary, 3 data v2). */
  type: number;
}

export interface ParquetEdit {
  footer?: (footer: ThriftStruct) => void;
  page?: (header: ThriftStruct, place: PagePlace) => void;
}

/** The file with the edits made and every chunk's place recomputed (see the top). */
export function rewriteParquet(bytes: Uint8Array, edit: ParquetEdit): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const footerLength = view.getUint32(bytes.length - 8, true);
  const footerStart = bytes.length - 8 - footerLength;
  const { struct: footer } = readThriftStruct(bytes.subarray(footerStart, bytes.length - 8));
  const parts: Uint8Array[] = [Uint8Array.from([0x50, 0x41, 0x52, 0x31])];
  let at = 4;
  for (const [g, group] of (listField(footer, 4)?.items ?? []).entries()) {
    if (!isStruct(group)) continue;
    for (const [c, chunk] of (listField(group, 1)?.items ?? []).entries()) {
      if (!isStruct(chunk)) continue;
      const meta = structField(chunk, 3)!;
      const dictionaryAt = Number(meta.fields.get(11)?.value ?? 0);
      const dataAt = Number(meta.fields.get(9)!.value);
      const start = dictionaryAt || dataAt;
      const end = start + Number(meta.fields.get(7)!.value);
      const pieces: Uint8Array[] = [];
      let newDataAt = at;
      let offset = start;
      let length = 0;
      for (let page = 0; offset < end; page++) {
        const read = readThriftStruct(bytes, offset);
        const header = read.struct;
        const size = Number(header.fields.get(3)!.value);
        const type = Number(header.fields.get(1)!.value);
        if (offset === dataAt) newDataAt = at + length;
        edit.page?.(header, { group: g, column: c, page, type });
        const encoded = encodeThriftStruct(header);
        pieces.push(encoded, bytes.subarray(read.end, read.end + size));
        length += encoded.length + size;
        offset = read.end + size;
      }
      if (dictionaryAt) setInt(meta, 11, at);
      setInt(meta, 9, newDataAt);
      setInt(meta, 7, length);
      setInt(chunk, 2, at);
      for (const id of [4, 5, 6, 7]) chunk.fields.delete(id);
      parts.push(...pieces);
      at += length;
    }
  }
  edit.footer?.(footer);
  const encoded = encodeThriftStruct(footer);
  const tail = new Uint8Array(8);
  new DataView(tail.buffer).setUint32(0, encoded.length, true);
  tail.set([0x50, 0x41, 0x52, 0x31], 4);
  parts.push(encoded, tail);
  return joinParts(parts);
}
