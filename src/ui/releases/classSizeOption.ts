/**
 * The class / group / bucket size histogram every release viewer shows (ECharts option). On a large
 * release there can be hundreds of distinct sizes: the x labels are then thinned (ECharts drops
 * those that would overlap) and turned, the count above each bar is kept only while there are few
 * bars, and skewed counts go on a log axis on which a size held by one class still shows.
 */
import type { ChartOption } from '../widgets/EChart.tsx';
import { ACCENT, base, titleStyle } from '../widgets/chartStyle.ts';
import { countAxis } from '../widgets/countAxis.ts';

/** Up to this many bars, each says its count (a single large group beside a thousand small ones). */
const LABELLED_BARS = 24;

export function classSizeOption(
  histogram: [number, number][],
  k: number,
  title = 'Equivalence class sizes',
  axis = `rows per class (k = ${k})`,
  unit = 'classes',
): ChartOption {
  const counts = histogram.map(([, count]) => count);
  const y = countAxis(counts, unit);
  const many = histogram.length > LABELLED_BARS;
  return {
    ...base,
    title: { text: `${title}${y.log ? ' (log scale)' : ''}`, textStyle: titleStyle },
    tooltip: {
      trigger: 'axis',
      formatter: (p: { name: string; dataIndex: number }[]) =>
        `${counts[p[0].dataIndex].toLocaleString('en')} ${unit} of ${p[0].name} rows`,
    },
    grid: { left: 64, right: 16, top: 52, bottom: many ? 60 : 48 },
    xAxis: {
      type: 'category',
      data: histogram.map(([size]) => String(size)),
      name: axis,
      nameLocation: 'middle',
      nameGap: many ? 44 : 30,
      axisLabel: { hideOverlap: true, rotate: many ? 45 : 0, fontSize: 11 },
    },
    yAxis: y.yAxis,
    series: [
      {
        type: 'bar',
        data: y.data,
        itemStyle: { color: ACCENT },
        label: { show: !many, position: 'top', fontSize: 11 },
        labelLayout: { hideOverlap: true },
      },
    ],
  };
}
