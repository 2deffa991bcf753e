/** What a metric is (DESIGN.md sec. 5): one file per metric, each `(dataset, release, audit, options)`. */
import type { Dataset } from '../data/dataset.ts';
import type { Audit, Release, ReleaseKind } from '../release/types.ts';

export interface MetricOptions {
  /** Seed for metrics that sample queries. */
  seed: number;
  /** Number of sampled queries (avgre, kl). */
  queries?: number;
  /** Items per AvgRE query. */
  q?: number;
  /** Association rules: minimum support (fraction) and confidence. */
  minSupport?: number;
  minConfidence?: number;
}

export interface MetricSpec {
  id: string;
  label: string;
  /** Which paper and where it defines the metric. */
  source: string;
  /** One sentence for tooltips: what the number means and which way is better. */
  description: string;
  /** Computed when no metrics are named (off for costly ones such as association rules). */
  defaultOn: boolean;
  /** Release kinds it applies to; a metric that does not apply is absent, never zero. */
  kinds: readonly ReleaseKind[];
  /**
   * The named values `compute` returns and which way is better: `lower` for a loss or an error,
   * `higher` for an accuracy, `count` for a plain count (charts and the privacy-utility scatter).
   */
  values: Record<string, 'lower' | 'higher' | 'count'>;
  /** Named values, e.g. `{ il: 120, il_ratio: 0.04 }`. */
  compute(dataset: Dataset, release: Release, audit: Audit, options: MetricOptions): Record<string, number>;
}
