/**
 * From run records to chart series: which parameters a sweep varied (its axes), and per series
 * (a method, plus any other varied parameter) the mean, min and max of a value over seeds at each
 * axis value, with the standard error of the mean over seeds and queries (uncertainty.ts) when the
 * value's runs let one estimate it. A run without the value (a metric that does not apply) adds no
 * point: absent, never zero. Failed runs add no value; a point counts them (`failed`), so a mean
 * over fewer seeds than were run can be drawn and read as such.
 */
import type { ParamValue } from '../methods/types.ts';
import { isFailedRun, type SweepRun } from './results.ts';
import type { RunRecord } from '../run/runRecord.ts';
import { combinedSe, runSe } from './uncertainty.ts';

export interface SeriesPoint {
  x: ParamValue;
  mean: number;
  min: number;
  max: number;
  /** How many seeds the point averages. */
  n: number;
  /** Standard error of the mean over seeds and queries; undefined when nothing estimates it. */
  se?: number;
  /** The runs the point averages (one per seed), for paired comparisons. */
  runs: RunRecord[];
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
  seOf: (run: RunRecord) => number | undefined = () => undefined,
): Series[] {
  type Cell = { x: ParamValue; values: number[]; runs: RunRecord[]; failed: number };
  const groups = new Map<string, { method: string; byX: Map<string, Cell> }>();
  for (const run of runs) {
    const x = axisValue(run, axis);
    const v = isFailedRun(run) ? undefined : value(run);
    if (x === undefined) continue;
    if (!isFailedRun(run) && (v === undefined || !Number.isFinite(v))) continue;
    const name = seriesName(run, axis, axes);
    const group = groups.get(name) ?? { method: run.method, byX: new Map() };
    groups.set(name, group);
    const cell = group.byX.get(String(x)) ?? { x, values: [], runs: [], failed: 0 };
    group.byX.set(String(x), cell);
    if (v === undefined) cell.failed++;
    else {
      cell.values.push(v);
      cell.runs.push(run as RunRecord);
    }
  }
  return [...groups]
    .map(([name, { method, byX }]) => ({
      name,
      method,
      points: [...byX.values()]
        .filter(({ values }) => values.length > 0)
        .map(({ x, values, runs: cellRuns, failed }) => ({
          x,
          mean: values.reduce((s, v) => s + v, 0) / values.length,
          min: Math.min(...values),
          max: Math.max(...values),
          n: values.length,
          se: combinedSe(values, cellRuns.map(seOf)),
          runs: cellRuns,
          failed,
        }))
        .sort((a, b) => compareAxisValues(a.x, b.x)),
    }))
    .filter((s) => s.points.length > 0);
}

/** One series per method for a named value, each point with its standard error (uncertainty.ts). */
export function metricSeries(
  runs: readonly SweepRun[],
  axis: string,
  name: string,
  axes: readonly string[] = sweptAxes(runs),
): Series[] {
  return valueSeries(runs, axis, runValue(name), axes, (run) => runSe(run, name));
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
