/**
 * From run records to chart series: which parameters a sweep varied (its axes), and per series
 * (a method, plus any other varied parameter) the mean, min and max of a value over seeds at each
 * axis value. A run without the value (a metric that does not apply) adds no point: absent, never
 * zero. Failed runs add no value; a point counts them (`failed`), so a mean over fewer seeds than
 * were run can be drawn and read as such.
 */
import type { ParamValue } from '../methods/types.ts';
import { isFailedRun, type SweepRun } from './results.ts';
import type { RunRecord } from '../run/runRecord.ts';

export interface SeriesPoint {
  x: ParamValue;
  mean: number;
  min: number;
  max: number;
  /** How many seeds the point averages. */
  n: number;
  /** How many seeds of this series and axis value failed (their runs are in the table, not here). */
  failed: number;
}

export interface Series {
  /** The method id, plus `name=value` of other varied parameters when there are any. */
  name: string;
  method: string;
  points: SeriesPoint[];
}

/** A run's value of a parameter or metric option. */
export function axisValue(run: SweepRun, axis: string): ParamValue | undefined {
  return run.params[axis] ?? run.metricOptions?.[axis];
}

/**
 * The parameters (then metric options) that take more than one value among the runs of some
 * method: the candidates for a chart's x axis, most values first.
 */
export function sweptAxes(runs: readonly SweepRun[]): string[] {
  const values = new Map<string, Map<string, Set<string>>>();
  for (const run of runs) {
    const named = { ...run.params, ...run.metricOptions };
    for (const [name, value] of Object.entries(named)) {
      if (value === undefined || value === '') continue;
      const byMethod = values.get(name) ?? new Map<string, Set<string>>();
      values.set(name, byMethod);
      const set = byMethod.get(run.method) ?? new Set<string>();
      byMethod.set(run.method, set);
      set.add(String(value));
    }
  }
  const widest = (name: string) => Math.max(...[...values.get(name)!.values()].map((s) => s.size));
  return [...values.keys()].filter((name) => widest(name) > 1).sort((a, b) => widest(b) - widest(a));
}

/** Numbers ascending, anything else in its string order. */
export function compareAxisValues(a: ParamValue, b: ParamValue): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

/** The name of the series a run belongs to: its method and its other varied parameters. */
export function seriesName(run: SweepRun, axis: string, axes: readonly string[]): string {
  const others = axes
    .filter((name) => name !== axis && axisValue(run, name) !== undefined)
    .map((name) => `${name}=${String(axisValue(run, name))}`);
  return others.length > 0 ? `${run.method} ${others.join(' ')}` : run.method;
}

/** One series per method (and other varied parameters), each point aggregated over seeds. */
export function valueSeries(
  runs: readonly SweepRun[],
  axis: string,
  value: (run: RunRecord) => number | undefined,
  axes: readonly string[] = sweptAxes(runs),
): Series[] {
  type Cell = { x: ParamValue; values: number[]; failed: number };
  const groups = new Map<string, { method: string; byX: Map<string, Cell> }>();
  for (const run of runs) {
    const x = axisValue(run, axis);
    const v = isFailedRun(run) ? undefined : value(run);
    if (x === undefined) continue;
    if (!isFailedRun(run) && (v === undefined || !Number.isFinite(v))) continue;
    const name = seriesName(run, axis, axes);
    const group = groups.get(name) ?? { method: run.method, byX: new Map() };
    groups.set(name, group);
    const cell = group.byX.get(String(x)) ?? { x, values: [], failed: 0 };
    group.byX.set(String(x), cell);
    if (v === undefined) cell.failed++;
    else cell.values.push(v);
  }
  return [...groups]
    .map(([name, { method, byX }]) => ({
      name,
      method,
      points: [...byX.values()]
        .filter(({ values }) => values.length > 0)
        .map(({ x, values, failed }) => ({
          x,
          mean: values.reduce((s, v) => s + v, 0) / values.length,
          min: Math.min(...values),
          max: Math.max(...values),
          n: values.length,
          failed,
        }))
        .sort((a, b) => compareAxisValues(a.x, b.x)),
    }))
    .filter((s) => s.points.length > 0);
}

/** A named metric value of a run (`runtime_ms` is the run's runtime). */
export function runValue(name: string): (run: RunRecord) => number | undefined {
  return name === 'runtime_ms' ? (run) => run.runtime_ms : (run) => run.metrics[name];
}

/** Every named metric value some successful run has, in first-seen order. */
export function valueNames(runs: readonly SweepRun[]): string[] {
  const names = new Set<string>();
  for (const run of runs) if (!isFailedRun(run)) for (const name of Object.keys(run.metrics)) names.add(name);
  return [...names];
}
