/**
 * `ncp` and `gcp`: PatternKa's certainty penalties for set-valued data (eq. 8-11, 14-17).
 * A group is a set of identical published rows (an equivalence class); for a set-valued attribute
 * (an item) A, NCP_A(g) = 0 when every input row of g holds A and 1 otherwise. Choices written down,
 * since eq. 8-9 and eq. 16 of the paper do not agree with each other:
 * - `ncp` = sum over groups of NCP(g) = |g| * |{A held by some but not all rows of g}| (eq. 8, over
 *   the items that occur in g: an item no row of g holds has nothing to lose);
 * - `gcp` = 1 - RI / Omega (eq. 16), RI = item occurrences the release keeps (for PatternKa
 *   sum |C_g| * |g|, eq. 14; in general the published items that the input row holds), Omega = all
 *   item occurrences of the input (eq. 11). GCP is the share of the input's items lost.
 */
import type { Dataset } from '../data/dataset.ts';
import { publishedDataset } from '../release/publishedRows.ts';
import type { RowsAudit, TransactionsRelease } from '../release/types.ts';
import { rowKey } from '../release/verifyTransactions.ts';
import { intersectionSize } from '../data/rowDistance.ts';
import { groupNcp } from '../data/groupNcp.ts';
import type { MetricSpec } from './types.ts';

/** Groups of published rows (indices) that are identical. */
export function equivalenceClasses(release: TransactionsRelease): number[][] {
  const classes = new Map<string, number[]>();
  release.transactions.forEach((row, p) => {
    const key = rowKey(row);
    const members = classes.get(key);
    if (members) members.push(p);
    else classes.set(key, [p]);
  });
  return [...classes.values()];
}

export function certaintyPenalty(
  dataset: Dataset,
  release: TransactionsRelease,
  audit: RowsAudit,
): { ncp: number; gcp: number } {
  let ncp = 0;
  for (const members of equivalenceClasses(release))
    ncp += groupNcp(
      dataset,
      members.map((p) => audit.rowOf[p]),
    );
  const published = publishedDataset(dataset, release.transactions);
  let kept = 0;
  for (let p = 0; p < published.n; p++) {
    kept += intersectionSize(dataset.row(audit.rowOf[p]), published.row(p));
  }
  const omega = dataset.items.length;
  return { ncp, gcp: omega === 0 ? 0 : 1 - kept / omega };
}

export const ncpMetric: MetricSpec = {
  id: 'ncp',
  label: 'NCP (set-valued)',
  source: 'PatternKa, eq. 8',
  description:
    'Sum over equivalence classes of |g| times the items some but not all of its rows hold. Lower is better.',
  defaultOn: true,
  kinds: ['transactions'],
  values: { ncp: 'lower' },
  compute: (dataset, release, audit) => ({
    ncp: certaintyPenalty(dataset, release as TransactionsRelease, audit as RowsAudit).ncp,
  }),
};

export const gcpMetric: MetricSpec = {
  id: 'gcp',
  label: 'GCP',
  source: 'PatternKa, eq. 14-16',
  description:
    'Share of the input item occurrences the release does not keep (1 - RI/Omega). Lower is better.',
  defaultOn: true,
  kinds: ['transactions'],
  values: { gcp: 'lower' },
  compute: (dataset, release, audit) => ({
    gcp: certaintyPenalty(dataset, release as TransactionsRelease, audit as RowsAudit).gcp,
  }),
};
