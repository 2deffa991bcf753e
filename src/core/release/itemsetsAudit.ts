/**
 * The audit of an `itemsets` release (DESIGN.md sec. 4; never published): the true supports of the
 * published itemsets and the true top k (data/topItemsets.ts), from which the metrics' precision,
 * false-negative rate and relative error are read (metrics/topkAccuracy.ts). The verifier recomputes
 * it from the input.
 */
import type { Dataset } from '../data/dataset.ts';
import { ItemRows } from '../data/itemRows.ts';
import { topItemsets } from '../data/topItemsets.ts';
import type { ItemsetsAudit, ItemsetsRelease } from './itemsets.ts';

export function itemsetsAudit(dataset: Dataset, release: ItemsetsRelease, k: number): ItemsetsAudit {
  const index = ItemRows.of(dataset);
  const support = (tokens: readonly string[]) => {
    const ids = tokens.map((t) => dataset.dictionary.find(t));
    return ids.some((id) => id === undefined) ? 0 : index.countRowsContaining(ids as number[]);
  };
  return {
    published: release.itemsets.map((s) => support(s.items)),
    topK: topItemsets(dataset, k).map((s) => ({
      items: s.items.map((id) => dataset.dictionary.token(id)),
      support: s.support,
    })),
  };
}
