/**
 * The count histograms (release class sizes, transaction lengths) drawn by ECharts itself, in
 * Node (server-side SVG): every bin that holds something has a bar of visible height, taller for
 * larger counts, on a log axis too. The options alone cannot tell: ECharts starts a bar on a log
 * axis at 1 unless told otherwise, so a bin of one class was drawn with height 0.
 */
import { describe, expect, it } from 'vitest';
import * as echarts from 'echarts';
import { classSizeOption } from '../src/ui/releases/classSizeOption.ts';
import { lengthHistogramOption } from '../src/ui/overview/overviewCharts.ts';
import type { ChartOption } from '../src/ui/widgets/EChart.tsx';

/** The bar heights (px) of series 0, by data index, from the chart rendered to SVG. */
function barHeights(option: ChartOption): Map<number, number> {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 600, height: 300 });
  try {
    chart.setOption(option as echarts.EChartsCoreOption);
    const svg = chart.renderToSVGString();
    const heights = new Map<number, number>();
    for (const path of svg.matchAll(/<path d="M[\d.-]+ [\d.-]+l[\d.-]+ 0l0 ([\d.-]+)l[^"]*Z"[^>]*>/g)) {
      const index = /ecmeta_series_index="0" ecmeta_data_index="(\d+)"/.exec(path[0]);
      if (index) heights.set(Number(index[1]), -Number(path[1]));
    }
    return heights;
  } finally {
    chart.dispose();
  }
}

describe('count histograms as drawn', () => {
  it('a skewed class-size histogram draws every size held, a size of one class too', () => {
    const histogram: [number, number][] = [
      [5, 500],
      [6, 120],
      [7, 30],
      [9, 3],
      [12, 1],
      [40, 1],
    ];
    const heights = barHeights(classSizeOption(histogram, 5));
    expect(heights.size).toBe(histogram.length);
    for (const [index] of histogram.entries()) expect(heights.get(index)).toBeGreaterThan(4);
    expect(heights.get(0)!).toBeGreaterThan(heights.get(1)!);
    expect(heights.get(3)!).toBeGreaterThan(heights.get(4)!);
    expect(heights.get(4)).toBeCloseTo(heights.get(5)!, 5);
  });

  it('a skewed length histogram draws a length held by one transaction, and none for an empty bin', () => {
    const bins = [
      { from: 1, to: 1, count: 20_000 },
      { from: 2, to: 2, count: 900 },
      { from: 3, to: 3, count: 0 },
      { from: 4, to: 4, count: 1 },
    ];
    const heights = barHeights(lengthHistogramOption(bins));
    expect(heights.get(3)).toBeGreaterThan(4);
    expect(heights.get(2) ?? 0).toBe(0);
    expect(heights.get(0)!).toBeGreaterThan(heights.get(1)!);
  });

  it('counts on a linear axis still start from 0', () => {
    const heights = barHeights(
      classSizeOption(
        [
          [5, 10],
          [6, 5],
        ],
        5,
      ),
    );
    expect(heights.get(0)).toBeCloseTo(2 * heights.get(1)!, 0);
  });
});
