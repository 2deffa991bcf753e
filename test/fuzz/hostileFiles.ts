/**
 * The hostile columnar files of issue 43, made small and from scratch (no file in the repository):
 * - F1: a Parquet file whose root schema element claims 99 children;
 * - F2: a snappy Parquet file (about 12 kB) whose data page header claims 10^9 uncompressed bytes;
 * - F3: an Arrow IPC stream (about 20 kB) with one byte flipped: the high byte of its record batch's
 *   column-lengths vector count, so that the batch claims 2^28 more nodes than it holds.
 * Besides, `arrowStream` (the valid stream F3 comes from) and `offsetsDamaged` (an Arrow stream
 * whose list offsets are made to decrease).
 */
import { columnFromArray, list, tableFromColumns, tableToIPC, utf8 } from '@uwdata/flechette';
import { transactionsParquet } from '../../src/core/data/columnar/writeParquet.ts';
import { listField, type ThriftStruct } from '../../src/core/data/columnar/thriftCompact.ts';
import { rewriteParquet, setInt } from './parquetRewrite.ts';

/** `n` rows of a few items each, the same for every call. */
export function hostileRows(n: number): string[][] {
  return Array.from({ length: n }, (_, i) =>
    Array.from({ length: 2 + (i % 5) }, (_, j) => `item${(i * 7 + j * 13) % 97}`),
  );
}

export function f1RootChildren(): Uint8Array {
  return rewriteParquet(transactionsParquet(hostileRows(50), 'list'), {
    footer: (footer: ThriftStruct) => {
      const root = listField(footer, 2)!.items[0] as ThriftStruct;
      setInt(root, 5, 99);
    },
  });
}

export function f2SnappyClaim(): Uint8Array {
  return rewriteParquet(transactionsParquet(hostileRows(1500), 'list'), {
    page: (header, place) => {
      if (place.type === 0 || place.type === 3) setInt(header, 2, 1_000_000_000);
    },
  });
}

/** A valid Arrow IPC stream of `hostileRows(n)` as list<utf8>. */
export function arrowStream(n = 800): Uint8Array {
  const items = columnFromArray(hostileRows(n), list(utf8()));
  return tableToIPC(tableFromColumns({ items }), { format: 'stream' })!;
}

/** Position of the record batch's `nodes` vector in a stream: [schema message, batch message]. */
function batchNodesVector(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const messageAt = (at: number) => {
    const length = view.getInt32(at + 4, true);
    return { meta: at + 8, next: at + 8 + length };
  };
  const schema = messageAt(0);
  // The schema message has no body.
  const batch = messageAt(schema.next);
  const table = (at: number) => {
    const pos = at + view.getInt32(at, true);
    const vtable = pos - view.getInt32(pos, true);
    return (field: number) => pos + view.getInt16(vtable + 4 + 2 * field, true);
  };
  const header = table(batch.meta)(2);
  const nodesField = table(header)(1);
  return nodesField + view.getInt32(nodesField, true);
}

export function f3FlippedByte(): Uint8Array {
  const bytes = arrowStream();
  const at = batchNodesVector(bytes);
  bytes[at + 3] ^= 0x10;
  return bytes;
}

/** An Arrow stream whose list offsets decrease at one row (lengths and rows would change). */
export function offsetsDamaged(): Uint8Array {
  const bytes = arrowStream(40);
  // The list offsets are the first Int32 run 0, 2, 5, ... (row lengths 2, 3, 4, 5, 6, ...).
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let at = 0; at + 12 <= bytes.length; at += 4) {
    if (
      view.getInt32(at, true) === 0 &&
      view.getInt32(at + 4, true) === 2 &&
      view.getInt32(at + 8, true) === 5
    ) {
      view.setInt32(at + 8, 1, true);
      return bytes;
    }
  }
  throw new Error('no list offsets found');
}
