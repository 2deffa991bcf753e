/**
 * The wasm zstd decoder (core/data/columnar/zstdPages.ts) against the JavaScript one it replaces:
 * the bytes the frames hold (raw and RLE blocks, several frames in one page, which fzstd refuses
 * when given the output buffer), the same as fzstd's for one frame, and a
 * damaged frame never comes out at the page header's length, so hyparquet refuses the page.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decompressZstd } from 'hyparquet-compressors';
import {
  decompressZstdPage,
  zstdDecoderFor,
  zstdReady,
  WASM_PAGE_LIMIT,
} from '../src/core/data/columnar/zstdPages.ts';

/** A zstd frame (RFC 8878 sec. 3.1.1) of one block: raw (`data` as is) or RLE (`data[0]` x `size`). */
function frame(kind: 'raw' | 'rle', data: Uint8Array): Uint8Array {
  const size = data.length;
  const magic = [0x28, 0xb5, 0x2f, 0xfd];
  // Frame header descriptor: single segment, Frame_Content_Size in 4 bytes (flag 2).
  const header = [0xa0, size & 0xff, (size >> 8) & 0xff, (size >> 16) & 0xff, (size >>> 24) & 0xff];
  const blockHeader = (size << 3) | ((kind === 'raw' ? 0 : 1) << 1) | 1; // last block
  const block = [blockHeader & 0xff, (blockHeader >> 8) & 0xff, (blockHeader >> 16) & 0xff];
  const body = kind === 'raw' ? [...data] : [data[0]];
  return Uint8Array.from([...magic, ...header, ...block, ...body]);
}

const javascript = (input: Uint8Array, length: number) => decompressZstd(input, new Uint8Array(length));

describe('zstd pages through wasm', () => {
  it('is ready after zstdReady, and large pages go to the JavaScript decoder', async () => {
    await zstdReady();
    expect(zstdDecoderFor(1 << 20)).toBe('wasm');
    expect(zstdDecoderFor(WASM_PAGE_LIMIT + 1)).toBe('javascript');
  });

  it('the bytes the frames hold, as the JavaScript decoder gives them, for raw and RLE blocks and pages of several frames', async () => {
    await zstdReady();
    fc.assert(
      fc.property(
        fc.array(fc.record({ rle: fc.boolean(), bytes: fc.uint8Array({ minLength: 1, maxLength: 3000 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        (blocks) => {
          const frames = blocks.map((b) => (b.rle ? frame('rle', b.bytes) : frame('raw', b.bytes)));
          const page = Uint8Array.from(frames.flatMap((f) => [...f]));
          const held = Uint8Array.from(
            blocks.flatMap((b) => (b.rle ? Array.from(b.bytes, () => b.bytes[0]) : [...b.bytes])),
          );
          expect(decompressZstdPage(page, held.length)).toEqual(held);
          // fzstd throws on a page of several frames given an output buffer (RangeError); one frame it reads.
          if (frames.length === 1) expect(javascript(page, held.length)).toEqual(held);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a truncated or damaged frame does not come out at the claimed length', async () => {
    await zstdReady();
    const data = Uint8Array.from({ length: 500 }, (_, i) => (i * 7) & 0xff);
    const good = frame('raw', data);
    expect(decompressZstdPage(good, 500)).toEqual(data);
    const truncated = good.subarray(0, good.length - 100);
    expect(decompressZstdPage(truncated, 500).length).not.toBe(500);
    const badMagic = good.slice();
    badMagic[0] = 0;
    expect(decompressZstdPage(badMagic, 500).length).not.toBe(500);
    const reserved = good.slice();
    reserved[9] |= 0x06; // block type 3: reserved
    expect(decompressZstdPage(reserved, 500).length).not.toBe(500);
  });
});
