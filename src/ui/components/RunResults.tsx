/** The finished runs of the active dataset as a table, and the selected run in detail. */
import { useMemo } from 'react';
import { useRuns, type RunEntry } from '../runStore.ts';
import { EChart } from './EChart.tsx';
import { classSizeOption } from './charts.ts';
import { download } from '../download.ts';
import { describeValue, formatRuntime } from '../metricText.ts';
import { BucketsView } from '../methods/multi-anatomy/BucketsView.tsx';
import { GroupsView } from '../methods/GroupsView.tsx';
import { GeneralizedView } from '../methods/GeneralizedView.tsx';

/** What the verifier checked, by release kind (DESIGN.md sec. 4). */
const GUARANTEE: Record<string, string> = {
  transactions: 'every class ≥ k',
  groups: 'every group has degree ≥ p',
  buckets: 'every bucket column l-diverse',
  generalized: 'every constraint holds',
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
                  .map(([k, v]) => `${k}=${v}`)
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
  const sizes = useMemo(
    () => classSizeOption(summary.sizeHistogram, Number(record.params.k)),
    [summary, record.params.k],
  );
  const base = `${run.datasetName.replace(/\.[^.]+$/, '')}-${record.method}-seed${record.seed}`;
  return (
    <div className="run-detail" data-testid="run-detail">
      <h3>
        {record.method} on {run.datasetName}{' '}
        <span className="badge ok" data-testid="run-verified">
          verified: {GUARANTEE[summary.kind]}, every input row once
        </span>
      </h3>
      <p className="muted">
        {summary.rows.toLocaleString()} rows in {summary.classes.toLocaleString()}{' '}
        {summary.kind === 'buckets'
          ? 'buckets'
          : summary.kind === 'groups'
            ? 'groups'
            : summary.kind === 'generalized'
              ? 'distinct rows'
              : 'classes'}{' '}
        ·{' '}
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
      </div>
      {summary.kind === 'generalized' ? (
        <GeneralizedView summary={summary} />
      ) : summary.kind === 'groups' ? (
        <GroupsView
          summary={summary}
          p={Number(record.params.p)}
          releaseKey={run.releaseKey}
          slot={run.slot}
        />
      ) : summary.kind === 'buckets' ? (
        <BucketsView datasetId={run.datasetId} summary={summary} l={Number(record.params.l)} />
      ) : (
        <div className="charts">
          <EChart option={sizes} testId="chart-class-sizes" height={240} />
          <div className="chart class-table" data-testid="class-table">
            <table>
              <thead>
                <tr>
                  <th>rows</th>
                  <th>published items (largest classes first)</th>
                </tr>
              </thead>
              <tbody>
                {summary.topClasses.map((c, i) => (
                  <tr key={i}>
                    <td>{c.size}</td>
                    <td>{c.items.length ? c.items.join(' ') : <span className="muted">(empty)</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}
