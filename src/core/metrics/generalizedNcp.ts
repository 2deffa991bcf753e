/**
 * NCP of a `generalized` release (Terrovitis, Mamoulis, Kalnis, PVLDB 2008, the measure COAT's
 * baseline [20] minimises; DESIGN.md sec. 5 `ncp`): each item occurrence of the input costs c/|I|
 * when its item is published as a label that stands for c of the dataset's |I| items (with a
 * hierarchy: the leaves under its node, which are the label's items), 1 when the item is suppressed,
 * 0 when it is kept as is; the release's NCP is the mean over all item occurrences of the input, a
 * share in [0, 1].
 */
import type { Dataset } from '../data/dataset.ts';
import { itemSupports } from '../data/stats.ts';
import type { GeneralizedRelease } from '../release/types.ts';
import { within } from './sampling.ts';

export function generalizedNcp(dataset: Dataset, release: GeneralizedRelease): number {
  const occurrences = dataset.items.length;
  if (occurrences === 0 || dataset.d === 0) return 0;
  const supports = itemSupports(dataset);
  const support = (token: string) => supports[dataset.dictionary.find(token) ?? -1] ?? 0;
  let cost = 0;
  for (const items of Object.values(release.generalized)) {
    if (items.length < 2) continue;
    for (const token of items) cost += (support(token) * items.length) / dataset.d;
  }
  for (const token of release.suppressed) cost += support(token);
  return within(cost / occurrences, 0, 1);
}
