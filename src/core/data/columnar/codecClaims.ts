/**
 * What a compressed Parquet page may decompress to, known before it is decompressed (DESIGN.md
 * sec. 8, "Readers ... check every length and size read from a file ... before allocating"). A page
 * header states the page's uncompressed size and hyparquet allocates that much before the codec
 * runs, so a header that lies (F2 of issue 43: a 12 kB snappy file claiming 10^9 bytes) costs the
 * memory before any check after decompression can see the lie. Each codec is held to what its own
 * stream says or allows:
 * - UNCOMPRESSED: the page's bytes are the page; the claim must equal them.
 * - SNAPPY: a snappy block begins with its uncompressed length (a varint; Snappy's format_description
 *   "Preamble"); the claim must equal it.
 * - ZSTD: a frame header may carry Frame_Content_Size (RFC 8878 sec. 3.1.1.1.4); a first frame that
 *   holds more than the claim is refused (a page may hold several frames, so less is allowed).
 * - GZIP: deflate expands at most 1032 times (RFC 1951: a 258-byte match in about 2 bits); LZ4 and
 *   LZ4_RAW at most 255 times (a match length byte run); a claim past that is a lie.
 * - BROTLI: no bound from the stream; the memory budget alone.
 * Every claim is also held to the memory budget. The decompressors are then given an output of the
 * claimed size (boundedCompressors), and hyparquet compares what came out with the claim.
 */
import type { Compressors } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { decompressZstdPage } from './zstdPages.ts';

/** Parquet's CompressionCodec enum (parquet.thrift), by number. */
export const CODECS = ['UNCOMPRESSED', 'SNAPPY', 'GZIP', 'LZO', 'BROTLI', 'LZ4', 'ZSTD', 'LZ4_RAW'] as const;

/** The codecs this reader decompresses (LZO has no JavaScript decoder here). */
export const READ_CODECS: ReadonlySet<string> = new Set(CODECS.filter((c) => c !== 'LZO'));

/** Largest expansion of a codec whose format bounds it. */
const MAX_RATIO: Record<string, number> = { GZIP: 1032, LZ4: 255, LZ4_RAW: 255 };

/**
 * Why `claim` cannot be what `data` (a page's compressed values, `codec`) decompresses to, or null.
 * `budget` is the memory budget in bytes.
 */
export function decompressedClaimProblem(
  codec: string,
  data: Uint8Array,
  claim: number,
  budget: number,
): string | null {
  if (!Number.isSafeInteger(claim) || claim < 0) return `an uncompressed size of ${claim} bytes`;
  if (claim > budget)
    return `a page that decompresses to ${claim.toLocaleString('en')} bytes, more than the memory budget of ${budget.toLocaleString('en')} bytes (--memory-mb)`;
  if (codec === 'UNCOMPRESSED')
    return claim === data.length
      ? null
      : `an uncompressed page of ${data.length} bytes said to hold ${claim}`;
  if (codec === 'SNAPPY') {
    const stated = snappyLength(data);
    if (stated === null) return `snappy data without a readable length (${data.length} bytes)`;
    return stated === claim
      ? null
      : `snappy data of ${stated.toLocaleString('en')} bytes where the page header claims ${claim.toLocaleString('en')}`;
  }
  if (codec === 'ZSTD') {
    const stated = zstdContentSize(data);
    if (stated === 'not zstd') return `data that is not a zstd frame (${data.length} bytes)`;
    return stated !== null && stated > claim
      ? `a zstd frame of ${stated.toLocaleString('en')} bytes where the page header claims ${claim.toLocaleString('en')}`
      : null;
  }
  const ratio = MAX_RATIO[codec];
  if (ratio !== undefined && claim > data.length * ratio + 64)
    return `${data.length} bytes of ${codec} data said to decompress to ${claim.toLocaleString('en')}, more than ${codec} can expand`;
  return null;
}

/** The uncompressed length a snappy block starts with (a varint of at most 5 bytes), or null. */
export function snappyLength(data: Uint8Array): number | null {
  let result = 0;
  for (let i = 0; i < 5 && i < data.length; i++) {
    result += (data[i] & 0x7f) * 2 ** (7 * i);
    if ((data[i] & 0x80) === 0) return result;
  }
  return null;
}

/**
 * The Frame_Content_Size of the first zstd frame in `data` (RFC 8878 sec. 3.1.1.1), null when the
 * frame does not state it, 'not zstd' without the magic number. Skippable frames are not expected
 * in a page.
 */
export function zstdContentSize(data: Uint8Array): number | null | 'not zstd' {
  if (data.length < 5 || data[0] !== 0x28 || data[1] !== 0xb5 || data[2] !== 0x2f || data[3] !== 0xfd)
    return 'not zstd';
  const descriptor = data[4];
  const fcsFlag = descriptor >> 6;
  const singleSegment = (descriptor >> 5) & 1;
  const dictBytes = [0, 1, 2, 4][descriptor & 3];
  const fcsBytes = [singleSegment ? 1 : 0, 2, 4, 8][fcsFlag];
  if (fcsBytes === 0) return null;
  const at = 5 + (singleSegment ? 0 : 1) + dictBytes;
  if (at + fcsBytes > data.length) return 'not zstd';
  let size = 0;
  for (let i = fcsBytes - 1; i >= 0; i--) size = size * 256 + data[at + i];
  return fcsBytes === 2 ? size + 256 : size;
}

/**
 * hyparquet-compressors with every output sized by the (checked) claim, zstd by the wasm decoder
 * (zstdPages.ts) into a buffer of the claimed size instead of one it grows.
 */
export const boundedCompressors: Compressors = {
  ...compressors,
  ZSTD: decompressZstdPage,
};
