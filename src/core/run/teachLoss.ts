/**
 * A teaching trace's release loss (issue 40, side by side: "each release's loss, KL, IL or NCP, at
 * the end"): the metrics of the project's registry that measure what a release lost, computed on
 * the run's release and audit exactly as `anonymize` computes them (same options: the trace's seed
 * draws KL's queries). KL (Ghinita Sec. 3.2) for a groups release, IL (PTA Sec. 3) and NCP
 * (Terrovitis et al.; COAT Sec. 5) for the others they apply to; a release none of them applies to
 * (buckets, DP itemsets) gets its default metrics' losses instead. Only the value named after the
 * metric is kept (`kl`, not `kl_se`), with the metric's label and which way is better.
 */
import type { Dataset } from '../data/dataset.ts';
import { metricApplies } from '../metrics/applies.ts';
import { findMetric, metricsFor } from '../metrics/registry.ts';
import type { MetricSpec } from '../metrics/types.ts';
import type { Audit, Release } from '../release/types.ts';
import type { TraceLoss } from '../teach/trace.ts';

/** The losses a lesson compares, in this order, where they apply. */
const LOSSES = ['kl', 'il', 'ncp'] as const;

export function teachLoss(dataset: Dataset, release: Release, audit: Audit, seed: number): TraceLoss[] {
  const { kind, model } = release;
  let metrics: MetricSpec[] = LOSSES.map((id) => findMetric(id)!).filter((m) =>
    metricApplies(m, kind, model),
  );
  if (metrics.length === 0)
    metrics = metricsFor(kind, model).filter((m) => Object.values(m.values).includes('lower'));
  return metrics.flatMap((metric) => {
    const values = metric.compute(dataset, release, audit, { seed });
    const name = metric.id in values ? metric.id : Object.keys(metric.values).find((v) => v in values);
    return name === undefined ? [] : [{ metric: metric.id, label: metric.label, value: values[name] }];
  });
}
