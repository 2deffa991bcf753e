/**
 * Why a metric has no value for a method's runs: a metric reads some release kinds only, and one
 * that compares each published row with its input row does not read a differential-privacy
 * release (core/metrics/applies.ts). The Experiment form says it before a sweep runs, and the
 * results' cells say it instead of staying blank ("n/a — PrivBasis publishes itemsets").
 */
import { metricApplies } from '../../core/metrics/applies.ts';
import type { MethodInfo } from '../../core/methods/types.ts';
import type { MetricInfo } from '../../../workers/engineTypes.ts';

/** What a release of each kind is, in words. */
const KIND_WORDS: Readonly<Record<string, string>> = {
  transactions: 'whole transactions',
  generalized: 'generalized rows',
  groups: 'groups of rows',
  buckets: 'buckets of rows',
  itemsets: 'itemsets',
};

type MethodFace = Pick<MethodInfo, 'label' | 'releaseKind' | 'model'>;

/** The method's name without the explanation its label carries: "PrivBasis". */
export const shortLabel = (method: Pick<MethodInfo, 'label'>) => method.label.replace(/\s*\(.*$/, '');

/** Why `metric` does not apply to `method`'s releases, or null when it does. */
export function whyNotApplicable(metric: MetricInfo, method: MethodFace): string | null {
  if (metricApplies(metric, method.releaseKind, method.model)) return null;
  if (metric.kinds.includes(method.releaseKind))
    return `${shortLabel(method)}'s rows are synthetic (differential privacy): no row to compare with its input`;
  return `${shortLabel(method)} publishes ${KIND_WORDS[method.releaseKind] ?? `${method.releaseKind} releases`}`;
}

/** A results cell with no value: "n/a — PrivBasis publishes itemsets", or '' when the metric applies. */
export function notApplicableCell(metric: MetricInfo | undefined, method: MethodFace | undefined): string {
  const why = metric && method ? whyNotApplicable(metric, method) : null;
  return why ? `n/a — ${why}` : '';
}

/**
 * The form's note: each chosen method with the chosen metrics it cannot compute, by reason (none
 * chosen: each method computes its own defaults, nothing to say).
 */
export function metricsNotApplicable(
  metrics: readonly MetricInfo[],
  methods: readonly MethodFace[],
): { why: string; metrics: string[] }[] {
  return methods.flatMap((method) => {
    const byReason = new Map<string, string[]>();
    for (const metric of metrics) {
      const why = whyNotApplicable(metric, method);
      if (why !== null) byReason.set(why, [...(byReason.get(why) ?? []), metric.id]);
    }
    return [...byReason].map(([why, ids]) => ({ why, metrics: ids }));
  });
}
