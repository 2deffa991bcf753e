/**
 * With a multi-anatomy run: phi² (anatomy paper eq. 4) among the 25 most frequent items, each item
 * labelled with the column the item partition (Sec. IV.A) put it in; computed in a worker by the
 * method's `itemCorrelation` tool.
 */
import { useMemo } from 'react';
import { EChart } from '../../widgets/EChart.tsx';
import type { MethodRunProps } from '../types.ts';
import { useMethodExtra } from '../useMethodExtra.ts';
import { phiHeatmapOption } from './phiHeatmapOption.ts';

export function PhiHeatmap({ datasetId, run }: MethodRunProps) {
  const { record, summary } = run;
  const { value: correlation } = useMethodExtra<{ tokens: string[]; phi: number[][] }>(datasetId, {
    method: record.method,
    params: record.params,
    seed: record.seed,
    extra: 'itemCorrelation',
    args: { top: 25 },
  });
  const columnOf = useMemo(() => {
    const map = new Map<string, number>();
    summary.columns?.forEach((tokens, c) => tokens.forEach((t) => map.set(t, c)));
    return map;
  }, [summary]);
  const heatmap = useMemo(
    () => (correlation ? phiHeatmapOption(correlation.tokens, correlation.phi, columnOf) : null),
    [correlation, columnOf],
  );
  return heatmap ? (
    <EChart option={heatmap} testId="chart-phi-heatmap" height={480} />
  ) : (
    <div className="chart placeholder">Computing phi²…</div>
  );
}
