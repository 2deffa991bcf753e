/**
 * Whether a metric applies to a release: its kind is one the metric reads, and, for a metric that
 * compares each published row with its input row (il, ncp, gcp), the rows are linked to input rows,
 * which a `differential-privacy` release's are not (DiffPart's rows are synthetic). A metric that
 * does not apply is absent from a run's results, never zero.
 */
import type { PrivacyModel, ReleaseKind } from '../release/types.ts';

export interface MetricScope {
  readonly kinds: readonly string[];
  /** It reads the audit's link from each published row to its input row. */
  readonly linksRows?: boolean;
}

export function metricApplies(
  metric: MetricScope,
  kind: ReleaseKind | string,
  model?: PrivacyModel | string,
): boolean {
  return metric.kinds.includes(kind) && !(metric.linksRows && model === 'differential-privacy');
}
