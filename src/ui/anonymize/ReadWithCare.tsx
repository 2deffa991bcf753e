/**
 * The "read with care" box of a run that generalized or suppressed more than half of the input's
 * item occurrences (issue 32: apriori-km published every item of a grocery file as an alphabetical
 * range under a plain ✓). It says how much was lost, and measures, on this file, the other methods
 * of the model and the method's other settings (alternatives.ts), one run at a time on the worker
 * pool, then names the one that loses least. The measurements are kept per run for the visit.
 * They start by themselves only when they are short (alternatives.ts measuresUnasked, estimated
 * from this run's time); on a large file the box says how long they would take and waits for a click, and a
 * measurement under way can be stopped (the runs measured so far stay in the table).
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { recordOnPool } from '../../../workers/poolRun.ts';
import { pool } from '../engineClient.ts';
import { formatValue } from '../widgets/metricText.ts';
import type { MethodInfo } from '../../core/methods/types.ts';
import {
  alternativesOf,
  lessLossWords,
  losesLess,
  measuredOf,
  measuresUnasked,
  measuringTime,
  percent,
  type Alternative,
  type Measured,
} from './alternatives.ts';
import { useAnonymizeForm } from './formStore.ts';
import { publishesLittle } from '../../core/run/dpPublishedLittle.ts';
import { useRuns, type RunEntry } from './runStore.ts';

/** Above this share of the occurrences lost, the box shows (runWarnings.ts says the same). */
const MOST = 0.5;

interface Measurement {
  done: number;
  total: number;
  rows: (Measured & { error?: string })[];
  /** Measuring now; `cancelled`: stopped by the user after `done` runs. */
  status: 'running' | 'done' | 'cancelled';
}

/** The measurements of the visit by run id, and who listens to them. */
const measured = new Map<string, Measurement>();
const stoppers = new Map<string, AbortController>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function publish(runId: string, measurement: Measurement): void {
  measured.set(runId, measurement);
  for (const listener of listeners) listener();
}

const duration = (ms: number) =>
  ms < 90_000 ? `${Math.max(1, Math.round(ms / 1000))} s` : `${Math.round(ms / 60_000)} min`;

/** Measures `alternatives` one at a time on the pool, from the first not yet measured. */
async function measure(runId: string, datasetId: string, alternatives: Alternative[], methods: MethodInfo[]) {
  const stop = new AbortController();
  stoppers.set(runId, stop);
  const before = measured.get(runId);
  const rows = before?.rows ?? [];
  publish(runId, { done: rows.length, total: alternatives.length, rows, status: 'running' });
  for (const alternative of alternatives.slice(rows.length)) {
    let row: Measurement['rows'][number];
    try {
      const parallel = methods.find((m) => m.id === alternative.request.method)?.parallelTasks ?? false;
      // Under the memory budget the form holds (the run's own), not the worker's default: a method
      // the user's budget fits is measured rather than refused.
      const request = { ...alternative.request, memoryMb: useAnonymizeForm.getState().memoryMb };
      const result = await recordOnPool(pool, datasetId, request, parallel, () => {}, stop.signal);
      row = measuredOf(alternative.label, result);
    } catch (error) {
      if (stop.signal.aborted) break;
      row = { label: alternative.label, lostShare: NaN, error: (error as Error).message ?? String(error) };
    }
    const last = measured.get(runId)!;
    publish(runId, { ...last, done: last.done + 1, rows: [...last.rows, row] });
  }
  stoppers.delete(runId);
  const last = measured.get(runId)!;
  publish(runId, { ...last, status: last.done === last.total ? 'done' : 'cancelled' });
}

