/**
 * ECharts options for comparing runs (the Results page): a value against the swept parameter with
 * one line per series and a band of ± 2 standard errors over queries and seeds
 * (core/experiment/uncertainty.ts), runtime on a log axis, the privacy-utility scatter with its
 * non-dominated runs, and every series at one parameter value ranked, with error bars and letters:
 * bars that share a letter cannot be told apart (core/experiment/comparison.ts). Pure functions of
 * run records; helper series (bands, error bars, the front) carry ids starting with `_` so the chart
 * wrapper counts only the data series. Runs of several privacy models are split visibly
 * (modelSplit.ts): dashed lines, one front per model, bars ranked within their model. Values that
 * span more than two orders of magnitude go on a log axis, so one large series does not flatten
 * the rest; a bar's letters are written under its name, where a short bar cannot hide them.
 */
import { nonDominated } from '../../core/experiment/pareto.ts';
import { isFailedRun, type SweepRun } from '../../core/experiment/results.ts';
import {
  axisValue,
  metricSeries,
  runValue,
  seriesName,
  type Series,
  valueSeries,
} from '../../core/experiment/series.ts';
import type { Comparison } from '../../core/experiment/comparison.ts';
import type { ChartOption } from '../widgets/EChart.tsx';
import { base, escapeHtml, titleStyle } from '../widgets/chartStyle.ts';
import { axisScale, type AxisScale } from '../widgets/axisScale.ts';
import type { ModelSplit } from './modelSplit.ts';
import { errorBand } from './errorBand.ts';

/** No split: one model. */
const ONE_MODEL: Pick<ModelSplit, 'mixed' | 'familyOf' | 'shortOf' | 'dashed'> = {
  mixed: false,
  familyOf: () => '',
  shortOf: () => '',
  dashed: () => false,
};
type Split = Pick<ModelSplit, 'mixed' | 'familyOf' | 'shortOf' | 'dashed'>;

/**
 * Whether positive values span more than two orders of magnitude (a log axis then shows them all);
 * never with a zero or a negative value, which a log axis cannot draw.
 */
export function spansOrders(values: readonly number[]): boolean {
  let least = Infinity;
  let most = 0;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    if (v <= 0) return false;
    least = Math.min(least, v);
    most = Math.max(most, v);
  }
  return most > 0 && most / least > 100;
}

/** The power of ten at or below the least positive value: where a log axis starts. */
const logFloor = (values: readonly number[]) =>
  10 ** Math.floor(Math.log10(Math.min(...values.filter((v) => v > 0 && Number.isFinite(v)))));

const subtextStyle = { fontSize: 11, color: '#555' };
/**
 * Title (14 px) and its subtitle (11 px) take the top 52 px (ECharts spaces lines by the width of
 * "国" in the font: one em, see widgets/textMeasure.ts); the legend goes under them.
 */
const LEGEND_TOP = 54;
const GRID_TOP = 96;

/** What a value is and which paper defines it, for tooltips (from the metric catalogue). */
export type Describe = (valueName: string) => string;

const numericAxis = (series: readonly Series[]) =>
  series.every((s) => s.points.every((p) => typeof p.x === 'number'));

function xAxisFor(series: readonly Series[], axis: string) {
  if (numericAxis(series))
    return { type: 'value', name: axis, nameLocation: 'middle', nameGap: 28, scale: true };
  const categories = [...new Set(series.flatMap((s) => s.points.map((p) => String(p.x))))];
  return { type: 'category', data: categories, name: axis, nameLocation: 'middle', nameGap: 28 };
}

const fmt = (v: number) => (Number.isInteger(v) ? v.toLocaleString() : v.toPrecision(4));

type Point = Pick<Series['points'][number], 'x' | 'mean' | 'min' | 'max' | 'n' | 'se' | 'failed'>;

function pointTooltip(describe: Describe, valueName: string, axis: string) {
  return (p: { seriesName: string; data: { point: Point } }) => {
    const point = p.data.point;
    const se = point.se === undefined ? '' : ` ± ${fmt(2 * point.se)} (2 standard errors)`;
    return [
      `<b>${escapeHtml(p.seriesName)}</b> at ${escapeHtml(axis)} = ${escapeHtml(String(point.x))}`,
      `${escapeHtml(valueName)}: mean ${fmt(point.mean)}${se}`,
      `min ${fmt(point.min)}, max ${fmt(point.max)} over ${point.n} seed${point.n > 1 ? 's' : ''}`,
      ...(point.failed > 0
        ? [
            `<b>${point.failed} more seed${point.failed > 1 ? 's' : ''} failed</b>: the mean is over the ${point.n} that ran`,
          ]
        : []),
      `<span style="color:#666">${escapeHtml(describe(valueName))}</span>`,
    ].join('<br/>');
  };
}

