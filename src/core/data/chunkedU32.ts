/**
 * A growable list of 32-bit values held in chunks of CHUNK values: it grows a chunk at a time, so
 * it never holds more than one chunk beyond its values and never copies them (a doubling array
 * needs up to three times its values while it grows: 34 million rare pairs of 50,000
 * Netflix-shaped rows as a doubling Uint32Array passed 1 GB). Each chunk's bytes are told to
 * `beforeChunk` before it is allocated, so that a memory check can refuse in time.
 */

const CHUNK_BITS = 20;
const CHUNK = 1 << CHUNK_BITS;
const MASK = CHUNK - 1;

export class ChunkedU32 {
  private readonly chunks: Uint32Array[] = [];
  length = 0;

  constructor(private readonly beforeChunk?: (bytes: number) => void) {}

  /** Bytes held (whole chunks). */
  get bytes(): number {
    return this.chunks.length * CHUNK * 4;
  }

  push(value: number): void {
    const at = this.length & MASK;
    if (at === 0 && this.length >>> CHUNK_BITS === this.chunks.length) {
      this.beforeChunk?.((this.chunks.length + 1) * CHUNK * 4);
      this.chunks.push(new Uint32Array(CHUNK));
    }
    this.chunks[this.length >>> CHUNK_BITS][at] = value;
    this.length++;
  }

  get(index: number): number {
    return this.chunks[index >>> CHUNK_BITS][index & MASK];
  }

  set(index: number, value: number): void {
    this.chunks[index >>> CHUNK_BITS][index & MASK] = value;
  }

  /** The values as one array (a copy). */
  toArray(): Uint32Array {
    const out = new Uint32Array(this.length);
    for (let c = 0; c < this.chunks.length; c++) {
      const from = c * CHUNK;
      const count = Math.min(CHUNK, this.length - from);
      if (count > 0) out.set(this.chunks[c].subarray(0, count), from);
    }
    return out;
  }
}
