/**
 * The chart itself, loaded lazily by EChart.tsx (ECharts is most of the page's code, so it is a
 * chunk of its own that the page fetches when the first chart is drawn). The one React wrapper
 * around ECharts: initialises a chart once its box has a size, applies `option` whenever it
 * changes (each in a task of its own, so that a page drawing several charts stays responsive),
 * follows the container's size (ResizeObserver) and disposes the chart on unmount. With
 * `exportName` it offers PNG and SVG downloads of what is drawn (the SVG is rendered off-screen by
 * ECharts' SVG renderer from the same option). After every update it writes what the chart holds
 * to `data-series` and `data-points` (data series only: helper series have ids starting with `_`),
 * so tests count what is drawn rather than what was meant.
 */
import { useEffect, useRef, useState } from 'react';
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
import { platformApi } from 'zrender/lib/core/platform.js';
import { withWideCharInEms } from './textMeasure.ts';

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
// A font's line height without a search of the system's fonts (textMeasure.ts).
echarts.setPlatformAPI({ measureText: withWideCharInEms(platformApi.measureText) });

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

/** Whether this page has drawn a chart yet (see the option's effect). */
let drawnBefore = false;

/** Runs `job` in a task of its own (after what the browser has queued), unless cancelled. */
function inOwnTask(job: () => void): () => void {
  const timer = setTimeout(job, 0);
  return () => clearTimeout(timer);
}

export default function EChartCanvas({ option, testId, height = 280, exportName }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  /** How many times the chart was made (again after an unmount in React's strict mode). */
  const [made, setMade] = useState(0);

  // The chart is made at the size the ResizeObserver first reports (ECharts
  // reading clientWidth itself forces a layout of the whole page), and in a task of its own: a run
  // that lands with several charts never builds them all in one long task (issue 16).
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancel = () => {};
    const observer = new ResizeObserver(([entry]) => {
      const size = { width: entry.contentRect.width, height: entry.contentRect.height };
      if (chart.current) return chart.current.resize(size);
      cancel();
      cancel = inOwnTask(() => {
        chart.current = echarts.init(element, undefined, size);
        setMade((n) => n + 1);
      });
    });
    observer.observe(element);
    return () => {
      cancel();
      observer.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  // The option is applied in the next task after the chart is made, so that neither is long.
  useEffect(() => {
    if (made === 0) return;
    return inOwnTask(() => {
      const instance = chart.current;
      const element = container.current;
      if (!instance || !element) return;
      // The page's first chart runs much of ECharts' code for the first time (V8 compiles it):
      // its layout and drawing wait for the next frame (lazyUpdate), a task of their own. Traced
      // with a large file dropped as the app opened: one task of 114 ms CPU became 61 + 44 ms.
      instance.setOption(option, { notMerge: true, lazyUpdate: !drawnBefore });
      drawnBefore = true;
      const { series, points } = drawnCounts(instance);
      element.dataset.series = String(series);
      element.dataset.points = String(points);
    });
  }, [option, made]);

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
