/**
 * Pgen (Loukides et al., Alg. 4, Def. 5.1): the maximal infrequent itemsets of the data as privacy
 * constraints: the transactions, largest first, that are not a subset of another transaction and
 * whose support is below k. The paper's pairwise subset test is quadratic; here a transaction's
 * supersets are read off the item-to-rows lists (the rows holding all of its items, counted up to
 * the first longer one), so each test costs one intersection of its items' row lists. Identical
 * transactions give one constraint.
 */
import type { Dataset } from '../../data/dataset.ts';
import { ItemRows } from '../../data/itemRows.ts';

export function pgen(dataset: Dataset, k: number): number[][] {
  const index = ItemRows.of(dataset);
  const order = Array.from({ length: dataset.n }, (_, r) => r).sort(
    (a, b) => dataset.rowLength(b) - dataset.rowLength(a) || a - b,
  );
  const seen = new Set<string>();
  const constraints: number[][] = [];
  for (const r of order) {
    const row = Array.from(dataset.row(r));
    if (row.length === 0) continue;
    const key = row.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    const bySupport = [...row].sort((a, b) => index.support(a) - index.support(b));
    let holders = 0;
    let hasLongerSuperset = false;
    for (const u of index.rowsOf(bySupport[0])) {
      if (!bySupport.every((item) => dataset.bits?.has(u, item) ?? dataset.row(u).includes(item))) continue;
      if (dataset.rowLength(u) > row.length) {
        hasLongerSuperset = true;
        break;
      }
      holders++;
    }
    if (!hasLongerSuperset && holders < k) constraints.push(row);
  }
  return constraints;
}
