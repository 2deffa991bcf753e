/**
 * The class / group / bucket size histogram every release viewer shows (ECharts option). On a large
 * release there can be hundreds of distinct sizes: past 40 the larger sizes are summed in ranges
 * (sizeBins.ts; the axis name says so), the x labels are thinned (ECharts drops those that would
 * overlap) and turned, the count above each bar is kept only while there are few
 * bars, and skewed counts go on a log axis on which a size held by one class still shows.
 */
import type { ChartOption } from '../widgets/EChart.tsx';
import { ACCENT, base, titleStyle } from '../widgets/chartStyle.ts';
import { countAxis } from '../widgets/countAxis.ts';
import { binLabel, sizeBins } from './sizeBins.ts';

/** Up to this many bars, each says its count (a single large group beside a thousand small ones). */
const LABELLED_BARS = 24;
/** At most this many bars: more distinct sizes are merged into ranges (sizeBins.ts). */
const MAX_BARS = 40;

export function classSizeOption(
  histogram: [number, number][],
  k: number,
  title = 'Equivalence class sizes',
  axis = `rows per class (k = ${k})`,
  unit = 'classes',
): ChartOption {
  const bins = sizeBins(histogram, MAX_BARS);
  const merged = bins.length < histogram.length;
  const counts = bins.map((bin) => bin.classes);
  const y = countAxis(counts, unit);
  const many = bins.length > LABELLED_BARS;
  return {
    ...base,
    title: { text: `${title}${y.log ? ' (log scale)' : ''}`, textStyle: titleStyle },
    // A release of no rows (DiffPart at a small ε on a small file) says so, not an empty frame.
    graphic:
      histogram.length === 0
        ? [
            {
              type: 'text',
              left: 'center',
              top: 'middle',
              style: { text: `No ${unit}: the release has no rows`, fontSize: 13, fill: '#5b6475' },
            },
          ]
        : [],
    tooltip: {
      trigger: 'axis',
      formatter: (p: { name: string; dataIndex: number }[]) => {
        const count = counts[p[0].dataIndex];
        return `${count.toLocaleString('en')} ${count === 1 ? singular(unit) : unit} of ${p[0].name} rows`;
      },
    },
    grid: { left: 64, right: 16, top: 52, bottom: many ? 60 : 48 },
    xAxis: {
      type: 'category',
      data: bins.map(binLabel),
      name: merged ? `${axis}; ${histogram.length} sizes in ${bins.length} ranges` : axis,
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

/** 'classes' -> 'class', 'groups' -> 'group': the unit said of one. */
function singular(unit: string): string {
  return unit.replace(/(ss)es$|s$/, '$1');
}
