/** What a metric value means and which paper defines it, for tooltips, table headers and the run view. */
import type { MetricInfo } from '../../../workers/engineTypes.ts';
import type { ValueDirection } from '../../core/metrics/types.ts';

const TIMES: Readonly<Record<string, string>> = {
  runtime_ms: 'Wall-clock time of the method alone, in milliseconds (lower is better).',
  total_ms:
    'Wall-clock time of the whole run but the parse: method, verification, metrics and publishing the files, in milliseconds (lower is better).',
};

export function describeValue(metrics: readonly MetricInfo[], name: string): string {
  if (name in TIMES) return TIMES[name];
  const info = metricOf(metrics, name);
  return info ? `${valueLabel(metrics, name)} (${info.source}). ${info.description}` : name;
}

/** The title of a named value: its own (`il_ratio`), else its metric's. */
export function valueLabel(metrics: readonly MetricInfo[], name: string): string | undefined {
  const info = metricOf(metrics, name);
  return info?.valueLabels?.[name] ?? info?.label;
}

/** The metric a named value (`il_ratio`, `kl_se`) belongs to. */
export function metricOf(metrics: readonly MetricInfo[], name: string): MetricInfo | undefined {
  return metrics.find((m) => name in m.values) ?? metrics.find((m) => name.startsWith(`${m.id}_`));
}

/**
 * Which way is better for a value (`count` for plain counts such as the number of rules, `se` for
 * the standard error of another value).
 */
export function valueDirection(metrics: readonly MetricInfo[], name: string): ValueDirection {
  if (name in TIMES) return 'lower';
  return metrics.find((m) => name in m.values)?.values[name] ?? 'lower';
}

/** A metric value for people: integers as they are, others to four significant digits, never -0. */
export function formatValue(value: number): string {
  if (Object.is(value, -0) || value === 0) return '0';
  if (Number.isInteger(value)) return value.toLocaleString('en');
  const text = value.toPrecision(4);
  return text.includes('e') ? text : String(Number(text));
}

export { count, formatDuration, formatRuntime, percent } from '../../core/base/format.ts';

/** The value names a table shows: the standard errors (`kl_se`) go beside their values, not apart. */
export function shownValueNames(names: readonly string[]): string[] {
  return names.filter((name) => !(name.endsWith('_se') && names.includes(name.slice(0, -3))));
}

/**
 * A standard error beside its value, to two significant digits; one below a trillionth of the value
 * is rounding noise of queries that all agree (KL on Ghinita Fig. 1a: 8.7e-17) and reads 0.
 */
export function formatSe(se: number, value: number): string {
  return Math.abs(se) <= 1e-12 * Math.max(1, Math.abs(value)) ? '0' : se.toPrecision(2);
}

/** A run's value as a table cell: `0.1234 ± 0.0056` (standard error over the queries) where it has one. */
export function formatMetric(values: Record<string, number>, name: string): string {
  const value = values[name];
  if (value === undefined) return '';
  const se = values[`${name}_se`];
  return se === undefined ? formatValue(value) : `${formatValue(value)} ± ${formatSe(se, value)}`;
}
