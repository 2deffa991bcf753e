/**
 * `il`: PTA's information loss (Lin et al., Def. 2): the number of item differences between the
 * input and the release, an item added to or removed from a transaction counting once; also as a
 * ratio of the total number of items in the input (their Fig. 9 "ratio of information loss").
 */
import type { Dataset } from '../data/dataset.ts';
import { symmetricDifference } from '../data/rowDistance.ts';
import { publishedDataset } from '../release/publishedRows.ts';
import type { RowsAudit, TransactionsRelease } from '../release/types.ts';
import type { MetricSpec } from './types.ts';

export function itemLoss(
  dataset: Dataset,
  release: TransactionsRelease,
  audit: RowsAudit,
): { il: number; il_ratio: number } {
  const published = publishedDataset(dataset, release.transactions);
  let il = 0;
  for (let p = 0; p < published.n; p++)
    il += symmetricDifference(dataset.row(audit.rowOf[p]), published.row(p));
  const total = dataset.items.length;
  return { il, il_ratio: total === 0 ? 0 : il / total };
}

export const ilMetric: MetricSpec = {
  id: 'il',
  label: 'Information loss (IL)',
  source: 'PTA (Lin et al.), Def. 2',
  description:
    'Items added to or removed from transactions (il); il_ratio is that count as a share of all item occurrences of the input. Lower is better; 0 is exact.',
  defaultOn: true,
  kinds: ['transactions'],
  linksRows: true,
  values: { il: 'lower', il_ratio: 'lower' },
  valueLabels: { il_ratio: 'Information loss as a share of the input’s item occurrences' },
  compute: (dataset, release, audit) => itemLoss(dataset, release as TransactionsRelease, audit as RowsAudit),
};
