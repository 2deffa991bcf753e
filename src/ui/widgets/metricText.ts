/** What a metric value means and which paper defines it, for tooltips and table headers. */
import type { MetricInfo } from '../../../workers/engineTypes.ts';
import type { ValueDirection } from '../../core/metrics/types.ts';

export function describeValue(metrics: readonly MetricInfo[], name: string): string {
  if (name === 'runtime_ms')
    return 'Wall-clock time of the method on one worker, in milliseconds (lower is better).';
  const info = metrics.find((m) => name in m.values) ?? metrics.find((m) => name.startsWith(`${m.id}_`));
  return info ? `${info.label} (${info.source}). ${info.description}` : name;
}

/**
 * Which way is better for a value (`count` for plain counts such as the number of rules, `se` for
 * the standard error of another value).
 */
export function valueDirection(metrics: readonly MetricInfo[], name: string): ValueDirection {
  if (name === 'runtime_ms') return 'lower';
  return metrics.find((m) => name in m.values)?.values[name] ?? 'lower';
}

/** A runtime for tables: tenths of a millisecond below 10 ms (a paper example runs in 0.4 ms, not 0). */
export function formatRuntime(ms: number): string {
  return ms < 10 ? ms.toFixed(1) : ms.toFixed(0);
}

const formatNumber = (v: number) => (Number.isInteger(v) ? v.toLocaleString() : v.toPrecision(4));

/** The value names a table shows: the standard errors (`kl_se`) go beside their values, not apart. */
export function shownValueNames(names: readonly string[]): string[] {
  return names.filter((name) => !(name.endsWith('_se') && names.includes(name.slice(0, -3))));
}

/** A run's value as a table cell: `0.1234 ± 0.0056` (standard error over the queries) where it has one. */
export function formatMetric(values: Record<string, number>, name: string): string {
  const value = values[name];
  if (value === undefined) return '';
  const se = values[`${name}_se`];
  return se === undefined ? formatNumber(value) : `${formatNumber(value)} ± ${se.toPrecision(2)}`;
}
