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
    return this.patterns;
  }

  /** Clears removed rows from every cached mask. */
  removeRows(rows: readonly number[]): void {
    for (const pattern of this.patterns) {
      for (const r of rows) {
        if (getBit(pattern.mask, r)) {
          clearBit(pattern.mask, r);
          pattern.support--;
        }
      }
    }
  }
}
