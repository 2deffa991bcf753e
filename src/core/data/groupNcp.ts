/**
 * NCP(g) of PatternKa eq. 8 for set-valued data: a group of input rows published as one class
 * costs |g| for every item that some but not all of its rows hold (NCP_A(g) = 1 for such an item A,
 * 0 for an item every row holds). PatternKa picks groups by it and the `ncp` metric sums it.
 */
import type { Dataset } from './dataset.ts';

export function groupNcp(dataset: Dataset, rows: readonly number[]): number {
  const holders = new Map<number, number>();
  for (const r of rows) for (const item of dataset.row(r)) holders.set(item, (holders.get(item) ?? 0) + 1);
  let partial = 0;
  for (const count of holders.values()) if (count < rows.length) partial++;
  return rows.length * partial;
}
