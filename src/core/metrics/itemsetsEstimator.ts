/**
 * The support an `itemsets` release gives an itemset of input item ids (for the summary's frequent
 * pairs, estimators.ts): its noisy support when the release publishes it, else 0: the release
 * answers only its k itemsets (an unpublished pair is not kept, whatever its support).
 */
import type { Dataset } from '../data/dataset.ts';
import type { ItemsetsRelease } from '../release/itemsets.ts';

export function itemsetsEstimator(
  dataset: Dataset,
  release: ItemsetsRelease,
): (itemset: readonly number[]) => number {
  const key = (tokens: readonly string[]) => [...tokens].sort().join('\u0000');
  const published = new Map(release.itemsets.map((s) => [key(s.items), s.support]));
  return (itemset) => published.get(key(itemset.map((id) => dataset.dictionary.token(id)))) ?? 0;
}
