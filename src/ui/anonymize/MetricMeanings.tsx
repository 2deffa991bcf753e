/**
 * A run's metrics with what each means, in a sentence on the page (not only in a tooltip), which
 * way is better, and its standard error where the metric is estimated from random queries (a
 * `<name>_se` value beside it, DESIGN.md sec. 5).
 */
import type { RunRecord } from '../../core/run/runRecord.ts';
import type { MetricInfo } from '../../../workers/engineTypes.ts';
import { formatSe, formatValue, metricOf, valueDirection, valueLabel } from '../widgets/metricText.ts';

const BETTER = {
  lower: 'lower is better',
  higher: 'higher is better',
  count: 'a count',
  se: 'a standard error',
} as const;

export function MetricMeanings({ record, metrics }: { record: RunRecord; metrics: readonly MetricInfo[] }) {
  const names = Object.keys(record.metrics).filter((name) => !name.endsWith('_se'));
  if (names.length === 0) return null;
  return (
    <table className="metric-meanings" data-testid="metric-meanings">
      <thead>
        <tr>
          <th>metric</th>
          <th>value</th>
          <th>better</th>
          <th>what it means</th>
        </tr>
      </thead>
      <tbody>
        {names.map((name) => {
          const info = metricOf(metrics, name);
          const se = record.metrics[`${name}_se`];
          return (
            <tr key={name} data-testid={`metric-${name}`}>
              <td>
                <b>{name}</b>
                {info && <div className="muted small">{valueLabel(metrics, name)}</div>}
              </td>
              <td className="number">
                {formatValue(record.metrics[name])}
                {se !== undefined && (
                  <span className="muted" data-testid={`metric-${name}-se`}>
                    {' '}
                    ± {formatSe(se, record.metrics[name])}
                  </span>
                )}
              </td>
              <td>{BETTER[valueDirection(metrics, name)]}</td>
              <td>
                {info ? info.description : ''}
                {info && <span className="muted small"> ({info.source})</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
