/**
 * `ncp` and `gcp`: certainty penalties (PatternKa eq. 8-11 and 14-17; Terrovitis et al. for
 * generalized releases), both shares in [0, 1] as the papers print them (PatternKa Table 7: 0.798
 * and 0.838 on Netflix). A class is a set of identical published rows (an equivalence class).
 * - `ncp` of a `transactions` release: eq. 8 gives NCP_A(g) = 1 for an item A held by some but not
 *   all rows of class g and weighs it by |g|; summed (eq. 9) and divided by the input's item
 *   occurrences (Omega, eq. 11) that is not a share (a class of k rows with one distinct item each
 *   scores k). Read per occurrence, as eq. 11 counts a_ij = 1: an input occurrence of A in a row of
 *   class g costs 1 when A is uncertain in g (some but not all of its rows hold it), else 0; `ncp` is
 *   their mean over the input's occurrences. Each occurrence costs 0 or 1, the scale of the
 *   generalized releases' NCP (a suppressed occurrence costs 1; generalizedNcp.ts).
 * - `ncp` of a `generalized` release: Terrovitis et al.'s NCP (generalizedNcp.ts).
 * - `gcp` = 1 - RI / Omega (eq. 16): RI = item occurrences the release keeps (for PatternKa
 *   sum |C_g| * |g|, eq. 14; in general the published items that the input row holds). GCP is the
 *   share of the input's items lost. For PatternKa (a class publishes the items all its rows hold)
 *   ncp = gcp; PTA's majority vote keeps items some rows of a class lack, so there ncp >= gcp.
 */
import type { Dataset } from '../data/dataset.ts';
import { publishedDataset } from '../release/publishedRows.ts';
import type { GeneralizedRelease, RowsAudit, TransactionsRelease } from '../release/types.ts';
import { identicalRows } from '../release/identicalRows.ts';
import { intersectionSize } from '../data/rowDistance.ts';
import { itemHolderCounts } from '../data/groupNcp.ts';
import { generalizedNcp } from './generalizedNcp.ts';
import { within } from './sampling.ts';
import type { MetricSpec } from './types.ts';

/** Groups of published rows (indices) that are identical, in order of their first row. */
export function equivalenceClasses(dataset: Dataset, release: TransactionsRelease): number[][] {
  const { classOf, first } = identicalRows(publishedDataset(dataset, release.transactions));
  const classes = first.map((): number[] => []);
  for (let p = 0; p < classOf.length; p++) classes[classOf[p]].push(p);
  return classes;
}

/** Input item occurrences of a class's rows whose item some but not all of its rows hold. */
function uncertainOccurrences(dataset: Dataset, rows: readonly number[]): number {
  let uncertain = 0;
  for (const count of itemHolderCounts(dataset, rows).values()) if (count < rows.length) uncertain += count;
  return uncertain;
}

export function certaintyPenalty(
  dataset: Dataset,
  release: TransactionsRelease,
  audit: RowsAudit,
): { ncp: number; gcp: number } {
  const omega = dataset.items.length;
  if (omega === 0) return { ncp: 0, gcp: 0 };
  let uncertain = 0;
  for (const members of equivalenceClasses(dataset, release))
    uncertain += uncertainOccurrences(
      dataset,
      members.map((p) => audit.rowOf[p]),
    );
  const published = publishedDataset(dataset, release.transactions);
  let kept = 0;
  for (let p = 0; p < published.n; p++) {
    kept += intersectionSize(dataset.row(audit.rowOf[p]), published.row(p));
  }
  return { ncp: within(uncertain / omega, 0, 1), gcp: within(1 - kept / omega, 0, 1) };
}

export const ncpMetric: MetricSpec = {
  id: 'ncp',
  label: 'NCP',
  source: 'PatternKa eq. 8-11 (transactions); Terrovitis et al. (generalized)',
  description:
    'Share of the input’s item occurrences made uncertain: an item some but not all rows of its class hold costs 1; one published as a label of c of the |I| items costs c/|I|; a suppressed one costs 1. Lower is better; 0 is exact.',
  defaultOn: true,
  kinds: ['transactions', 'generalized'],
  linksRows: true,
  values: { ncp: 'lower' },
  compute: (dataset, release, audit) => ({
    ncp:
      release.kind === 'generalized'
        ? generalizedNcp(dataset, release as GeneralizedRelease)
        : certaintyPenalty(dataset, release as TransactionsRelease, audit as RowsAudit).ncp,
  }),
};

export const gcpMetric: MetricSpec = {
  id: 'gcp',
  label: 'GCP',
  source: 'PatternKa, eq. 14-16',
  description:
    'Share of the input item occurrences the release does not keep (1 - RI/Omega). Lower is better; 0 is exact.',
  defaultOn: true,
  kinds: ['transactions'],
  linksRows: true,
  values: { gcp: 'lower' },
  compute: (dataset, release, audit) => ({
    gcp: certaintyPenalty(dataset, release as TransactionsRelease, audit as RowsAudit).gcp,
  }),
};
