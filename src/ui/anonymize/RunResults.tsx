/** The finished runs of the active dataset as a table, and the selected run in detail. */
import { Suspense } from 'react';
import { useRuns, type RunEntry } from './runStore.ts';
import { download, fileStem } from '../widgets/download.ts';
import { describeValue, formatRuntime } from '../widgets/metricText.ts';
import { methodViews } from '../methods/registry.ts';
import { RELEASE_VIEWERS } from '../releases/registry.ts';

/** A parameter as the table shows it: a document (a hierarchy, constraints) by its size. */
const shortValue = (value: unknown) => {
  const text = String(value);
  return text.length > 40 ? `(${text.split('\n').filter(Boolean).length} lines)` : text;
};

const format = (value: number) => (Number.isInteger(value) ? value.toLocaleString() : value.toPrecision(4));

export function RunResults({ datasetId }: { datasetId: string }) {
  const { runs, selectedRunId, selectRun, metrics } = useRuns();
  const mine = runs.filter((r) => r.datasetId === datasetId);
  const selected = mine.find((r) => r.id === selectedRunId) ?? mine[mine.length - 1];
  const metricNames = [...new Set(mine.flatMap((r) => Object.keys(r.record.metrics)))];
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
            <th>runtime ms</th>
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
              <td>
                {Object.entries(r.record.params)
                  .map(([k, v]) => `${k}=${shortValue(v)}`)
                  .join(' ')}
              </td>
              <td>{r.record.seed}</td>
              <td>{r.record.verified ? '✓' : '✗'}</td>
              {metricNames.map((m) => (
                <td key={m}>{r.record.metrics[m] === undefined ? '' : format(r.record.metrics[m])}</td>
              ))}
              <td>{formatRuntime(r.record.runtime_ms)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {selected && <RunDetail run={selected} />}
    </section>
  );
}

function RunDetail({ run }: { run: RunEntry }) {
  const { record, summary } = run;
  const viewer = RELEASE_VIEWERS[summary.kind];
  const { RunExtras } = methodViews(record.method);
  const base = `${fileStem(run.datasetName)}-${record.method}-seed${record.seed}`;
  return (
    <div className="run-detail" data-testid="run-detail">
      <h3>
        {record.method} on {run.datasetName}{' '}
        <span className="badge ok" data-testid="run-verified">
          verified: {viewer.guarantee}, every input row once
        </span>
      </h3>
      <p className="muted">
        {summary.rows.toLocaleString()} rows in {summary.classes.toLocaleString()} {viewer.unit} ·{' '}
        {Object.entries(record.notes)
          .map(([k, v]) => `${k}: ${v}`)
          .join(' · ')}
      </p>
      <code className="command" data-testid="run-command">
        {record.command}
      </code>
      <div className="actions">
        <button
          type="button"
          data-testid="download-json"
          onClick={() => download(`${base}-release.json`, run.releaseJson, 'application/json')}
        >
          Release (JSON)
        </button>
        <button
          type="button"
          data-testid="download-csv"
          onClick={() => download(`${base}-release.csv`, run.releaseCsv, 'text/csv')}
        >
          Release (CSV)
        </button>
        <button
          type="button"
          onClick={() => download(`${base}-audit.json`, run.auditJson, 'application/json')}
          title="the private link to input rows: never publish it"
        >
          Audit (private)
        </button>
        {run.rulesJson && (
          <button
            type="button"
            data-testid="download-rules"
            onClick={() => download(`${base}-rules.json`, run.rulesJson!, 'application/json')}
            title="what this run did to each item, to apply to the next batch (Check tab); keep it private"
          >
            Rules (JSON)
          </button>
        )}
      </div>
      <viewer.View datasetId={run.datasetId} run={run} />
      {RunExtras && (
        <Suspense fallback={null}>
          <RunExtras datasetId={run.datasetId} run={run} />
        </Suspense>
      )}
    </div>
  );
}
