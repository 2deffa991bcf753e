/**
 * The runs of an experiment as a sortable table: method, parameters, seed, verified, every metric
 * value (blank where it does not apply: absent, never zero), runtime, and the command that
 * reproduces the run. Click a header to sort; again to reverse.
 */
import { useMemo, useState } from 'react';
import { isFailedRun, type SweepRun } from '../../core/experiment/results.ts';
import { valueNames } from '../../core/experiment/series.ts';
import type { MetricInfo } from '../../../workers/engineTypes.ts';
import {
  describeValue,
  formatMetric,
  formatRuntime,
  metricOf,
  shownValueNames,
} from '../widgets/metricText.ts';
import { notApplicableCell } from '../widgets/notApplicable.ts';
import { useRuns } from '../anonymize/runStore.ts';
import { paramsText } from '../widgets/paramsText.ts';

const settings = (run: SweepRun) => paramsText({ ...run.params, ...run.metricOptions });

type SortKey = 'method' | 'params' | 'seed' | 'verified' | string;

function sortValue(run: SweepRun, key: SortKey): string | number {
  if (key === 'method') return run.method;
  if (key === 'params') return settings(run);
  if (key === 'seed') return run.seed;
  if (isFailedRun(run)) return key === 'verified' ? -1 : Infinity;
  if (key === 'verified') return run.verified ? 1 : 0;
  if (key === 'runtime_ms') return run.runtime_ms;
  return run.metrics[key] ?? Infinity;
}

export function ResultsTable({
  runs,
  metrics,
}: {
  runs: readonly SweepRun[];
  metrics: readonly MetricInfo[];
}) {
  const methods = useRuns((s) => s.methods);
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean } | null>(null);
  const names = useMemo(() => shownValueNames(valueNames(runs)), [runs]);
  const sorted = useMemo(() => {
    if (!sort) return runs;
    return [...runs].sort((a, b) => {
      const x = sortValue(a, sort.key);
      const y = sortValue(b, sort.key);
      const order =
        typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return sort.descending ? -order : order;
    });
  }, [runs, sort]);
  const header = (key: SortKey, label: string, title?: string) => (
    <th
      key={key}
      title={title}
      data-testid={`sort-${key}`}
      className="sortable"
      onClick={() => setSort((s) => ({ key, descending: s?.key === key ? !s.descending : false }))}
    >
      {label}
      {sort?.key === key ? (sort.descending ? ' ▼' : ' ▲') : ''}
    </th>
  );
  return (
    <div className="table-scroll">
      <table className="runs" data-testid="results-table">
        <thead>
          <tr>
            {header('method', 'method')}
            {header('params', 'parameters')}
            {header('seed', 'seed')}
            {header('verified', 'verified')}
            {names.map((n) => header(n, n, describeValue(metrics, n)))}
            {header('runtime_ms', 'runtime ms', describeValue(metrics, 'runtime_ms'))}
            <th>reproduce</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((run, i) => (
            <tr key={i} data-testid="result-row" className={isFailedRun(run) ? 'failed' : ''}>
              <td>{run.method}</td>
              <td>{settings(run)}</td>
              <td>{run.seed}</td>
              {isFailedRun(run) ? (
                <td colSpan={names.length + 3} className="error-cell" title={run.error}>
                  failed: {run.error}
                </td>
              ) : (
                <>
                  <td>{run.verified ? '✓' : '✗'}</td>
                  {names.map((n) => {
                    const value = formatMetric(run.metrics, n);
                    // A metric the method cannot compute says why, rather than a blank cell.
                    const na =
                      value === ''
                        ? notApplicableCell(
                            metricOf(metrics, n),
                            methods.find((m) => m.id === run.method),
                          )
                        : '';
                    return (
                      <td
                        key={n}
                        className={na ? 'na muted small' : 'num'}
                        data-testid={na ? 'na-cell' : undefined}
                      >
                        {value || na}
                      </td>
                    );
                  })}
                  <td className="num">{formatRuntime(run.runtime_ms)}</td>
                  <td>
                    <details>
                      <summary>cli</summary>
                      <code data-testid="run-command">{run.command}</code>
                    </details>
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