/** A point averaged over fewer seeds than ran (some failed) is a hollow triangle. */
const PARTIAL = { symbol: 'emptyTriangle', symbolSize: 13 };
const partialNote = (series: readonly Series[]) =>
  series.some((s) => s.points.some((p) => p.failed > 0))
    ? [
        {
          type: 'text',
          right: 8,
          bottom: 4,
          style: { text: '△ some seeds failed: mean of those that ran', fontSize: 11, fill: '#8a3a10' },
        },
      ]
    : [];

/** The scale of a value axis for the series' means, minima and maxima (widgets/axisScale.ts). */
const scaleOf = (series: readonly Series[]) =>
  axisScale(series.flatMap((s) => s.points.flatMap((p) => [p.mean, p.min, p.max])));

function lines(
  series: readonly Series[],
  colour: (name: string) => string,
  scale: AxisScale,
  split: Split = ONE_MODEL,
) {
  const numeric = numericAxis(series);
  return series.map((s) => ({
    type: 'line',
    name: s.name,
    id: s.name,
    data: s.points.map((point) => ({
      value: [numeric ? point.x : String(point.x), point.mean / scale.factor],
      point,
      ...(point.failed > 0 && PARTIAL),
    })),
    symbolSize: 7,
    itemStyle: { color: colour(s.name) },
    lineStyle: { color: colour(s.name), width: 2, type: split.dashed(s.method) ? 'dashed' : 'solid' },
    z: 3,
  }));
}

/**
 * The uncertainty of each mean as a filled band of ± 2 standard errors (errorBand.ts).
 */
function bands(series: readonly Series[], colour: (name: string) => string, scale: AxisScale) {
  const numeric = numericAxis(series);
  return series.flatMap((s) =>
    errorBand(s.name, s.points, (p) => (numeric ? p.x : String(p.x)), colour(s.name), scale.factor),
  );
}

export function metricLineOption(
  runs: readonly SweepRun[],
  axis: string,
  valueName: string,
  describe: Describe,
  colour: (name: string) => string,
  split: Split = ONE_MODEL,
): ChartOption {
  const series = metricSeries(runs, axis, valueName);
  const log = spansOrders(series.flatMap((s) => s.points.map((p) => p.mean)));
  const scale = log ? { factor: 1, suffix: '' } : scaleOf(series);
  return {
    ...base,
    title: {
      text: `${valueName} vs ${axis}${log ? ' (log scale)' : ''}`,
      subtext: log
        ? 'line: mean over seeds; log scale: the values span orders of magnitude (± 2 s.e. in the tooltip)'
        : 'line: mean over seeds; band: ± 2 standard errors over queries and seeds',
      textStyle: titleStyle,
      subtextStyle,
    },
    graphic: partialNote(series),
    tooltip: { trigger: 'item', formatter: pointTooltip(describe, valueName, axis) },
    legend: { top: LEGEND_TOP, data: series.map((s) => s.name), type: 'scroll' },
    grid: { left: 64, right: 24, top: GRID_TOP, bottom: 44 },
    xAxis: xAxisFor(series, axis),
    yAxis: log
      ? { type: 'log', name: valueName, nameLocation: 'middle', nameGap: 48 }
      : {
          type: 'value',
          name: `${valueName}${scale.suffix}`,
          nameLocation: 'middle',
          nameGap: 48,
          scale: true,
        },
    // A stacked band cannot be drawn on a log axis (it stacks differences): the tooltip keeps it.
    series: [...(log ? [] : bands(series, colour, scale)), ...lines(series, colour, scale, split)],
  };
}

export function runtimeOption(
  runs: readonly SweepRun[],
  axis: string,
  describe: Describe,
  colour: (name: string) => string,
  split: Split = ONE_MODEL,
): ChartOption {
  const series = valueSeries(runs, axis, runValue('runtime_ms'));
  return {
    ...base,
    title: {
      text: `Runtime vs ${axis}`,
      subtext: 'ms, log scale; mean over seeds',
      textStyle: titleStyle,
      subtextStyle,
    },
    graphic: partialNote(series),
    tooltip: { trigger: 'item', formatter: pointTooltip(describe, 'runtime_ms', axis) },
    legend: { top: LEGEND_TOP, data: series.map((s) => s.name), type: 'scroll' },
    grid: { left: 64, right: 24, top: GRID_TOP, bottom: 44 },
    xAxis: xAxisFor(series, axis),
    yAxis: { type: 'log', name: 'runtime (ms)', nameLocation: 'middle', nameGap: 48 },
    series: lines(series, colour, { factor: 1, suffix: '' }, split),
  };
}

/**
 * Privacy (the privacy parameter's value) against a value, one point per run; the runs no other
 * run beats on both are ringed and joined (pareto.ts). An accuracy (higher is better) is negated
 * for the front only.
 */
