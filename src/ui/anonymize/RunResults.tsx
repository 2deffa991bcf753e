/**
 * The finished runs of the active dataset (made before a reload too) as a table, and the selected
 * run in detail (RunDetail.tsx). Runs belong to a dataset through its saved source, which stays the
 * same across reloads.
 */
import { useDeferredValue } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useRuns } from './runStore.ts';
import { describeValue, formatMetric, formatRuntime } from '../widgets/metricText.ts';
import type { DatasetEntry } from '../load/datasetStore.ts';
import { RunDetail } from './RunDetail.tsx';
import { TAB_MEMORY_HOW, tabMemoryText } from '../widgets/tabMemory.ts';
import { paramsText } from '../widgets/paramsText.ts';

export function RunResults({ dataset }: { dataset: DatasetEntry }) {
  const { runs, selectedRunId, selectRun, forget, metrics } = useRuns(
    useShallow((s) => ({
      runs: s.runs,
      selectedRunId: s.selectedRunId,
      selectRun: s.selectRun,
      forget: s.forget,
      metrics: s.metrics,
    })),
  );
  const mine = runs.filter((r) => r.sourceKey === dataset.sourceKey);
  const selected = mine.find((r) => r.id === selectedRunId) ?? mine[mine.length - 1];
  // The detail of a run that just landed renders in slices (a deferred, interruptible render), so
  // the page never blocks while its summary, rows and charts are built.
  const shown = useDeferredValue(selected);
  const metricNames = [
    ...new Set(mine.flatMap((r) => Object.keys(r.record.metrics).filter((m) => !m.endsWith('_se')))),
  ];
  const describe = (name: string) => describeValue(metrics, name);
  if (mine.length === 0) return <p className="muted">No runs on this dataset yet.</p>;
  return (
    <section className="panel">
      <table className="runs" data-testid="run-table">
        <thead>
          <tr>
            <th>method</th>
            <th>parameters</th>
            <th>seed</th>
            <th>verified</th>
            {metricNames.map((m) => (
              <th key={m} title={describe(m)}>
                {m}
              </th>
            ))}
            <th title={describe('runtime_ms')}>method ms</th>
            <th title={describe('total_ms')}>total ms</th>
            <th title={TAB_MEMORY_HOW}>tab memory</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {mine.map((r) => (
            <tr
              key={r.id}
              data-testid="run-row"
              className={r === selected ? 'selected' : ''}
              onClick={() => selectRun(r.id)}
            >
              <td>{r.record.method}</td>
              <td>{paramsText(r.record.params)}</td>
              <td>{r.record.seed}</td>
              <td>{r.record.verified ? '✓' : '✗'}</td>
              {metricNames.map((m) => (
                <td key={m}>{formatMetric(r.record.metrics, m)}</td>
              ))}
              <td data-testid="run-runtime">{formatRuntime(r.record.runtime_ms)}</td>
              <td data-testid="run-total">{formatRuntime(r.record.total_ms)}</td>
              <td data-testid="run-tab-memory" title={TAB_MEMORY_HOW}>
                {tabMemoryText(r.tabMemory)}
              </td>
              <td>
                <button
                  type="button"
                  className="link"
                  title="forget this run (and its saved files)"
                  onClick={(e) => {
                    e.stopPropagation();
                    forget(r.id);
                  }}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown && <RunDetail key={shown.id} run={shown} datasetId={dataset.id} />}
    </section>
  );
}