export function ReadWithCare({ run, datasetId }: { run: RunEntry; datasetId: string }) {
  const { record } = run;
  const methods = useRuns((s) => s.methods);
  const self = measuredOf(`this run (${record.method})`, record);
  // A DP release that publishes little (issue 45) gets the box too, measuring what would publish more.
  const little = publishesLittle(record.summary, record.params);
  const shown = self.lostShare > MOST || little;
  const state = useSyncExternalStore(subscribe, () => measured.get(run.id) ?? null);
  const alternatives = useMemo(() => alternativesOf(record, methods), [record, methods]);
  const estimateMs = measuringTime(alternatives, record);
  const automatic = measuresUnasked(estimateMs);

  useEffect(() => {
    if (!shown || !automatic || methods.length === 0 || measured.has(run.id)) return;
    void measure(run.id, datasetId, alternatives, methods);
  }, [shown, automatic, methods, run.id, alternatives, datasetId]);

  if (!shown) return null;
  const finished = state?.rows.filter((r) => !r.error) ?? [];
  const best = finished.reduce<Measured | null>((b, r) => (b === null || losesLess(r, b) ? r : b), null);
  const better = best !== null && losesLess(best, self) ? best : null;
  const ncp = (m: Measured) => (m.ncp !== undefined ? `, NCP ${formatValue(m.ncp)}` : '');
  return (
    <div className="read-with-care" role="note" data-testid="read-with-care">
      {/* Not "read with care" again: the run's warnings box above already says so, in the same words. */}
      <h4>{little ? 'What DP would publish on this file' : 'What would lose less on this file'}</h4>
      {little ? (
        <p data-testid="dp-little">
          This release publishes <b>{publishedWords(self)}</b>
          {self.published?.unit === 'rows' &&
            ` for the input's ${record.summary.rows_before.toLocaleString('en')}`}
          : it is verified, but DP published little here. A larger ε, another setting or another DP method may
          publish more; measured below on this file.
        </p>
      ) : (
        <p>
          This release generalizes or suppresses <b>{percent(self.lostShare)}</b> of the item occurrences
          {ncp(self)}: most of what an analyst would count is no longer there as it was.
        </p>
      )}
      {alternatives.length > 0 && (state === null || state.status === 'cancelled') && (
        <p className="small">
          {state?.status === 'cancelled'
            ? `Stopped after ${state.done} of ${state.total} runs. `
            : `Measuring the ${alternatives.length} other methods or settings on this file takes about ${duration(estimateMs)} (each as long as this run). `}
          <button
            type="button"
            data-testid="read-with-care-measure"
            onClick={() => void measure(run.id, datasetId, alternatives, methods)}
          >
            {state?.status === 'cancelled'
              ? 'Measure the rest'
              : little
                ? 'Measure what would publish more'
                : 'Measure what would lose less'}
          </button>
        </p>
      )}
      {state?.status === 'running' && (
        <p className="muted small" data-testid="read-with-care-progress">
          Measuring {little ? 'what DP would publish' : 'what would lose less'} on this file: {state.done} of{' '}
          {state.total} runs…{' '}
          <button
            type="button"
            data-testid="read-with-care-stop"
            onClick={() => stoppers.get(run.id)?.abort()}
          >
            Stop
          </button>
        </p>
      )}
      {(state?.status === 'done' || (state === null && alternatives.length === 0)) && (
        <p data-testid="read-with-care-verdict">
          {better && little ? (
            <>
              On this file, <b>{better.label}</b> publishes {publishedWords(better)} with AvgRE{' '}
              {formatValue(better.avgre ?? NaN)} (this run: {publishedWords(self)}, AvgRE{' '}
              {formatValue(self.avgre ?? NaN)}).
            </>
          ) : better ? (
            <>
              On this file, <b>{better.label}</b> loses less by {lessLossWords(better, self).by}:{' '}
              {lessLossWords(better, self).detail}.
            </>
          ) : alternatives.length === 0 ? (
            'No other method or setting of this model to measure.'
          ) : (
            `None of the ${alternatives.length} other methods or settings measured loses less on this file: ${little ? 'a larger ε is the lever left.' : 'to keep more, lower k or m.'}`
          )}
        </p>
      )}
      {state && state.rows.length > 0 && (
        <table className="runs small measured" data-testid="read-with-care-table">
          <thead>
            <tr>
              <th>measured on this file</th>
              <th>{little ? 'published' : 'occurrences generalized or suppressed'}</th>
              <th>NCP</th>
              <th>AvgRE</th>
            </tr>
          </thead>
          <tbody>
            {[self, ...state.rows].map((r) => (
              <tr key={r.label} className={r === better ? 'best' : ''}>
                <td>{r.label}</td>
                {errorOf(r) !== undefined ? (
                  <td colSpan={3} className="muted">
                    did not run: {errorOf(r)}
                  </td>
                ) : (
                  <>
                    <td className="num">{little ? publishedWords(r) : percent(r.lostShare)}</td>
                    <td className="num">{r.ncp !== undefined ? formatValue(r.ncp) : '—'}</td>
                    <td className="num">{r.avgre !== undefined ? formatValue(r.avgre) : '—'}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** `0 rows`, `12 itemsets`. */
function publishedWords(m: Measured): string {
  return m.published ? `${m.published.count.toLocaleString('en')} ${m.published.unit}` : '—';
}

function errorOf(row: Measured & { error?: string }): string | undefined {
  return row.error;
}
