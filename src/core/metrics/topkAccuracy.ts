/**
 * `topk`: how well an `itemsets` release finds the true top k and their supports (Li et al.,
 * PrivBasis, PVLDB 2012 Sec. 6; the authors' PrivBasisMain.py:249-290), read from the audit (the
 * true supports of the published itemsets and the true top k, checked against the input by the
 * verifier):
 * - `precision`: published itemsets that are among the true top k, over those published;
 * - `fnr`: the false-negative rate, true top-k itemsets not published, over k (when k itemsets are
 *   published, precision = 1 - fnr);
 * - `re`: the median over the published itemsets of |noisy - true support| / true support.
 * Choices: an itemset whose true support equals the k-th largest counts as a true one (ties at the
 * boundary are no error; the authors' code keeps whichever its miner produced first), and a
 * published itemset of true support 0 has relative error |noisy| / 1 (the code counts it as 0).
 * Every other release kind has `re` only (topkRe.ts): the median relative error of the input's top
 * 100 itemsets' supports as the kind's support estimator gives them.
 * The standard errors come over runs (the Results page, over seeds), as in the paper's 20 repeats.
 */
import type { ItemsetsAudit } from '../release/itemsets.ts';
import type { MetricSpec } from './types.ts';
import type { ItemsetsRelease } from '../release/itemsets.ts';
import { median, topkRelativeError } from './topkRe.ts';

export function topkAccuracy(
  release: ItemsetsRelease,
  audit: ItemsetsAudit,
): { precision: number; fnr: number; re: number } {
  const k = audit.topK.length;
  const kth = k > 0 ? audit.topK[k - 1].support : Infinity;
  const hits = audit.published.filter((support) => support >= kth && support > 0).length;
  const published = release.itemsets.length;
  const re = median(
    release.itemsets.map(
      (s, i) => Math.abs(s.support - audit.published[i]) / Math.max(1, audit.published[i]),
    ),
  );
  return {
    precision: published === 0 ? 0 : hits / published,
    fnr: k === 0 ? 0 : 1 - Math.min(hits, k) / k,
    re,
  };
}

export const topkMetric: MetricSpec = {
  id: 'topk',
  label: 'Top-k accuracy',
  source: 'PrivBasis (Li et al.), Sec. 6',
  description:
    'The median relative error of the supports of the 100 most frequent itemsets as the release estimates them (re, lower is better); for a top-k itemsets release, of its published noisy supports, with how many of them are truly among the k most frequent (precision, higher is better) and how many of the true top k are missing (fnr, lower is better).',
  // Off by default except for `itemsets` releases (metricsFor): mining the top 100 costs a pass.
  defaultOn: true,
  kinds: ['itemsets', 'transactions', 'generalized', 'groups', 'buckets', 'disassociated'],
  defaultKinds: ['itemsets'],
  values: { precision: 'higher', fnr: 'lower', re: 'lower' },
  compute: (dataset, release, audit) =>
    release.kind === 'itemsets'
      ? topkAccuracy(release, audit as ItemsetsAudit)
      : { re: topkRelativeError(dataset, release, audit) },
};
