/**
 * The counts a PermMondrian split is scored by (index.ts), over one partition: each QID item's
 * support, each sensitive item's total, and, per QID item, the sensitive items among the rows
 * holding it; sensitive items are listed in order of first sight in the partition's row order,
 * which the balance terms are summed in (so that scores, and the splits they choose, are the same
 * to the last bit however the counts were taken).
 * On sparse data Mondrian peels: the best split often takes a few rows off a large partition,
 * which is split again and again (on a Netflix-shaped file each row lies in about 190 partitions).
 * Counting every partition afresh then costs O(nnz x depth); so a large partition's counts are
 * kept, and after a split the smaller side is counted and the larger side's counts are the
 * parent's minus the smaller side's (each row is counted only when it falls on the smaller side,
 * O(nnz log n) in all). Small partitions are counted afresh in a scratch shared by all.
 */
import type { SensitiveRows } from '../shared/p-degree/sensitiveRows.ts';

export interface Split {
  item: number;
  score: number;
}

/** Counts over one partition (see the module comment). */
export class PartitionCounts {
  readonly support: Int32Array;
  /** withItem[item * m + index of s]: rows holding both. */
  readonly withItem: Int32Array;
  readonly totals: Int32Array;
  /** Items that may have support > 0 (any order; items at 0 are skipped). */
  items: number[] = [];
  /** Sensitive items with a total > 0, in order of first sight. */
  sensitiveSeen: number[] = [];

  constructor(
    private readonly rows: SensitiveRows,
    /** Index of each sensitive item in `rows.sensitive` (-1 for the others). */
    private readonly sensitiveIndex: Int32Array,
  ) {
    const m = rows.sensitive.length;
    this.support = new Int32Array(rows.dataset.d);
    this.withItem = new Int32Array(rows.dataset.d * m);
    this.totals = new Int32Array(m);
  }

  /** Adds (sign 1) or takes away (sign -1) the rows of `part`; adding lists new items and sensitive items. */
  add(part: readonly number[], sign: 1 | -1): void {
    const { support, items, sensitiveIndex, totals, sensitiveSeen, withItem } = this;
    const m = totals.length;
    const { isSensitive, sensitiveOf, holdsSensitive } = this.rows;
    const { offsets, items: rowItems } = this.rows.dataset;
    for (const r of part) {
      const own = sensitiveOf[r];
      const sensitiveRow = holdsSensitive[r] === 1;
      if (sensitiveRow)
        for (const s of own) {
          const before = totals[sensitiveIndex[s]];
          totals[sensitiveIndex[s]] = before + sign;
          if (before === 0) sensitiveSeen.push(s);
        }
      const end = offsets[r + 1];
      for (let k = offsets[r]; k < end; k++) {
        const item = rowItems[k];
        if (isSensitive[item]) continue;
        const before = support[item];
        support[item] = before + sign;
        if (before === 0) items.push(item);
        if (sensitiveRow) for (const s of own) withItem[item * m + sensitiveIndex[s]] += sign;
      }
    }
  }

  /**
   * The best feasible split (PermMondrian's score, index.ts), or null: over items with support in
   * (0, |part|), both sides keeping degree >= p for every sensitive item seen. `scored` (recorded
   * runs) receives every item weighed, with its score, or null when a side would break degree p.
   */
  bestSplit(size: number, p: number, scored?: { item: number; score: number | null }[]): Split | null {
    const { support, sensitiveIndex, totals, sensitiveSeen, withItem } = this;
    const m = totals.length;
    let best: Split | null = null;
    for (const item of this.items) {
      const left = support[item];
      const right = size - left;
      if (left === 0 || right === 0) continue;
      let feasible = true;
      let sensitiveBalance = 0;
      for (const s of sensitiveSeen) {
        const total = totals[sensitiveIndex[s]];
        const l = withItem[item * m + sensitiveIndex[s]];
        const r = total - l;
        if (l * p > left || r * p > right) {
          feasible = false;
          break;
        }
        sensitiveBalance += Math.abs(l / left - r / right);
      }
      if (!feasible) {
        scored?.push({ item, score: null });
        continue;
      }
      const score = Math.abs(left - right) / size + sensitiveBalance;
      scored?.push({ item, score });
      if (!best || score < best.score || (score === best.score && item < best.item)) best = { item, score };
    }
    return best;
  }

  /**
   * After `add(smaller, -1)`: drops items at 0 from the list, and lists the sensitive items still
   * held in their order of first sight in `rowsInOrder` (the partition's rows, in order).
   */
  settle(rowsInOrder: readonly number[]): void {
    this.items = this.items.filter((item) => this.support[item] > 0);
    this.sensitiveSeen = firstSeen(this.rows, rowsInOrder);
  }

  /** Zeroes what `add` counted (a scratch reused from partition to partition). */
  clear(): void {
    const m = this.totals.length;
    const { support, withItem } = this;
    for (const item of this.items) {
      support[item] = 0;
      for (let j = item * m; j < item * m + m; j++) withItem[j] = 0;
    }
    this.items.length = 0;
    this.totals.fill(0);
    this.sensitiveSeen.length = 0;
  }
}

/** The sensitive items of `part`'s rows, in order of first sight. */
function firstSeen(rows: SensitiveRows, part: readonly number[]): number[] {
  const seen = new Set<number>();
  for (const r of part) if (rows.holdsSensitive[r] === 1) for (const s of rows.sensitiveOf[r]) seen.add(s);
  return [...seen];
}
