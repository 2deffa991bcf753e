/**
 * Reading a `groups` or `buckets` release's typed body (types.ts) the way its JSON reads: the
 * number of groups, a group's size, rows and sensitive counts; a bucket's columns and cells.
 */
import { TokenRowsBuilder } from './tokenRows.ts';
import type { BucketsTable, GroupsTable } from './types.ts';

export function groupCount(table: GroupsTable): number {
  return table.start.length - 1;
}

/** Group g's number of QID rows (|G|). */
export function groupSize(table: GroupsTable, g: number): number {
  return table.start[g + 1] - table.start[g];
}

/** Group g's published count of the token with id `id` in `table.sensitive.tokens` (0 if none). */
export function sensitiveCountOf(table: GroupsTable, g: number, id: number): number {
  const { offsets, items, counts } = table.sensitive;
  for (let k = offsets[g]; k < offsets[g + 1]; k++) if (items[k] === id) return counts[k];
  return 0;
}

export function bucketCount(table: BucketsTable): number {
  return table.size.length;
}

/** How many columns bucket b publishes. */
export function bucketColumnCount(table: BucketsTable, b: number): number {
  return table.columnStart[b + 1] - table.columnStart[b];
}

/** Bucket b's column c as a range of rows of `table.cells` ([from, to)), or null when it has none. */
export function bucketCells(table: BucketsTable, b: number, c: number): { from: number; to: number } | null {
  const list = table.columnStart[b] + c;
  if (c < 0 || list >= table.columnStart[b + 1]) return null;
  return { from: table.cellStart[list], to: table.cellStart[list + 1] };
}

/**
 * Assembles a BucketsTable bucket by bucket: `startBucket(size)`, then per column its cells
 * (`pushId`s, `endCell`), `endColumn`; ids into `tokens`.
 */
export class BucketsTableBuilder {
  private readonly cells: TokenRowsBuilder;
  private readonly size: number[] = [];
  private readonly columnStart: number[] = [0];
  private readonly cellStart: number[] = [0];

  constructor(tokens: readonly string[], expectedItems = 1024, expectedCells = 128) {
    this.cells = new TokenRowsBuilder(tokens, expectedItems, expectedCells);
  }

  startBucket(size: number): void {
    this.size.push(size);
  }

  pushId(id: number): void {
    this.cells.pushId(id);
  }

  endCell(): void {
    this.cells.endRow();
  }

  endColumn(): void {
    this.cellStart.push(this.cells.rowCount);
  }

  endBucket(): void {
    this.columnStart.push(this.cellStart.length - 1);
  }

  build(): BucketsTable {
    return {
      size: Uint32Array.from(this.size),
      columnStart: Uint32Array.from(this.columnStart),
      cellStart: Uint32Array.from(this.cellStart),
      cells: this.cells.build(),
    };
  }
}
