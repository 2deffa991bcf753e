/**
 * BitMatrix (DESIGN.md sec. 2): the dense binary matrix A of Ghinita Sec. 3, n rows (transactions)
 * by d columns (items), row-major, `wordsPerRow = ceil(d/32)` Uint32 words per row, in shared memory
 * where possible. The row primitives here are the ones every method shares.
 */
import { allocateU32 } from './sharedBuffer.ts';
import {
  combineWords,
  getBit,
  hammingWords,
  intersectionCount,
  popcount,
  setBit,
  wordsFor,
  type WordOp,
} from './bitset.ts';

export class BitMatrix {
  readonly wordsPerRow: number;

  constructor(
    readonly rows: number,
    readonly cols: number,
    readonly words: Uint32Array = allocateU32(rows * wordsFor(cols)),
  ) {
    this.wordsPerRow = wordsFor(cols);
    if (words.length !== rows * this.wordsPerRow) throw new Error('BitMatrix: words length mismatch');
  }

  /** Bytes a matrix of this shape needs. */
  static bytesFor(rows: number, cols: number): number {
    return rows * wordsFor(cols) * 4;
  }

  /** Builds the matrix of a CSR (offsets, items) pair. */
  static fromCsr(offsets: Uint32Array, items: Uint32Array, cols: number): BitMatrix {
    const rows = offsets.length - 1;
    const matrix = new BitMatrix(rows, cols);
    const wpr = matrix.wordsPerRow;
    const words = matrix.words;
    for (let r = 0; r < rows; r++) {
      const base = r * wpr;
      for (let k = offsets[r]; k < offsets[r + 1]; k++) {
        const item = items[k];
        words[base + (item >>> 5)] |= 1 << (item & 31);
      }
    }
    return matrix;
  }

  /** The words of row r (a view, no copy). */
  row(r: number): Uint32Array {
    return this.words.subarray(r * this.wordsPerRow, (r + 1) * this.wordsPerRow);
  }

  has(r: number, item: number): boolean {
    return getBit(this.words, r * this.wordsPerRow * 32 + item);
  }

  set(r: number, item: number): void {
    setBit(this.words, r * this.wordsPerRow * 32 + item);
  }

  /** Number of items in row r. */
  rowPopcount(r: number): number {
    return popcount(this.words, r * this.wordsPerRow, this.wordsPerRow);
  }

  /** Hamming distance between rows a and b: the size of their symmetric difference. */
  hamming(a: number, b: number): number {
    const w = this.wordsPerRow;
    return hammingWords(this.words, a * w, this.words, b * w, w);
  }

  /** Number of items rows a and b share. */
  commonItems(a: number, b: number): number {
    const w = this.wordsPerRow;
    return intersectionCount(this.words, a * w, this.words, b * w, w);
  }

  /** Row a AND row b into `out` (a fresh row when omitted). */
  andRows(a: number, b: number, out?: Uint32Array): Uint32Array {
    return this.combine('and', a, b, out);
  }

  /** Row a OR row b. */
  orRows(a: number, b: number, out?: Uint32Array): Uint32Array {
    return this.combine('or', a, b, out);
  }

  /** Row a AND NOT row b: the items of a that b lacks. */
  andNotRows(a: number, b: number, out?: Uint32Array): Uint32Array {
    return this.combine('andNot', a, b, out);
  }

  /** Support of every column: how many rows hold each item. */
  columnSupports(): Uint32Array {
    const supports = new Uint32Array(this.cols);
    const w = this.wordsPerRow;
    for (let r = 0; r < this.rows; r++) {
      const base = r * w;
      for (let k = 0; k < w; k++) {
        let word = this.words[base + k];
        while (word !== 0) {
          const low = word & -word;
          supports[k * 32 + (31 - Math.clz32(low))]++;
          word ^= low;
        }
      }
    }
    return supports;
  }

  /** The rows that contain every item of `itemset`, as a bitset over rows (wordsFor(rows) words). */
  rowsContaining(itemset: readonly number[]): Uint32Array {
    const result = new Uint32Array(wordsFor(this.rows));
    const mask = new Uint32Array(this.wordsPerRow);
    for (const item of itemset) mask[item >>> 5] |= 1 << (item & 31);
    const w = this.wordsPerRow;
    for (let r = 0; r < this.rows; r++) {
      if (this.containsMask(r * w, mask)) result[r >>> 5] |= 1 << (r & 31);
    }
    return result;
  }

  private containsMask(base: number, mask: Uint32Array): boolean {
    for (let k = 0; k < mask.length; k++) {
      // A bit of the mask missing from the row; `m & ~row` stays correct for bit 31 (signed ints).
      if ((mask[k] & ~this.words[base + k]) !== 0) return false;
    }
    return true;
  }

  private combine(op: WordOp, a: number, b: number, out?: Uint32Array): Uint32Array {
    const w = this.wordsPerRow;
    const target = out ?? new Uint32Array(w);
    combineWords(op, this.words, a * w, this.words, b * w, target, 0, w);
    return target;
  }
}
