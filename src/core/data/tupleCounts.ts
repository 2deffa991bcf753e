/**
 * Counts of fixed-width tuples of small non-negative integers (itemsets of node or item ids) in an
 * open-addressing hash table over typed arrays: no string keys, no object per tuple, so the
 * millions of 2-itemsets of a large retail log fit in tens of megabytes. Tuples are visited in the
 * order they were first added, which keeps every caller deterministic.
 */
export class TupleCounter {
  private keys: Uint32Array;
  private counts: Uint32Array;
  /** Slots in order of first insertion. */
  private order: Uint32Array;
  private mask: number;
  size = 0;

  constructor(
    readonly width: number,
    capacity = 1 << 12,
  ) {
    let cap = 16;
    while (cap < capacity) cap *= 2;
    this.keys = new Uint32Array(cap * width);
    this.counts = new Uint32Array(cap);
    this.order = new Uint32Array(cap);
    this.mask = cap - 1;
  }

  /** Adds one to the count of the tuple at tuple[0..width). */
  add(tuple: ArrayLike<number>): void {
    const w = this.width;
    let slot = hashOf(tuple, 0, w) & this.mask;
    for (;;) {
      if (this.counts[slot] === 0) {
        const base = slot * w;
        for (let j = 0; j < w; j++) this.keys[base + j] = tuple[j];
        this.counts[slot] = 1;
        this.order[this.size++] = slot;
        if (this.size * 2 > this.mask) this.grow();
        return;
      }
      if (this.matches(slot, tuple)) {
        this.counts[slot]++;
        return;
      }
      slot = (slot + 1) & this.mask;
    }
  }

  /** Visits every tuple (a view valid during the call) with its count, in order of first insertion. */
  forEach(visit: (tuple: Uint32Array, count: number) => void): void {
    const w = this.width;
    for (let i = 0; i < this.size; i++) {
      const slot = this.order[i];
      visit(this.keys.subarray(slot * w, slot * w + w), this.counts[slot]);
    }
  }

  private matches(slot: number, tuple: ArrayLike<number>): boolean {
    const base = slot * this.width;
    for (let j = 0; j < this.width; j++) if (this.keys[base + j] !== tuple[j]) return false;
    return true;
  }

  private grow(): void {
    const { keys, counts, order, size, width } = this;
    const cap = (this.mask + 1) * 2;
    this.keys = new Uint32Array(cap * width);
    this.counts = new Uint32Array(cap);
    this.order = new Uint32Array(cap);
    this.mask = cap - 1;
    this.size = 0;
    for (let i = 0; i < size; i++) {
      const old = order[i];
      let slot = hashOf(keys, old * width, width) & this.mask;
      while (this.counts[slot] !== 0) slot = (slot + 1) & this.mask;
      for (let j = 0; j < width; j++) this.keys[slot * width + j] = keys[old * width + j];
      this.counts[slot] = counts[old];
      this.order[this.size++] = slot;
    }
  }
}

/** A 32-bit mix of the tuple at array[start..start+width) (murmur3's steps and finalizer). */
export function hashOf(array: ArrayLike<number>, start: number, width: number): number {
  let h = 0x9747b28c;
  for (let j = start; j < start + width; j++) {
    let x = Math.imul(array[j], 0xcc9e2d51);
    x = (x << 15) | (x >>> 17);
    h ^= Math.imul(x, 0x1b873593);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
