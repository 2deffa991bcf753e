/**
 * A `buckets` release (multi-dimension anatomy): the item partition as column lists, the phi^2
 * heatmap of the most frequent items (eq. 4, computed in a worker), bucket sizes and the first
 * buckets as published (each column permuted within its bucket).
 */
import { useEffect, useMemo, useState } from 'react';
import type { ReleaseSummary } from '../../../core/release/summary.ts';
import { EChart } from '../../components/EChart.tsx';
import { classSizeOption, phiHeatmapOption } from '../../components/charts.ts';
import { pool } from '../../engineClient.ts';

export function BucketsView({
  datasetId,
  summary,
  l,
}: {
  datasetId: string;
  summary: ReleaseSummary;
  l: number;
}) {
  const [correlation, setCorrelation] = useState<{ tokens: string[]; phi: number[][] } | null>(null);
  useEffect(() => {
    let live = true;
    void pool.run((api) => api.itemCorrelation(datasetId, 25)).then((c) => live && setCorrelation(c));
    return () => {
      live = false;
    };
  }, [datasetId]);
  const columnOf = useMemo(() => {
    const map = new Map<string, number>();
    summary.columns?.forEach((tokens, c) => tokens.forEach((t) => map.set(t, c)));
    return map;
  }, [summary]);
  const heatmap = useMemo(
    () => (correlation ? phiHeatmapOption(correlation.tokens, correlation.phi, columnOf) : null),
    [correlation, columnOf],
  );
  const sizes = useMemo(
    () => classSizeOption(summary.sizeHistogram, l, 'Bucket sizes', `rows per bucket (l = ${l})`, 'buckets'),
    [summary, l],
  );
  return (
    <div className="buckets-view" data-testid="buckets-view">
      <h4>Item partition (Sec. IV.A: phi² + PAM)</h4>
      <ol className="columns-list" data-testid="item-columns">
        {summary.columns?.map((tokens, c) => (
          <li key={c}>
            <b>column {c + 1}</b> ({tokens.length} items): {tokens.slice(0, 60).join(' ')}
            {tokens.length > 60 ? ' …' : ''}
          </li>
        ))}
      </ol>
      <div className="charts">
        {heatmap ? (
          <EChart option={heatmap} testId="chart-phi-heatmap" height={420} />
        ) : (
          <div className="chart placeholder">Computing phi²…</div>
        )}
        <EChart option={sizes} testId="chart-bucket-sizes" height={420} />
      </div>
      <h4>First buckets as published</h4>
      <div className="bucket-tables">
        {summary.firstBuckets?.slice(0, 6).map((bucket, b) => (
          <table key={b} className="bits bucket">
            <caption>
              bucket {b + 1} · {bucket.size} rows
            </caption>
            <thead>
              <tr>
                {bucket.columns.map((_, c) => (
                  <th key={c}>column {c + 1}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: bucket.size }, (_, r) => (
                <tr key={r}>
                  {bucket.columns.map((values, c) => (
                    <td key={c}>{values[r].length ? values[r].join(' ') : '∅'}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </div>
  );
}
