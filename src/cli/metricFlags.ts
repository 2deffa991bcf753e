/**
 * The metric settings of the metric flags `anonymize` and `evaluate` declare (commonFlags.ts
 * METRIC_FLAGS): `--queries N` (kl: default 200, avgre: 1,000), `--q N` (items per AvgRE query),
 * `--r N` (QID items per KL query), `--workload rows|generalized` (AvgRE), `--min-support F`,
 * `--min-confidence F` (rules).
 */
import type { AvgreWorkload, MetricSettings } from '../core/metrics/types.ts';
import type { FlagValues } from './readCommandLine.ts';

export function metricSettings(values: FlagValues): MetricSettings {
  return {
    queries: values.integer('queries'),
    q: values.integer('q'),
    r: values.integer('r'),
    workload: values.string('workload') as AvgreWorkload | undefined,
    minSupport: values.number('min-support'),
    minConfidence: values.number('min-confidence'),
  };
}
