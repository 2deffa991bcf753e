/** What a metric is (DESIGN.md sec. 5): one file per metric, each `(dataset, release, audit, options)`. */
import type { Dataset } from '../data/dataset.ts';
import type { Audit, Release, ReleaseKind } from '../release/types.ts';

/** AvgRE's query workloads: items from input rows (every method), or from the generalized items. */
export const AVGRE_WORKLOADS = ['rows', 'generalized'] as const;
export type AvgreWorkload = (typeof AVGRE_WORKLOADS)[number];

/** The options a run or a sweep can set for its metrics (CLI flags, sweep `metricOptions`). */
export interface MetricSettings {
  /** Number of sampled queries (kl: default 200; avgre: default 1,000). */
  queries?: number;
  /** Items per AvgRE query. */
  q?: number;
  /** QID items per KL query (the group-by dimensionality of Ghinita Sec. 3.2). */
  r?: number;
  /** AvgRE workload (default `rows`). */
  workload?: AvgreWorkload;
  /** Association rules: minimum support (fraction) and confidence. */
  minSupport?: number;
  minConfidence?: number;
}

export interface MetricOptions extends MetricSettings {
  /** Seed of the sampled queries (with the metric's name: sampling.ts). */
  seed: number;
  /**
   * Where a metric estimated from queries leaves each query's value (by value name, e.g. `kl`), so
   * that two runs of one seed, measured on the same queries, can be compared pair by pair.
   */
  perQuery?: Map<string, number[]>;
}

/** Which way is better for a named value; `se` marks the standard error of the value it is named after. */
export type ValueDirection = 'lower' | 'higher' | 'count' | 'se';

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
  /** The kinds it is computed for when none are named (all its kinds when absent). */
  defaultKinds?: readonly ReleaseKind[];
  /** It compares each published row with its input row (the audit's rowOf): not for synthetic rows (applies.ts). */
  linksRows?: boolean;
  /**
   * The named values `compute` returns and which way is better: `lower` for a loss or an error,
   * `higher` for an accuracy, `count` for a plain count, `se` for the standard error of the value
   * it is named after (`kl_se` of `kl`), shown beside it, never charted on its own.
   */
  values: Record<string, ValueDirection>;
  /** A title of each value that is not the metric itself (`il_ratio`), where `label` would fit two. */
  valueLabels?: Readonly<Record<string, string>>;
  /**
   * The input items `compute` will count rows of (its queries' items), when it reads tid-lists of
   * some items only: the run builds the lists of every metric's items in one read of the data
   * (ItemRows.ofItems) before the first metric, instead of one read each.
   */
  asks?(dataset: Dataset, release: Release, options: MetricOptions): Iterable<number>;
  /** Named values, e.g. `{ il: 120, il_ratio: 0.04 }`. */
  compute(dataset: Dataset, release: Release, audit: Audit, options: MetricOptions): Record<string, number>;
}
