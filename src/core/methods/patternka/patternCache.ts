/**
 * Longest-closed-pattern caching with bitset frequency counting (PatternKa Sec. 3.3, third and
 * fourth speed-ups; Alg. 4, claim C.3 and its proof in Sec. 7.2). Removing rows never creates a new
 * frequent or closed pattern, so the longest patterns mined once stay the longest while they are
 * frequent; each cached pattern keeps a bitset mask M_p of the rows that hold it, and removing a
 * group clears the group's bits in the masks of the patterns that hold its rows, O(|M_p ∩ M_g|)
 * per pattern (eq. 25), instead of recounting over the data.
 *
 * One difference from the paper's M_p, which has a bit for each of the N input rows: a pattern's
 * mask here has a bit for each of the rows that held it when it was mined (its `minedRows`), since
 * the other N - |minedRows| bits are zero for good. Same updates and counts, without N / 8 bytes per
 * pattern (3,160 patterns x 60k rows on BMS1 at k = 5: 24 MB allocated and zeroed per mining).
 */
import { clearBit, getBit, setBit, wordsFor } from '../../data/bitset.ts';
import { FenwickFlags } from '../../data/fenwickFlags.ts';
import type { Pattern } from './longestClosedPatterns.ts';

export interface CachedPattern {
  items: number[];
  /** The rows that held the pattern when it was mined, ascending. */
  minedRows: number[];
  /** M_p of Sec. 3.3 over the mined rows: bit i set while minedRows[i] is not removed. */
  mask: Uint32Array;
  support: number;
}

/** The rows that still hold a cached pattern, ascending: its mined rows whose mask bit is set. */
export function heldRows(pattern: CachedPattern): number[] {
  return pattern.minedRows.filter((_, i) => getBit(pattern.mask, i));
}

/** The longest cached patterns still frequent, in mined order: `count` of them, the n-th by `at`. */
export interface LongestFrequent {
  count: number;
  at(n: number): CachedPattern;
}

export class PatternCache {
  /** The patterns of the last fill, longest first, in mined order within a length. */
  private patterns: CachedPattern[] = [];
  /** Flag i is raised while patterns[i] is frequent. */
  private frequentFlags = new FenwickFlags(0);
  /** patterns[lengthStart[j]..lengthStart[j+1]) share a length; the first range is the longest. */
  private lengthStart: number[] = [0];
  /** The first length range that may still hold a frequent pattern (ranges only ever empty). */
  private lengthRange = 0;
  /**
   * For each row, the cached patterns that hold it and the row's bit in their masks, as linked
   * entries: row r's first entry is firstEntry[r] (-1: none), the next one entryNext[e]. Unlike a
   * CSR over all N rows, a refill touches only the rows of the old and new patterns.
   */
  private readonly firstEntry: Int32Array;
  private entryNext = new Int32Array(0);
  private entryPattern = new Int32Array(0);
  private entryBit = new Int32Array(0);
  /** How many times the cache was refilled by mining (for the run's notes). */
  minings = 0;

  constructor(
    rowCount: number,
    private readonly minSupport: number,
  ) {
    this.firstEntry = new Int32Array(rowCount).fill(-1);
  }

  /**
   * Alg. 4, first lines: the longest of the cached patterns still frequent (count 0: mine again).
   * The cache may hold a few lengths below the longest (the miner's slack): by claim C.3's argument
   * (a pattern's closure keeps at least its support as rows go), whenever a cached pattern is still
   * frequent, the longest frequent patterns of the remaining rows are all in the cache.
   */
  longestFrequent(): LongestFrequent {
    const { frequentFlags: flags, lengthStart } = this;
    for (; this.lengthRange < lengthStart.length - 1; this.lengthRange++) {
      const start = lengthStart[this.lengthRange];
      const before = flags.countBelow(start);
      const count = flags.countBelow(lengthStart[this.lengthRange + 1]) - before;
      if (count > 0) return { count, at: (n) => this.patterns[flags.nthRaised(before + n)] };
    }
    return { count: 0, at: () => undefined as never };
  }

  /** Alg. 4, refill: cache freshly mined longest closed patterns with their row masks. */
  fill(mined: readonly Pattern[]): void {
    this.minings++;
    for (const p of this.patterns) for (const r of p.minedRows) this.firstEntry[r] = -1;
    const order = mined
      .map((_, i) => i)
      .sort((a, b) => mined[b].items.length - mined[a].items.length || a - b);
    this.patterns = order.map((i) => {
      const p = mined[i];
      const mask = new Uint32Array(wordsFor(p.rows.length));
      for (let bit = 0; bit < p.rows.length; bit++) setBit(mask, bit);
      return { items: p.items, minedRows: p.rows, mask, support: p.rows.length };
    });
    this.frequentFlags = new FenwickFlags(this.patterns.length);
    this.patterns.forEach((p, i) => {
      if (p.support < this.minSupport) this.frequentFlags.lower(i);
    });
    this.lengthStart = [0];
    this.patterns.forEach((p, i) => {
      if (i > 0 && p.items.length !== this.patterns[i - 1].items.length) this.lengthStart.push(i);
    });
    this.lengthStart.push(this.patterns.length);
    this.lengthRange = 0;
    this.indexHolders();
  }

  /** Row -> (pattern, bit) entries, so that removing a group touches only the patterns it affects. */
  private indexHolders(): void {
    const { firstEntry, patterns } = this;
    let entries = 0;
    for (const p of patterns) entries += p.minedRows.length;
    const next = (this.entryNext = new Int32Array(entries));
    const pattern = (this.entryPattern = new Int32Array(entries));
    const bitOf = (this.entryBit = new Int32Array(entries));
    let e = 0;
    patterns.forEach((p, i) =>
      p.minedRows.forEach((r, bit) => {
        pattern[e] = i;
        bitOf[e] = bit;
        next[e] = firstEntry[r];
        firstEntry[r] = e++;
      }),
    );
  }

  /** Clears removed rows from the masks of the cached patterns that hold them. */
  removeRows(rows: readonly number[]): void {
    for (const r of rows) {
      for (let e = this.firstEntry[r]; e >= 0; e = this.entryNext[e]) {
        const index = this.entryPattern[e];
        const pattern = this.patterns[index];
        if (!getBit(pattern.mask, this.entryBit[e])) continue;
        clearBit(pattern.mask, this.entryBit[e]);
        if (--pattern.support < this.minSupport) this.frequentFlags.lower(index);
      }
    }
  }
}
