/** The phi² heatmap of multi-anatomy's item partition (anatomy paper eq. 4), as an ECharts option. */
import type { ChartOption } from '../../widgets/EChart.tsx';
import { base, titleStyle } from '../../widgets/chartStyle.ts';

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
    // The colour scale stands at the right, clear of the turned x labels; every item is labelled
    // on both axes (a heatmap whose rows go unnamed cannot be read).
    grid: { left: 110, right: 96, top: 40, bottom: 110 },
    xAxis: { type: 'category', data: labels, axisLabel: { rotate: 60, fontSize: 9, interval: 0 } },
    yAxis: { type: 'category', data: labels, axisLabel: { fontSize: 9, interval: 0 } },
    visualMap: {
      min: 0,
      max,
      calculable: true,
      orient: 'vertical',
      right: 8,
      top: 'middle',
      itemHeight: 140,
      precision: 2, // phi² lies in [0, 1]: the handles' labels would round to 0 and 1
      text: ['phi²', ''],
    },
    series: [{ type: 'heatmap', data }],
  };
}
