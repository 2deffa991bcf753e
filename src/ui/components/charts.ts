/** ECharts options for the dataset overview: pure functions of the worker's summaries. */
import type { ItemSupport, LengthBin } from '../../core/data/stats.ts';
import type { RiskPoint } from '../../core/metrics/risk.ts';
import type { ChartOption } from './EChart.tsx';

const ACCENT = '#2f6fde';
const WARN = '#d9480f';
const titleStyle = { fontSize: 14, fontWeight: 600 };
/** Common to every overview chart: no entry animation (a data tool redraws often; screenshots stay exact). */
const base = { animation: false };

export function topItemsOption(items: ItemSupport[], transactions: number): ChartOption {
  return {
    ...base,
    title: { text: `Top ${items.length} items by support`, textStyle: titleStyle },
    tooltip: {
      trigger: 'axis',
      formatter: (params: { name: string; value: number }[]) =>
        `item <b>${escapeHtml(params[0].name)}</b><br/>support ${params[0].value.toLocaleString()} (${((100 * params[0].value) / Math.max(1, transactions)).toFixed(2)}% of transactions)`,
    },
    grid: { left: 64, right: 16, top: 40, bottom: 64 },
    xAxis: {
      type: 'category',
      data: items.map((i) => i.token),
      name: 'item',
      nameLocation: 'middle',
      nameGap: 48,
      axisLabel: { rotate: 60, fontSize: 10 },
    },
    yAxis: { type: 'value', name: 'support (transactions)', nameLocation: 'middle', nameGap: 48 },
    series: [{ type: 'bar', data: items.map((i) => i.support), itemStyle: { color: ACCENT } }],
  };
}

export function rankFrequencyOption(points: [number, number][]): ChartOption {
  return {
    ...base,
    title: { text: 'Rank-frequency of item supports (log-log)', textStyle: titleStyle },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => v.toLocaleString() },
    grid: { left: 64, right: 24, top: 40, bottom: 48 },
    xAxis: { type: 'log', name: 'item rank', nameLocation: 'middle', nameGap: 28, min: 1 },
    yAxis: { type: 'log', name: 'support', nameLocation: 'middle', nameGap: 48, min: 1 },
    series: [
      {
        type: 'line',
        data: points,
        showSymbol: points.length < 60,
        lineStyle: { color: ACCENT },
        itemStyle: { color: ACCENT },
      },
    ],
  };
}

export function lengthHistogramOption(bins: LengthBin[]): ChartOption {
  const label = (b: LengthBin) => (b.from === b.to ? `${b.from}` : `${b.from}-${b.to}`);
  const counts = bins.map((b) => b.count);
  const nonZero = counts.filter((c) => c > 0);
  // Skewed lengths (most click streams) would leave one bar and a flat line: use a log axis then.
  const logScale = nonZero.length > 0 && Math.max(...nonZero) / Math.min(...nonZero) > 100;
  return {
    ...base,
    title: { text: `Transaction lengths${logScale ? ' (log scale)' : ''}`, textStyle: titleStyle },
    tooltip: {
      trigger: 'axis',
      formatter: (p: { dataIndex: number; name: string }[]) =>
        `length ${p[0].name}: ${counts[p[0].dataIndex].toLocaleString()} transactions`,
    },
    grid: { left: 64, right: 16, top: 40, bottom: 48 },
    xAxis: {
      type: 'category',
      data: bins.map(label),
      name: 'items per transaction',
      nameLocation: 'middle',
      nameGap: 30,
    },
    yAxis: logScale
      ? { type: 'log', name: 'transactions', nameLocation: 'middle', nameGap: 48, min: 1 }
      : { type: 'value', name: 'transactions', nameLocation: 'middle', nameGap: 48 },
    series: [
      {
        type: 'bar',
        data: logScale ? counts.map((c) => (c > 0 ? c : null)) : counts,
        itemStyle: { color: ACCENT },
        barCategoryGap: '10%',
      },
    ],
  };
}

