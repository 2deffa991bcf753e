/**
 * The count histograms (release class sizes, transaction lengths) drawn by ECharts itself, in
 * Node (server-side SVG): every bin that holds something has a bar of visible height, taller for
 * larger counts, on a log axis too. The options alone cannot tell: ECharts starts a bar on a log
 * axis at 1 unless told otherwise, so a bin of one class was drawn with height 0. The risk chart
 * draws no bar where no row has enough items to be attacked (it showed a risk of 0% there).
 */
import { describe, expect, it } from 'vitest';
import { classSizeOption } from '../src/ui/releases/classSizeOption.ts';
import { lengthHistogramOption, riskOption } from '../src/ui/overview/overviewCharts.ts';
import type { ChartOption } from '../src/ui/widgets/EChart.tsx';
import { drawChart } from './chartSvg.ts';

const barHeights = (option: ChartOption) => drawChart(option).barHeights;

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

  it('a release of no rows says so in the chart rather than drawing an empty frame', () => {
    const drawn = drawChart(
      classSizeOption([], 5, 'Distinct rows and their copies', 'copies of each distinct row'),
    );
    expect(drawn.barHeights.size).toBe(0);
    expect(drawn.svg).toContain('No classes: the release has no rows');
    expect(drawChart(classSizeOption([[5, 2]], 5)).svg).not.toContain('the release has no rows');
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

  it('a number of known items no row reaches draws no bar and says why, not a risk of 0%', () => {
    const measured = { eligible: 5, sampled: 5 };
    const { svg, barHeights: heights } = drawChart(
      riskOption([
        { known: 1, ...measured, unique: 0, share: 0 },
        { known: 2, ...measured, unique: 1, share: 0.2 },
        { known: 3, eligible: 1, sampled: 1, unique: 1, share: 1 },
        { known: 4, eligible: 0, sampled: 0, unique: 0, share: 0 },
      ]),
    );
    expect(heights.has(3)).toBe(false);
    expect(heights.get(2)).toBeGreaterThan(heights.get(1)!);
    expect(svg).toContain('no row has 4');
  });
});
