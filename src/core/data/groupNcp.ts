/**
 * NCP(g) of PatternKa eq. 8 for set-valued data: a group of input rows published as one class
 * costs |g| for every item that some but not all of its rows hold (NCP_A(g) = 1 for such an item A,
 * 0 for an item every row holds). PatternKa picks groups by it; the `ncp` metric counts the same
 * uncertain items per input occurrence (metrics/certaintyPenalty.ts).
 */
import type { Dataset } from './dataset.ts';

/** How many of `rows` hold each item that one of them holds. */
export function itemHolderCounts(dataset: Dataset, rows: readonly number[]): Map<number, number> {
  const holders = new Map<number, number>();
  for (const r of rows) for (const item of dataset.row(r)) holders.set(item, (holders.get(item) ?? 0) + 1);
  return holders;
}

export function groupNcp(dataset: Dataset, rows: readonly number[]): number {
  let partial = 0;
  for (const count of itemHolderCounts(dataset, rows).values()) if (count < rows.length) partial++;
  return rows.length * partial;
}
