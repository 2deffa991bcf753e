/** ECharts options for the dataset overview: pure functions of the worker's summaries. */
import type { ItemSupport, LengthBin } from '../../core/data/stats.ts';
import type { RiskPoint } from '../../core/metrics/risk.ts';
import type { ChartOption } from '../widgets/EChart.tsx';
import { ACCENT, base, escapeHtml, titleStyle, WARN } from '../widgets/chartStyle.ts';
import { countAxis } from '../widgets/countAxis.ts';

/** Item names on the top-items axis are cut to this many characters (the tooltip has them whole). */
export const ITEM_LABEL_CHARS = 16;

/** An item name as the axis shows it: at most ITEM_LABEL_CHARS characters, cut with an ellipsis. */
export function itemLabel(token: string): string {
  const chars = [...token];
  return chars.length <= ITEM_LABEL_CHARS ? token : `${chars.slice(0, ITEM_LABEL_CHARS - 1).join('')}…`;
}

/**
 * The top items as bars, their names under them at 60 degrees. The space below the bars is sized
 * here from the longest name shown (10 px text: about 5.5 px a character), and ECharts' own fitting
 * of the grid to its labels is off (`outerBoundsMode: 'none'`): that second layout pass was most of
 * the longest main-thread task while a large file loads (55-67 ms of it; 26-43 ms without).
 */
export function topItemsOption(items: ItemSupport[], transactions: number): ChartOption {
  const longest = Math.max(1, ...items.map((i) => Math.min(ITEM_LABEL_CHARS, [...i.token].length)));
  const labelHeight = Math.ceil(longest * 5.5 * Math.sin(Math.PI / 3)) + 10;
  return {
    ...base,
    title: { text: `Top ${items.length} items by support`, textStyle: titleStyle },
    tooltip: {
      trigger: 'axis',
      formatter: (params: { name: string; value: number }[]) =>
        `item <b>${escapeHtml(params[0].name)}</b><br/>support ${params[0].value.toLocaleString()} (${((100 * params[0].value) / Math.max(1, transactions)).toFixed(2)}% of transactions)`,
    },
    grid: { left: 64, right: 16, top: 40, bottom: labelHeight + 28, outerBoundsMode: 'none' },
    xAxis: {
      type: 'category',
      data: items.map((i) => i.token),
      name: 'item',
      nameLocation: 'middle',
      nameGap: labelHeight + 12,
      // Every item named (ECharts would hide every other one): 30 rotated labels fit the width.
      axisLabel: { rotate: 60, fontSize: 10, interval: 0, formatter: itemLabel },
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
  // Skewed lengths (most click streams): a log axis on which a single transaction still shows.
  const axis = countAxis(counts, 'transactions');
  return {
    ...base,
    title: { text: `Transaction lengths${axis.log ? ' (log scale)' : ''}`, textStyle: titleStyle },
    tooltip: {
      trigger: 'axis',
      formatter: (p: { dataIndex: number; name: string }[]) => {
        const count = counts[p[0].dataIndex];
        return `length ${p[0].name}: ${count.toLocaleString('en')} transaction${count === 1 ? '' : 's'}`;
      },
    },
    grid: { left: 64, right: 16, top: 40, bottom: 48 },
    xAxis: {
      type: 'category',
      data: bins.map(label),
      name: 'items per transaction',
      nameLocation: 'middle',
      nameGap: 30,
    },
    yAxis: axis.yAxis,
    series: [
      {
        type: 'bar',
        data: axis.data,
        itemStyle: { color: ACCENT },
        barCategoryGap: '10%',
      },
    ],
  };
}

export function riskOption(points: RiskPoint[]): ChartOption {
  const unmeasured = points.some((p) => p.sampled === 0);
  return {
    ...base,
    title: { text: 'Re-identification risk (Ghinita Sec. 6.1, Table 3)', textStyle: titleStyle },
    tooltip: {
      trigger: 'axis',
      formatter: (p: { dataIndex: number }[]) => {
        const point = points[p[0].dataIndex];
        if (point.sampled === 0)
          return `${point.known} known items: no transaction has that many, nothing to measure`;
        return `${point.known} known item(s): <b>${(100 * point.share).toFixed(1)}%</b> identified uniquely<br/>${point.unique} of ${point.sampled} sampled (${point.eligible.toLocaleString()} transactions have ≥ ${point.known} items)`;
      },
    },
    grid: { left: 64, right: 16, top: 56, bottom: unmeasured ? 62 : 48 },
    xAxis: {
      type: 'category',
      // A j no transaction reaches is not a risk of 0%: no bar, and its label says why.
      data: points.map((p) => (p.sampled === 0 ? `${p.known}\nno row has ${p.known}` : `${p.known}`)),
      axisLabel: { interval: 0 },
      name: 'items the attacker knows',
      nameLocation: 'middle',
      nameGap: unmeasured ? 44 : 30,
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
        data: points.map((p) => (p.sampled === 0 ? null : Number((100 * p.share).toFixed(2)))),
        itemStyle: { color: WARN },
        label: { show: true, position: 'top', formatter: '{c}%' },
      },
    ],
  };
}
