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
  /** The rows that held the pattern when it was mined, ascending. */
  minedRows: number[];
  /** Bit r set while row r holds the pattern and is not yet removed (M_p of Sec. 3.3). */
  mask: Uint32Array;
  support: number;
}

/** The rows that still hold a cached pattern, ascending: its mined rows whose mask bit is set. */
export function heldRows(pattern: CachedPattern): number[] {
  return pattern.minedRows.filter((r) => getBit(pattern.mask, r));
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
  frequent(minSupport: number): readonly CachedPattern[] {
    let longest = -1;
    let shortest = Infinity;
    this.patterns = this.patterns.filter((p) => {
      if (p.support < minSupport) return false;
      longest = Math.max(longest, p.items.length);
      shortest = Math.min(shortest, p.items.length);
      return true;
    });
    // Mined with no slack, every cached pattern has the longest length: no second pass.
    return shortest === longest ? this.patterns : this.patterns.filter((p) => p.items.length === longest);
  }

  /** Alg. 4, refill: cache freshly mined longest closed patterns with their row masks. */
  fill(mined: readonly Pattern[]): CachedPattern[] {
    this.minings++;
    this.patterns = mined.map((p) => {
      const mask = new Uint32Array(wordsFor(this.rowCount));
      for (const r of p.rows) setBit(mask, r);
      return { items: p.items, minedRows: p.rows, mask, support: p.rows.length };
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
