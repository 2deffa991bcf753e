/**
 * One value (AvgRE: the same queries answered by every release kind but itemsets) for methods of
 * different privacy models on one chart, each against its own privacy parameter: k, p or l of the
 * syntactic models on the bottom axis, ε of the differentially private ones on the top axis (log
 * scale). The y axis is shared, the x axes are not: ε and k / p / m / l are different guarantees,
 * and no value of one equals a value of the other (the caption says so; GUARANTEES_CAPTION).
 * Lines: the mean over seeds; bands: ± 2 standard errors (core/experiment/uncertainty.ts).
 */
import { isFailedRun, type SweepRun } from '../../core/experiment/results.ts';
import { metricSeries, type Series } from '../../core/experiment/series.ts';
import type { ChartOption } from '../widgets/EChart.tsx';
import { base, escapeHtml, titleStyle } from '../widgets/chartStyle.ts';
import { axisScale } from '../widgets/axisScale.ts';
import { errorBand } from './errorBand.ts';

export const GUARANTEES_CAPTION =
  'ε (differential privacy: no output is more than e^ε times likelier with or without any one transaction) and k / p / m / l (syntactic models: what an attacker with limited knowledge can link) are different guarantees. They share this chart’s y axis, not an x axis: ε runs along the top (log scale, more privacy to the left), k, p or l along the bottom (more privacy to the right). A point of one is not the “same privacy” as a point of the other above or below it.';

/** The parameter a syntactic run's privacy is set by. */
const SYNTACTIC = ['k', 'p', 'l'];

/** The privacy parameter of a run's model: epsilon for DP methods, else k, p or l. */
export function privacyParameter(run: SweepRun, isDp: (method: string) => boolean): string | undefined {
  if (isDp(run.method)) return 'epsilon' in run.params ? 'epsilon' : undefined;
  return SYNTACTIC.find((name) => typeof run.params[name] === 'number');
}

/** Whether the runs hold both a DP method and a syntactic one (the chart then applies). */
export function mixesGuarantees(runs: readonly SweepRun[], isDp: (method: string) => boolean): boolean {
  const done = runs.filter((r) => !isFailedRun(r));
  return done.some((r) => isDp(r.method)) && done.some((r) => !isDp(r.method));
}

export function guaranteeAxesOption(
  runs: readonly SweepRun[],
  valueName: string,
  isDp: (method: string) => boolean,
  colour: (name: string) => string,
  describe: (name: string) => string,
  better: 'lower' | 'higher' = 'lower',
): ChartOption {
  const byMethod = new Map<string, { axis: string; runs: SweepRun[] }>();
  for (const run of runs) {
    const axis = privacyParameter(run, isDp);
    if (!axis) continue;
    const entry = byMethod.get(run.method) ?? { axis, runs: [] };
    byMethod.set(run.method, entry);
    entry.runs.push(run);
  }
  const series: (Series & { dp: boolean; axis: string })[] = [...byMethod].flatMap(
    ([method, { axis, runs: own }]) =>
      metricSeries(own, axis, valueName, [axis]).map((s) => ({
        ...s,
        name: `${s.name} (${axis})`,
        method,
        dp: isDp(method),
        axis,
      })),
  );
  const scale = axisScale(series.flatMap((s) => s.points.flatMap((p) => [p.mean, p.min, p.max])));
  const syntacticAxes = [...new Set(series.filter((s) => !s.dp).map((s) => s.axis))].join(', ');
  const fmt = (v: number) => (Number.isInteger(v) ? v.toLocaleString('en') : v.toPrecision(4));
  return {
    ...base,
    title: {
      text: `${valueName}: each model against its own privacy parameter`,
      subtext:
        'top axis: ε (log); bottom axis: ' +
        (syntacticAxes || 'k, p or l') +
        '; band: ± 2 standard errors over seeds',
      textStyle: titleStyle,
      subtextStyle: { fontSize: 11, color: '#555' },
    },
    tooltip: {
      trigger: 'item',
      formatter: (p: { seriesName: string; data: { point: Series['points'][number]; axis: string } }) => {
        const point = p.data.point;
        return [
          `<b>${escapeHtml(p.seriesName)}</b> at ${escapeHtml(p.data.axis)} = ${escapeHtml(String(point.x))}`,
          `${escapeHtml(valueName)}: mean ${fmt(point.mean)}${point.se === undefined ? '' : ` ± ${fmt(2 * point.se)}`} over ${point.n} seed${point.n > 1 ? 's' : ''}`,
          `<span style="color:#666">${escapeHtml(describe(valueName))}</span>`,
        ].join('<br/>');
      },
    },
    legend: { bottom: 4, data: series.map((s) => s.name), type: 'scroll' },
    grid: { left: 64, right: 32, top: 104, bottom: 84 },
    xAxis: [
      {
        type: 'value',
        position: 'bottom',
        name: `${syntacticAxes || 'k, p, l'} (syntactic models; more privacy →)`,
        nameLocation: 'middle',
        nameGap: 26,
        scale: true,
      },
      {
        type: 'log',
        position: 'top',
        name: 'ε (differential privacy; ← more privacy)',
        nameLocation: 'middle',
        nameGap: 26,
        axisLine: { lineStyle: { color: '#000' } },
      },
    ],
    yAxis: {
      type: 'value',
      name: `${valueName}${scale.suffix} (${better} is better)`,
      nameLocation: 'middle',
      nameGap: 48,
      scale: true,
    },
    series: series.flatMap((s) => {
      const xAxisIndex = s.dp ? 1 : 0;
      const line = {
        type: 'line',
        name: s.name,
        id: s.name,
        xAxisIndex,
        data: s.points.map((point) => ({ value: [point.x, point.mean / scale.factor], point, axis: s.axis })),
        symbolSize: 7,
        symbol: s.dp ? 'diamond' : 'circle',
        itemStyle: { color: colour(s.method) },
        lineStyle: { color: colour(s.method), width: 2, type: s.dp ? 'dashed' : 'solid' },
        z: 3,
      };
      const band = errorBand(s.name, s.points, (p) => p.x, colour(s.method), scale.factor, { xAxisIndex });
      return [...band, line];
    }),
  };
}
