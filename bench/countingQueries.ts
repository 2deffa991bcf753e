/**
 * The counting-query measures of the PrivBayes benchmark (bench/privbayes.ts) and its reproduction
 * (bench/reproduce/privbayes.ts), shared: a release's rows as a Dataset of their own, the average
 * relative error of a workload of itemset counting queries with the 0.1% sanity bound, and the F1 of
 * the top-k itemsets.
 */
import type { Dataset } from '../src/core/data/dataset.ts';
import { DatasetBuilder } from '../src/core/data/datasetBuilder.ts';
import { ItemRows } from '../src/core/data/itemRows.ts';
import { topItemsets } from '../src/core/data/topItemsets.ts';
import { rowTokens, rowCount } from '../src/core/release/tokenRows.ts';
import type { TransactionsRelease } from '../src/core/release/types.ts';

/** The release's rows as a Dataset of their own (queries map tokens between the two). */
export function releaseDataset(release: TransactionsRelease): Dataset {
  const builder = new DatasetBuilder();
  for (let r = 0; r < rowCount(release.transactions); r++)
    builder.addTokens(rowTokens(release.transactions, r));
  return builder.build('release', 'fimi', 0, false);
}

/**
 * Mean over `queries` (input item ids) of |true count − release's count| / max(true count, 0.1% of
 * the input's rows); an item the release lacks makes its count 0.
 */
export function relativeErrors(input: Dataset, release: Dataset, queries: number[][]): number {
  const truth = ItemRows.of(input);
  const estimate = ItemRows.of(release);
  const bound = 0.001 * input.n;
  let sum = 0;
  for (const query of queries) {
    const a = truth.countRowsContaining(query);
    const ids = query.map((id) => release.dictionary.find(input.dictionary.token(id)));
    const e = ids.some((id) => id === undefined) ? 0 : estimate.countRowsContaining(ids as number[]);
    sum += Math.abs(a - e) / Math.max(a, bound);
  }
  return queries.length === 0 ? NaN : sum / queries.length;
}

/** F1 of the release's top-k itemsets (any length) against the input's, matched by tokens. */
export function topF1(input: Dataset, release: Dataset, k = 50): number {
  const key = (d: Dataset, items: readonly number[]) =>
    items
      .map((id) => d.dictionary.token(id))
      .sort()
      .join(' ');
  const truth = new Set(topItemsets(input, k).map((s) => key(input, s.items)));
  const found = topItemsets(release, k).map((s) => key(release, s.items));
  const common = found.filter((s) => truth.has(s)).length;
  return found.length + truth.size === 0 ? 0 : (2 * common) / (found.length + truth.size);
}