export function tradeOffOption(
  runs: readonly SweepRun[],
  privacyAxis: string,
  valueName: string,
  better: 'lower' | 'higher',
  describe: Describe,
  colour: (name: string) => string,
  axes: readonly string[],
  split: Split = ONE_MODEL,
): ChartOption {
  const points = runs.flatMap((run) => {
    if (isFailedRun(run)) return [];
    const privacy = axisValue(run, privacyAxis);
    const value = runValue(valueName)(run);
    if (typeof privacy !== 'number' || value === undefined) return [];
    return [{ run, privacy, value, name: seriesName(run, privacyAxis, axes) }];
  });
  // One front per privacy model: a run is non-dominated among the runs of its own model only.
  const families = [...new Set(points.map((p) => split.familyOf(p.run.method)))];
  const fronts = families.map((family) => {
    const own = points.filter((p) => split.familyOf(p.run.method) === family);
    const front = new Set(
      nonDominated(own.map((p) => ({ privacy: p.privacy, loss: better === 'lower' ? p.value : -p.value }))),
    );
    return { family, points: own.filter((_, i) => front.has(i)).sort((a, b) => a.privacy - b.privacy) };
  });
  const names = [...new Set(points.map((p) => p.name))];
  const scale = axisScale(points.map((p) => p.value));
  const datum = (p: (typeof points)[number]) => ({
    value: [p.privacy, p.value / scale.factor],
    run: p.run,
    true: p.value,
  });
  const tooltip = (p: { data: { run: SweepRun; value: [number, number]; true: number } }) =>
    [
      `<b>${escapeHtml(p.data.run.method)}</b> seed ${p.data.run.seed}`,
      escapeHtml(
        Object.entries({ ...p.data.run.params, ...p.data.run.metricOptions })
          .map(([k, v]) => `${k}=${v}`)
          .join(' '),
      ),
      `${escapeHtml(privacyAxis)} = ${p.data.value[0]}, ${escapeHtml(valueName)} = ${fmt(p.data.true)}`,
      `<span style="color:#666">${escapeHtml(describe(valueName))}</span>`,
    ].join('<br/>');
  return {
    ...base,
    title: {
      text: `Privacy (${privacyAxis}) vs ${valueName}`,
      subtext: split.mixed
        ? 'one point per run; ringed: non-dominated within its own privacy model (one front per model)'
        : 'one point per run; ringed runs are non-dominated (no run beats them on both)',
      textStyle: titleStyle,
      subtextStyle,
    },
    tooltip: { trigger: 'item', formatter: tooltip },
    legend: { top: LEGEND_TOP, data: [...names, 'non-dominated'], type: 'scroll' },
    grid: { left: 64, right: 24, top: GRID_TOP, bottom: 44 },
    xAxis: {
      type: 'value',
      name: `${privacyAxis} (more privacy →)`,
      nameLocation: 'middle',
      nameGap: 28,
      scale: true,
    },
    yAxis: {
      type: 'value',
      name: `${valueName}${scale.suffix} (${better} is better)`,
      nameLocation: 'middle',
      nameGap: 48,
      scale: true,
    },
    series: [
      ...names.map((name) => ({
        type: 'scatter',
        name,
        id: name,
        symbolSize: 8,
        itemStyle: { color: colour(name), opacity: 0.8 },
        data: points.filter((p) => p.name === name).map(datum),
      })),
      ...fronts.map((front, f) => ({
        type: 'line',
        name: 'non-dominated',
        id: f === 0 ? '_front' : `_front-${front.family}`,
        data: front.points.map(datum),
        symbol: 'circle',
        symbolSize: 16,
        itemStyle: { color: 'transparent', borderColor: '#111', borderWidth: 2 },
        lineStyle: { color: '#111', type: f === 0 ? 'dashed' : 'dotted', width: 1 },
        z: 5,
      })),
    ],
  };
}

/**
 * Every series at one value of the swept parameter, best first (comparison.ts): the mean over seeds
 * with an error bar of ± 2 standard errors and the ranking's letters above it; bars that share a
 * letter cannot be told apart (their paired difference is within two standard errors).
 */
