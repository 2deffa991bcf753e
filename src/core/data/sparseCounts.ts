/**
 * Counts over ids 0..size-1 of which few are non-zero at a time (a group's item votes, the pairs
 * of one first item): one Int32Array kept from use to use, the ids counted listed in the order
 * first met, and cleared by walking that list rather than the whole array.
 */
export class SparseCounts {
  /** counts[id]: how many times id was added since the last clear. */
  readonly counts: Int32Array;
  /** The ids with a non-zero count, in the order first added. */
  readonly met: number[] = [];

  constructor(size: number) {
    this.counts = new Int32Array(size);
  }

  add(id: number): void {
    if (this.counts[id]++ === 0) this.met.push(id);
  }

  /** Zeroes every count (the ids met only). */
  clear(): void {
    const { counts, met } = this;
    for (const id of met) counts[id] = 0;
    met.length = 0;
  }
}
