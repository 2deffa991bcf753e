/**
 * Ghinita Fig. 1a-c on a small dataset: the binary matrix in input order, after GraySort and after
 * RCM, with the groups CAHD forms along each order outlined. Computed in a worker by the same code
 * as the gray-cahd and rcm-cahd runs.
 */
import { useEffect, useMemo, useState } from 'react';
import type { RunRequest } from '../../../core/experiment/runRecord.ts';
import type { PDegreeTeachingTrace } from '../../../core/methods/gray-cahd/trace.ts';
import { EChart } from '../../components/EChart.tsx';
import { pool } from '../../engineClient.ts';
import { bitMatrixOption } from './bitMatrixOption.ts';

export function PDegreeTeachingView({ datasetId, request }: { datasetId: string; request: RunRequest }) {
  const [trace, setTrace] = useState<PDegreeTeachingTrace | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(request);
  useEffect(() => {
    let live = true;
    const parsed = JSON.parse(key) as RunRequest;
    pool
      .run((api) => api.pDegreeTrace(datasetId, parsed))
      .then((t) => live && (setTrace(t), setError(null)))
      .catch((e: { message?: string }) => live && (setTrace(null), setError(e.message ?? String(e))));
    return () => {
      live = false;
    };
  }, [datasetId, key]);
  const options = useMemo(
    () => (trace ? trace.orders.map((_, i) => bitMatrixOption(trace, i)) : []),
    [trace],
  );
  if (error) return <p className="muted">Teaching view: {error}</p>;
  if (!trace) return null;
  const height = 110 + 24 * trace.rowNames.length;
  return (
    <details className="teaching" open data-testid="pdegree-teaching">
      <summary>
        Ghinita Fig. 1: the data as a binary matrix, reordered, with CAHD’s groups (p ={' '}
        {String(request.params.p)})
      </summary>
      <p className="muted small">
        Blue: QID item held; red: sensitive item held. Columns: QID items in the Gray code’s order (most
        significant first), then the sensitive items. The first column names each row’s CAHD group.
      </p>
      <div className="teaching-heatmaps">
        {options.map((option, i) => (
          <EChart key={i} option={option} testId={`pdegree-matrix-${i}`} height={height} />
        ))}
      </div>
    </details>
  );
}