export function barAtOption(
  comparison: Comparison,
  axis: string,
  at: string,
  valueName: string,
  describe: Describe,
  colour: (name: string) => string,
  split: Split = ONE_MODEL,
): ChartOption {
  // Ranked within each privacy model, the models one after the other (modelSplit.ts).
  const families = [...new Set(comparison.series.map((b) => split.familyOf(b.method)))];
  const bars = families.flatMap((f) => comparison.series.filter((b) => split.familyOf(b.method) === f));
  const note = [
    comparison.known
      ? 'bars sharing a letter (under the name) cannot be told apart'
      : 'one seed of an exact value: no uncertainty to compare',
    ...(split.mixed ? ['ranked within each privacy model (named under each bar)'] : []),
  ].join('\n');
  const log = spansOrders(bars.map((b) => b.mean));
  const floor = log ? logFloor(bars.map((b) => b.mean)) : 0;
  const scale = log
    ? { factor: 1, suffix: '' }
    : axisScale(bars.flatMap((b) => [b.mean, b.mean + 2 * (b.se ?? 0)]));
  return {
    ...base,
    title: {
      text: `${valueName} at ${axis} = ${at}, best first (± 2 standard errors)${log ? ', log scale' : ''}`,
      subtext: note,
      textStyle: titleStyle,
      subtextStyle,
    },
    graphic: bars.some((b) => b.failed > 0)
      ? [
          {
            type: 'text',
            right: 8,
            bottom: 4,
            style: { text: 'pale, dashed: some seeds failed', fontSize: 11, fill: '#8a3a10' },
          },
        ]
      : [],
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; dataIndex: number }) => {
        const bar = bars[p.dataIndex];
        const point = {
          x: at,
          mean: bar.mean,
          min: bar.min,
          max: bar.max,
          n: bar.seeds,
          se: bar.se,
          failed: bar.failed,
        };
        const letters = bar.letters ? `<br/>group ${bar.letters}` : '';
        return pointTooltip(describe, valueName, axis)({ seriesName: p.name, data: { point } }) + letters;
      },
    },
    grid: { left: 64, right: 24, top: 72, bottom: split.mixed ? 92 : 80 },
    xAxis: {
      type: 'category',
      data: bars.map((b) => b.name),
      axisLabel: {
        rotate: bars.length > 4 ? 30 : 0,
        fontSize: 11,
        interval: 0,
        // The letters under the name, in bold: readable whatever the bar's height.
        formatter: (name: string, index: number) =>
          [
            name,
            ...(split.mixed ? [`{model|${split.shortOf(bars[index].method)}}`] : []),
            ...(comparison.known && bars[index].letters ? [`{letters|${bars[index].letters}}`] : []),
          ].join('\n'),
        rich: {
          letters: { fontWeight: 700, fontSize: 12, color: '#111' },
          model: { color: '#666', fontSize: 10 },
        },
      },
    },
    yAxis: log
      ? { type: 'log', name: valueName, nameLocation: 'middle', nameGap: 48, min: floor, startValue: floor }
      : { type: 'value', name: `${valueName}${scale.suffix}`, nameLocation: 'middle', nameGap: 48 },
    series: [
      {
        type: 'bar',
        id: 'bars',
        name: valueName,
        // A mean over fewer seeds than ran (some failed) is pale with a dashed outline.
        data: bars.map((b) => ({
          value: b.mean / scale.factor,
          itemStyle:
            b.failed > 0
              ? {
                  color: colour(b.name),
                  opacity: 0.4,
                  borderColor: colour(b.name),
                  borderWidth: 2,
                  borderType: 'dashed',
                }
              : { color: colour(b.name) },
        })),
        barMaxWidth: 48,
      },
      {
        type: 'custom',
        id: '_error-bars',
        silent: true,
        tooltip: { show: false },
        data: bars.map((b, i) => [
          i,
          // On a log axis a low end at or below zero is drawn from the axis' start.
          log ? Math.max(floor, b.mean - 2 * (b.se ?? 0)) : (b.mean - 2 * (b.se ?? 0)) / scale.factor,
          (b.mean + 2 * (b.se ?? 0)) / scale.factor,
        ]),
        // Both ends count in the value axis' extent, so it reaches the top of every error bar.
        encode: { x: 0, y: [1, 2] },
        renderItem: errorBar,
        z: 5,
      },
    ],
  };
}

interface CustomApi {
  value(dimension: number): number;
  coord(point: [number, number]): [number, number];
  size(value: [number, number]): [number, number];
}

/** An I-beam from the low to the high value of one bar (a custom series item). */
function errorBar(_params: unknown, api: CustomApi) {
  const low = api.coord([api.value(0), api.value(1)]);
  const high = api.coord([api.value(0), api.value(2)]);
  const half = Math.min(10, api.size([1, 0])[0] * 0.15);
  const style = { stroke: '#222', lineWidth: 1.5 };
  const line = (x1: number, y1: number, x2: number, y2: number) => ({
    type: 'line',
    shape: { x1, y1, x2, y2 },
    style,
  });
  return {
    type: 'group',
    children: [
      line(low[0], low[1], high[0], high[1]),
      line(low[0] - half, low[1], low[0] + half, low[1]),
      line(high[0] - half, high[1], high[0] + half, high[1]),
    ],
  };
}
