/**
 * One finished run in detail: what its verifier guaranteed, its warnings, what the release did in
 * plain words, its metrics with their meanings, a few rows before and after, what to download
 * (the data, the JSON, the private audit apart), the reproducing command, and the release kind's
 * viewer and the method's extras (found through the registries), in stages of a task each
 * (useStaged.ts) so that a large run lands without a long main-thread task.
 */
import { Suspense } from 'react';
import { methodViews } from '../methods/registry.ts';
import { RELEASE_VIEWERS } from '../releases/registry.ts';
import { guaranteeOf } from '../releases/types.ts';
import { DpPanel } from '../releases/DpPanel.tsx';
import { formatValue } from '../widgets/metricText.ts';
import { MetricMeanings } from './MetricMeanings.tsx';
import { RowExamples } from './RowExamples.tsx';
import { RunDownloads } from './RunDownloads.tsx';
import { RunSummary } from './RunSummary.tsx';
import { ReadWithCare } from './ReadWithCare.tsx';
import { AttackPanel } from '../attack/AttackPanel.tsx';
import { publishesLittle } from '../../core/run/dpPublishedLittle.ts';
import { useRuns, type RunEntry } from './runStore.ts';
import { useStaged } from '../widgets/useStaged.ts';
import { TAB_MEMORY_HOW, tabMemoryText } from '../widgets/tabMemory.ts';

export function RunDetail({ run, datasetId }: { run: RunEntry; datasetId: string }) {
  const { record, summary } = run;
  const metrics = useRuns((s) => s.metrics);
  const method = useRuns((s) => s.methods.find((m) => m.id === record.method));
  const viewer = RELEASE_VIEWERS[summary.kind];
  const { RunExtras } = methodViews(record.method);
  const notes = Object.entries(record.notes);
  // A DP release that publishes little never shows a bare green ✓ (issue 45: DiffPart's 0 rows).
  const little = summary.dp !== undefined && publishesLittle(record.summary, record.params);
  // Shown in stages, a task each (useStaged.ts): no single long task while a large run lands.
  const stage = useStaged(4);
  return (
    <div className="run-detail" data-testid="run-detail">
      <h3>
        {record.method} on {run.datasetName}{' '}
        <span className={`badge ${little ? 'warn' : 'ok'}`} data-testid="run-verified">
          verified: {guaranteeOf(viewer, method?.model)}
          {summary.dp ? '' : ', every input row once'}
          {little && ', but publishes little (below)'}
        </span>
      </h3>
      <p className="muted">
        {viewer.countsRows === false ? '' : `${summary.rows.toLocaleString('en')} rows in `}
        {summary.classes.toLocaleString('en')} {viewer.unit}
        {notes.map(([k, v]) => ` · ${k}: ${typeof v === 'number' ? formatValue(v) : v}`).join('')}
        {' · '}
        <span title={TAB_MEMORY_HOW} data-testid="run-detail-memory">
          tab memory after the run: {tabMemoryText(run.tabMemory)}
        </span>
      </p>
      <h4>What the release did</h4>
      <RunSummary record={record} />
      <ReadWithCare run={run} datasetId={datasetId} />
      {summary.dp && <DpPanel dp={summary.dp} />}
      {stage >= 2 && (
        <>
          {run.examples.length > 0 && (
            <>
              <h4>Rows before and after</h4>
              <RowExamples examples={run.examples} />
            </>
          )}
          <h4>Metrics</h4>
          <MetricMeanings record={record} metrics={metrics} />
        </>
      )}
      {stage >= 3 && (
        <>
          <h4>Take it away</h4>
          <RunDownloads key={run.id} run={run} method={method} />
          <code className="command" data-testid="run-command">
            {record.command}
          </code>
        </>
      )}
      {stage >= 4 && <AttackPanel key={run.id} datasetId={datasetId} files={run.files} />}
      {stage >= 4 && <viewer.View datasetId={datasetId} run={run} />}
      {stage >= 4 && RunExtras && (
        <Suspense fallback={null}>
          <RunExtras datasetId={datasetId} run={run} />
        </Suspense>
      )}
    </div>
  );
}
