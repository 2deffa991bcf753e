/** The class / group / bucket size histogram every release viewer shows (ECharts option). */
import type { ChartOption } from '../widgets/EChart.tsx';
import { ACCENT, base, titleStyle } from '../widgets/chartStyle.ts';

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
