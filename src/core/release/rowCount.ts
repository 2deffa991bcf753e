/**
 * The number of rows a release publishes, whatever its kind (DESIGN.md sec. 4): a `groups`
 * release's QID rows, a `buckets` release's bucket sizes summed, an `itemsets` release's itemsets,
 * the other kinds' transactions.
 */
import { groupRowCount } from './groupRows.ts';
import type { Release } from './types.ts';

export function publishedRowCount(release: Release): number {
  switch (release.kind) {
    case 'groups':
      return groupRowCount(release);
    case 'buckets':
      return release.buckets.reduce((sum, bucket) => sum + bucket.size, 0);
    case 'itemsets':
      return release.itemsets.length;
    default:
      return release.transactions.length;
  }
}
