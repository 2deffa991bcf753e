/**
 * The chart itself, loaded lazily by EChart.tsx (ECharts is most of the page's code, so it is a
 * chunk of its own that the page fetches when the first chart is drawn). The one React wrapper
 * around ECharts: initialises a chart on mount, applies `option` whenever it
 * changes, follows the container's size (ResizeObserver) and disposes the chart on unmount. With
 * `exportName` it offers PNG and SVG downloads of what is drawn (the SVG is rendered off-screen by
 * ECharts' SVG renderer from the same option). After every update it writes what the chart holds
 * to `data-series` and `data-points` (data series only: helper series have ids starting with `_`),
 * so tests count what is drawn rather than what was meant.
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, CustomChart, HeatmapChart, LineChart, ScatterChart, TreeChart } from 'echarts/charts';
import {
  GraphicComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  ToolboxComponent,
  VisualMapComponent,
} from 'echarts/components';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import { download } from './download.ts';

echarts.use([
  BarChart,
  CustomChart,
  TreeChart,
  HeatmapChart,
  VisualMapComponent,
  LineChart,
  ScatterChart,
  GraphicComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  ToolboxComponent,
  CanvasRenderer,
  SVGRenderer,
]);

import type { ChartOption, EChartProps } from './EChart.tsx';

/** Counts the data series and their points as the chart holds them. */
function drawnCounts(instance: echarts.ECharts): { series: number; points: number } {
  const series = (
    (instance.getOption() as { series?: { id?: string; data?: unknown[] }[] }).series ?? []
  ).filter((s) => !String(s.id ?? '').startsWith('_'));
  return { series: series.length, points: series.reduce((sum, s) => sum + (s.data?.length ?? 0), 0) };
}

function exportSvg(option: ChartOption, width: number, height: number, fileName: string): void {
  const element = document.createElement('div');
  const instance = echarts.init(element, undefined, { renderer: 'svg', width, height });
  try {
    instance.setOption({ ...option, animation: false, backgroundColor: '#fff' });
    download(fileName, instance.renderToSVGString(), 'image/svg+xml');
  } finally {
    instance.dispose();
  }
}

export default function EChartCanvas({ option, testId, height = 280, exportName }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = echarts.init(element);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = chart.current;
    const element = container.current;
    if (!instance || !element) return;
    instance.setOption(option, { notMerge: true });
    const { series, points } = drawnCounts(instance);
    element.dataset.series = String(series);
    element.dataset.points = String(points);
  }, [option]);

  const savePng = () => {
    const url = chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
    if (!url) return;
    const link = document.createElement('a');
    link.href = url;
    link.download = `${exportName}.png`;
    link.click();
  };
  const saveSvg = () => {
    const element = container.current;
    if (element) exportSvg(option, element.clientWidth, element.clientHeight, `${exportName}.svg`);
  };

  const canvas = <div ref={container} className="chart" data-testid={testId} style={{ height }} />;
  if (!exportName) return canvas;
  return (
    <figure className="chart-figure">
      {canvas}
      <figcaption className="chart-exports">
        <button type="button" data-testid={`${testId}-png`} onClick={savePng}>
          PNG
        </button>
        <button type="button" data-testid={`${testId}-svg`} onClick={saveSvg}>
          SVG
        </button>
      </figcaption>
    </figure>
  );
}
