/**
 * Every chart of the page: an ECharts option drawn by EChartCanvas.tsx, which is loaded on first
 * use so that ECharts stays out of the page's first chunk (bench/results.md, "The page bundle").
 * Until it has loaded, an empty frame of the chart's size holds its place.
 */
import { lazy, Suspense } from 'react';
import type { EChartsCoreOption } from 'echarts/core';

export type ChartOption = EChartsCoreOption;

export interface EChartProps {
  option: ChartOption;
  testId: string;
  height?: number;
  /** File name (without extension) for PNG and SVG downloads; no buttons when absent. */
  exportName?: string;
}

const EChartCanvas = lazy(() => import('./EChartCanvas.tsx'));

export function EChart(props: EChartProps) {
  return (
    <Suspense fallback={<div className="chart" style={{ height: props.height ?? 280 }} />}>
      <EChartCanvas {...props} />
    </Suspense>
  );
}
