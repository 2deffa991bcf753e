/**
 * The uncertainty of each mean on a line chart as a filled band of ± 2 standard errors over queries
 * and seeds: two stacked helper lines (ECharts), the lower edge invisible, the second filled up to
 * the upper edge. Points whose error cannot be estimated (one seed of an exact value) add no width;
 * a series without any error gets no band. Shared by the comparison charts and the guarantee axes.
 */
interface BandPoint {
  mean: number;
  se?: number;
}

export function errorBand<P extends BandPoint>(
  name: string,
  points: readonly P[],
  x: (point: P) => unknown,
  color: string,
  factor: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown>[] {
  if (!points.some((p) => (p.se ?? 0) > 0)) return [];
  const half = (p: P) => 2 * (p.se ?? 0);
  const helper = {
    type: 'line',
    stack: `_band-${name}`,
    symbol: 'none',
    silent: true,
    tooltip: { show: false },
  };
  return [
    {
      ...helper,
      ...extra,
      id: `_band-low-${name}`,
      data: points.map((p) => [x(p), (p.mean - half(p)) / factor]),
      lineStyle: { opacity: 0 },
    },
    {
      ...helper,
      ...extra,
      id: `_band-high-${name}`,
      data: points.map((p) => [x(p), (2 * half(p)) / factor]),
      lineStyle: { opacity: 0 },
      areaStyle: { color, opacity: 0.15 },
    },
  ];
}
