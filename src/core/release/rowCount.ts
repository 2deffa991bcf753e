/**
 * The number of rows a release publishes, whatever its kind (DESIGN.md sec. 4): a `groups`
 * release's QID rows, a `buckets` release's bucket sizes summed, a `disassociated`
 * release's cluster sizes summed, an `itemsets` release's itemsets,
 * the other kinds' transactions.
 */
import { rowCount } from './tokenRows.ts';
import type { Release } from './types.ts';

export function publishedRowCount(release: Release): number {
  switch (release.kind) {
    case 'groups':
      return rowCount(release.groups.qid);
    case 'buckets': {
      let sum = 0;
      for (const size of release.buckets.size) sum += size;
      return sum;
    }
    case 'itemsets':
      return release.itemsets.length;
    case 'disassociated': {
      let sum = 0;
      for (const rows of release.clusters.rows) sum += rows;
      return sum;
    }
    default:
      return rowCount(release.transactions);
  }
}
