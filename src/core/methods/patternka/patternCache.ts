/**
 * Longest-closed-pattern caching with bitset frequency counting (PatternKa Sec. 3.3, third and
 * fourth speed-ups; Alg. 4, claim C.3 and its proof in Sec. 7.2). Removing rows never creates a new
 * frequent or closed pattern, so the longest patterns mined once stay the longest while they are
 * frequent; each cached pattern keeps a bitset mask over the rows that hold it, and removing a group
 * clears the group's bits, O(|group|) per pattern (eq. 25), instead of recounting over the data.
 */
import { clearBit, getBit, setBit, wordsFor } from '../../data/bitset.ts';
import type { Pattern } from './longestClosedPatterns.ts';

export interface CachedPattern {
  items: number[];
  mask: Uint32Array;
  support: number;
}

export class PatternCache {
  private patterns: CachedPattern[] = [];
  /** For each row, the cached patterns that hold it (CSR over rows; rebuilt at each fill). */
  private holderStart = new Uint32Array(0);
  private holders = new Uint32Array(0);
  private filled: CachedPattern[] = [];
  /** How many times the cache was refilled by mining (for the run's notes). */
  minings = 0;

  constructor(private readonly rowCount: number) {}

  /**
   * Alg. 4, first lines: the longest of the cached patterns still frequent at `minSupport`. The
   * cache may hold a few lengths below the longest (the miner's slack): by claim C.3's argument
   * (a pattern's closure keeps at least its support as rows go), whenever a cached pattern is still
   * frequent, the longest frequent patterns of the remaining rows are all in the cache.
   */
  frequent(minSupport: number): CachedPattern[] {
    this.patterns = this.patterns.filter((p) => p.support >= minSupport);
    const longest = this.patterns.reduce((max, p) => Math.max(max, p.items.length), -1);
    return this.patterns.filter((p) => p.items.length === longest);
  }

  /** Alg. 4, refill: cache freshly mined longest closed patterns with their row masks. */
  fill(mined: readonly Pattern[]): CachedPattern[] {
    this.minings++;
    this.patterns = mined.map((p) => {
      const mask = new Uint32Array(wordsFor(this.rowCount));
      for (const r of p.rows) setBit(mask, r);
      return { items: p.items, mask, support: p.rows.length };
    });
    this.filled = this.patterns;
    // Row -> patterns holding it, so that removing a group touches only the patterns it affects.
    this.holderStart = new Uint32Array(this.rowCount + 1);
    for (const p of mined) for (const r of p.rows) this.holderStart[r + 1]++;
    for (let r = 0; r < this.rowCount; r++) this.holderStart[r + 1] += this.holderStart[r];
    this.holders = new Uint32Array(this.holderStart[this.rowCount]);
    const next = this.holderStart.slice(0, this.rowCount);
    mined.forEach((p, i) => {
      for (const r of p.rows) this.holders[next[r]++] = i;
    });
    return this.patterns;
  }

  /** Clears removed rows from the masks of the cached patterns that hold them. */
  removeRows(rows: readonly number[]): void {
    for (const r of rows) {
      for (let h = this.holderStart[r]; h < this.holderStart[r + 1]; h++) {
        const pattern = this.filled[this.holders[h]];
        if (getBit(pattern.mask, r)) {
          clearBit(pattern.mask, r);
          pattern.support--;
        }
      }
    }
  }
}