export function riskOption(points: RiskPoint[]): ChartOption {
  return {
    ...base,
    title: { text: 'Re-identification risk (Ghinita Sec. 6.1, Table 3)', textStyle: titleStyle },
    tooltip: {
      trigger: 'axis',
      formatter: (p: { dataIndex: number }[]) => {
        const point = points[p[0].dataIndex];
        return `${point.known} known item(s): <b>${(100 * point.share).toFixed(1)}%</b> identified uniquely<br/>${point.unique} of ${point.sampled} sampled (${point.eligible.toLocaleString()} transactions have ≥ ${point.known} items)`;
      },
    },
    grid: { left: 64, right: 16, top: 56, bottom: 48 },
    xAxis: {
      type: 'category',
      data: points.map((p) => `${p.known}`),
      name: 'items the attacker knows',
      nameLocation: 'middle',
      nameGap: 30,
    },
    yAxis: {
      type: 'value',
      name: 'identified uniquely',
      nameLocation: 'middle',
      nameGap: 48,
      min: 0,
      max: 100,
      axisLabel: { formatter: '{value}%' },
    },
    series: [
      {
        type: 'bar',
        data: points.map((p) => Number((100 * p.share).toFixed(2))),
        itemStyle: { color: WARN },
        label: { show: true, position: 'top', formatter: '{c}%' },
      },
    ],
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function classSizeOption(
  histogram: [number, number][],
  k: number,
  title = 'Equivalence class sizes',
  axis = `rows per class (k = ${k})`,
  unit = 'classes',
): ChartOption {
  return {
    ...base,
    title: { text: title, textStyle: titleStyle },
    tooltip: {
      trigger: 'axis',
      formatter: (p: { name: string; value: number }[]) => `${p[0].value} ${unit} of ${p[0].name} rows`,
    },
    grid: { left: 56, right: 16, top: 52, bottom: 48 },
    xAxis: {
      type: 'category',
      data: histogram.map(([size]) => String(size)),
      name: axis,
      nameLocation: 'middle',
      nameGap: 30,
    },
    yAxis: { type: 'value', name: unit, nameLocation: 'middle', nameGap: 40, minInterval: 1 },
    // Each bar says its count: a single large group (the rows left at the end) beside a thousand
    // groups of p would otherwise be a bar too low to see.
    series: [
      {
        type: 'bar',
        data: histogram.map(([, count]) => count),
        itemStyle: { color: ACCENT },
        label: { show: true, position: 'top', fontSize: 11 },
        labelLayout: { hideOverlap: true },
      },
    ],
  };
}

/** phi^2 among the top items; labels carry the column each item was put in. */
export function phiHeatmapOption(
  tokens: string[],
  phi: number[][],
  columnOf: Map<string, number>,
): ChartOption {
  const labels = tokens.map((t) => (columnOf.has(t) ? `${t} [c${columnOf.get(t)! + 1}]` : t));
  const data: [number, number, number][] = [];
  phi.forEach((row, i) => row.forEach((value, j) => i !== j && data.push([j, i, Number(value.toFixed(4))])));
  const max = Math.max(0.01, ...data.map((d) => d[2]));
  return {
    ...base,
    title: { text: `phi² between the ${tokens.length} most frequent items (eq. 4)`, textStyle: titleStyle },
    tooltip: {
      formatter: (p: { value: [number, number, number] }) =>
        `${labels[p.value[1]]} · ${labels[p.value[0]]}: phi² = ${p.value[2]}`,
    },
    grid: { left: 110, right: 24, top: 40, bottom: 110 },
    xAxis: { type: 'category', data: labels, axisLabel: { rotate: 60, fontSize: 9 } },
    yAxis: { type: 'category', data: labels, axisLabel: { fontSize: 9 } },
    visualMap: {
      min: 0,
      max,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 120,
      precision: 2, // phi² lies in [0, 1]: the handles' labels would round to 0 and 1
      text: ['phi²', ''],
    },
    series: [{ type: 'heatmap', data }],
  };
}
