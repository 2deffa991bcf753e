/**
 * A chart option drawn by ECharts itself in Node (server-side SVG), for tests that check what the
 * page shows rather than the option: bars' heights, the text drawn.
 */
import * as echarts from 'echarts';
import type { ChartOption } from '../src/ui/widgets/EChart.tsx';

export interface DrawnChart {
  svg: string;
  /** The bar heights (px) of series 0, by data index; a null datum draws no bar. */
  barHeights: Map<number, number>;
}

export function drawChart(option: ChartOption, width = 600, height = 300): DrawnChart {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option as echarts.EChartsCoreOption);
    const svg = chart.renderToSVGString();
    const barHeights = new Map<number, number>();
    for (const path of svg.matchAll(/<path d="M[\d.-]+ [\d.-]+l[\d.-]+ 0l0 ([\d.-]+)l[^"]*Z"[^>]*>/g)) {
      const index = /ecmeta_series_index="0" ecmeta_data_index="(\d+)"/.exec(path[0]);
      if (index) barHeights.set(Number(index[1]), -Number(path[1]));
    }
    return { svg, barHeights };
  } finally {
    chart.dispose();
  }
}
