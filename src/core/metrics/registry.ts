/** Every metric, by id. A metric that does not apply to a release kind is absent from its results. */
import type { PrivacyModel, ReleaseKind } from '../release/types.ts';
import { metricApplies } from './applies.ts';
import { avgreMetric } from './avgre.ts';
import { gcpMetric, ncpMetric } from './certaintyPenalty.ts';
import { ilMetric } from './itemLoss.ts';
import { klMetric } from './kl.ts';
import { rulesMetric } from './rules.ts';
import { ulMetric } from './utilityLoss.ts';
import { topkMetric } from './topkAccuracy.ts';
import type { MetricSpec, ValueDirection } from './types.ts';

export const METRICS: readonly MetricSpec[] = [
  klMetric,
  ulMetric,
  ilMetric,
  ncpMetric,
  gcpMetric,
  avgreMetric,
  rulesMetric,
  topkMetric,
];

export function findMetric(id: string): MetricSpec | undefined {
  return METRICS.find((m) => m.id === id);
}

/** The metrics computed for a release of `kind` (and `model`) when none are named. */
export function metricsFor(kind: ReleaseKind, model?: PrivacyModel): MetricSpec[] {
  return METRICS.filter(
    (m) => m.defaultOn && metricApplies(m, kind, model) && (m.defaultKinds ?? m.kinds).includes(kind),
  );
}

/**
 * The named metrics that do not apply to a release of `kind` (and `model`), as an error message
 * (DESIGN.md sec. 8: a metric asked for that does not apply is an error, not `{}`), or null.
 */
export function inapplicableMetrics(
  ids: readonly string[],
  kind: ReleaseKind,
  model?: PrivacyModel,
): string | null {
  const wrong = ids.flatMap((id) => {
    const metric = findMetric(id);
    return metric && !metricApplies(metric, kind, model) ? [metric] : [];
  });
  if (wrong.length === 0) return null;
  return wrong
    .map(
      (m) =>
        `metric '${m.id}' does not apply to a ${kind} release${model === 'differential-privacy' && m.kinds.includes(kind) ? ' of differential privacy (its rows are synthetic)' : ''} (it applies to: ${m.kinds.join(', ')})`,
    )
    .join('; ');
}

/** The metric a named value (`il_ratio`, `ar`, `kl_se`, ...) comes from and which way is better. */
export function metricValue(name: string): { metric: MetricSpec; better: ValueDirection } | undefined {
  for (const metric of METRICS) if (name in metric.values) return { metric, better: metric.values[name] };
  return undefined;
}
