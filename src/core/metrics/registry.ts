/** Every metric, by id. A metric that does not apply to a release kind is absent from its results. */
import type { ReleaseKind } from '../release/types.ts';
import { avgreMetric } from './avgre.ts';
import { gcpMetric, ncpMetric } from './certaintyPenalty.ts';
import { ilMetric } from './itemLoss.ts';
import type { MetricSpec } from './types.ts';

export const METRICS: readonly MetricSpec[] = [ilMetric, ncpMetric, gcpMetric, avgreMetric];

export function findMetric(id: string): MetricSpec | undefined {
  return METRICS.find((m) => m.id === id);
}

export function metricsFor(kind: ReleaseKind): MetricSpec[] {
  return METRICS.filter((m) => m.kinds.includes(kind));
}
