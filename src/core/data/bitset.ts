/**
 * Word-level bitset primitives over Uint32Array words. The one place in the project that counts,
 * combines and tests bits: BitMatrix rows, row-sets and every method's bit work go through here.
 * A bitset of `size` bits uses `wordsFor(size)` words; bit i lives in word i >>> 5, bit i & 31.
 */

/** Words needed for `bits` bits. */
export function wordsFor(bits: number): number {
  return (bits + 31) >>> 5;
}

/** Number of set bits in one 32-bit word (SWAR popcount). */
export function popcount32(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Set bits among `length` words of `words` starting at `offset`. */
export function popcount(words: Uint32Array, offset = 0, length = words.length - offset): number {
  let count = 0;
  for (let i = 0; i < length; i++) count += popcount32(words[offset + i]);
  return count;
}

/** Hamming distance: set bits of a XOR b over `length` words. */
export function hammingWords(
  a: Uint32Array,
  aOffset: number,
  b: Uint32Array,
  bOffset: number,
  length: number,
): number {
  let count = 0;
  for (let i = 0; i < length; i++) count += popcount32(a[aOffset + i] ^ b[bOffset + i]);
  return count;
}

/** Set bits of a AND b over `length` words (size of the intersection). */
export function intersectionCount(
  a: Uint32Array,
  aOffset: number,
  b: Uint32Array,
  bOffset: number,
  length: number,
): number {
  let count = 0;
  for (let i = 0; i < length; i++) count += popcount32(a[aOffset + i] & b[bOffset + i]);
  return count;
}

export type WordOp = 'and' | 'or' | 'andNot';

/** out[i] = a[i] op b[i] for `length` words; `out` may alias `a`. */
export function combineWords(
  op: WordOp,
  a: Uint32Array,
  aOffset: number,
  b: Uint32Array,
  bOffset: number,
  out: Uint32Array,
  outOffset: number,
  length: number,
): void {
  if (op === 'and') for (let i = 0; i < length; i++) out[outOffset + i] = a[aOffset + i] & b[bOffset + i];
  else if (op === 'or') for (let i = 0; i < length; i++) out[outOffset + i] = a[aOffset + i] | b[bOffset + i];
  else for (let i = 0; i < length; i++) out[outOffset + i] = a[aOffset + i] & ~b[bOffset + i];
}

export function getBit(words: Uint32Array, bit: number): boolean {
  return (words[bit >>> 5] & (1 << (bit & 31))) !== 0;
}

export function setBit(words: Uint32Array, bit: number): void {
  words[bit >>> 5] |= 1 << (bit & 31);
}

export function clearBit(words: Uint32Array, bit: number): void {
  words[bit >>> 5] &= ~(1 << (bit & 31));
}

/** Indices of the set bits, ascending. */
export function setBits(words: Uint32Array, offset = 0, length = words.length - offset): number[] {
  const out: number[] = [];
  for (let w = 0; w < length; w++) {
    let word = words[offset + w];
    while (word !== 0) {
      const low = word & -word;
      out.push(w * 32 + (31 - Math.clz32(low)));
      word ^= low;
    }
  }
  return out;
}

/** A bitset of the rows r with flags[r] === 1 (what a Uint8Array of 0/1 flags says, in n/8 bytes). */
export function bitsetOfFlags(flags: Uint8Array): Uint32Array {
  const words = new Uint32Array(wordsFor(flags.length));
  for (let r = 0; r < flags.length; r++) if (flags[r] === 1) words[r >>> 5] |= 1 << (r & 31);
  return words;
}
