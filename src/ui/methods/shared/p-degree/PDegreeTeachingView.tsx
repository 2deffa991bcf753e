/**
 * Ghinita Fig. 1a-c on a small dataset: the binary matrix in input order, after GraySort and after
 * RCM, with the groups CAHD forms along each order outlined. Computed in a worker by the same code
 * as the gray-cahd and rcm-cahd runs.
 */
import { useMemo } from 'react';
import type { PDegreeTeachingTrace } from '../../../../core/methods/shared/p-degree/fig1Trace.ts';
import { EChart } from '../../../widgets/EChart.tsx';
import type { MethodFormProps } from '../../types.ts';
import { useMethodExtra } from '../../useMethodExtra.ts';
import { bitMatrixOption } from './bitMatrixOption.ts';

export function PDegreeTeachingView({ datasetId, request }: MethodFormProps) {
  const { value: trace, error } = useMethodExtra<PDegreeTeachingTrace>(datasetId, {
    ...request,
    extra: 'teach',
  });
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
