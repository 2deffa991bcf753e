/**
 * Fixed-width tuples of small non-negative integers (itemsets of item ids) numbered 0, 1, 2, ... in
 * the order they are first added, in an open-addressing hash table over typed arrays (the hash of
 * TupleCounter, tupleCounts.ts): `add` gives a tuple's number, adding it when new; `find` gives it
 * or -1. Callers keep what they count per tuple in arrays indexed by that number (the level-wise
 * supports of (h,k,p)-coherence's candidate itemsets and of their private items, release/moles.ts),
 * and read the tuples back in order with `tuple(i)`.
 */
import { hashOf } from './tupleCounts.ts';

export class TupleIndex {
  /** The tuples in order of first addition: tuple i is keys[i*width .. (i+1)*width). */
  private keys: Uint32Array;
  /** slot -> tuple number + 1 (0: empty). */
  private slots: Uint32Array;
  private mask: number;
  size = 0;

  constructor(
    readonly width: number,
    capacity = 1 << 10,
  ) {
    let cap = 16;
    while (cap < capacity * 2) cap *= 2;
    this.slots = new Uint32Array(cap);
    this.keys = new Uint32Array(Math.max(16, capacity) * width);
    this.mask = cap - 1;
  }

  /** The number of the tuple at tuple[0..width), or -1 when it was never added. */
  find(tuple: ArrayLike<number>): number {
    let slot = hashOf(tuple, 0, this.width) & this.mask;
    for (;;) {
      const at = this.slots[slot];
      if (at === 0) return -1;
      if (this.matches(at - 1, tuple)) return at - 1;
      slot = (slot + 1) & this.mask;
    }
  }

  /** The number of the tuple at tuple[0..width), added (as the next number) when new. */
  add(tuple: ArrayLike<number>): number {
    const w = this.width;
    let slot = hashOf(tuple, 0, w) & this.mask;
    for (;;) {
      const at = this.slots[slot];
      if (at === 0) break;
      if (this.matches(at - 1, tuple)) return at - 1;
      slot = (slot + 1) & this.mask;
    }
    const index = this.size++;
    if (this.keys.length < this.size * w) {
      const keys = new Uint32Array(this.keys.length * 2);
      keys.set(this.keys);
      this.keys = keys;
    }
    for (let j = 0; j < w; j++) this.keys[index * w + j] = tuple[j];
    this.slots[slot] = index + 1;
    if (this.size * 2 > this.mask) this.grow();
    return index;
  }

  /** Tuple i (a view valid until the next `add`). */
  tuple(i: number): Uint32Array {
    return this.keys.subarray(i * this.width, (i + 1) * this.width);
  }

  private matches(index: number, tuple: ArrayLike<number>): boolean {
    const base = index * this.width;
    for (let j = 0; j < this.width; j++) if (this.keys[base + j] !== tuple[j]) return false;
    return true;
  }

  private grow(): void {
    const cap = (this.mask + 1) * 2;
    this.slots = new Uint32Array(cap);
    this.mask = cap - 1;
    for (let i = 0; i < this.size; i++) {
      let slot = hashOf(this.keys, i * this.width, this.width) & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = i + 1;
    }
  }
}
