/**
 * The "read with care" box of a run that generalized or suppressed more than half of the input's
 * item occurrences (issue 32: apriori-km published every item of a grocery file as an alphabetical
 * range under a plain ✓). It says how much was lost, and measures, on this file, the other methods
 * of the model and the method's other settings (alternatives.ts), one run at a time on the worker
 * pool, then names the one that loses least. The measurements are kept per run for the visit.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { recordOnPool } from '../../../workers/poolRun.ts';
import { pool } from '../engineClient.ts';
import { formatValue } from '../widgets/metricText.ts';
import { alternativesOf, losesLess, measuredOf, type Measured } from './alternatives.ts';
import { useRuns, type RunEntry } from './runStore.ts';

/** Above this share of the occurrences lost, the box shows (runWarnings.ts says the same). */
const MOST = 0.5;

interface Measurement {
  done: number;
  total: number;
  rows: (Measured & { error?: string })[];
}

/** The measurements of the visit by run id, and who listens to them. */
const measured = new Map<string, Measurement>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function publish(runId: string, measurement: Measurement): void {
  measured.set(runId, measurement);
  for (const listener of listeners) listener();
}

const percent = (share: number) => `${(100 * share).toFixed(share < 0.01 ? 1 : 0)}%`;

export function ReadWithCare({ run, datasetId }: { run: RunEntry; datasetId: string }) {
  const { record } = run;
  const methods = useRuns((s) => s.methods);
  const self = measuredOf(`this run (${record.method})`, record);
  const shown = self.lostShare > MOST;
  const state = useSyncExternalStore(subscribe, () => measured.get(run.id) ?? null);

  useEffect(() => {
    if (!shown || methods.length === 0 || measured.has(run.id)) return;
    const alternatives = alternativesOf(record, methods);
    publish(run.id, { done: 0, total: alternatives.length, rows: [] });
    void (async () => {
      for (const alternative of alternatives) {
        let row: Measurement['rows'][number];
        try {
          const parallel = methods.find((m) => m.id === alternative.request.method)?.parallelTasks ?? false;
          const result = await recordOnPool(pool, datasetId, alternative.request, parallel, () => {});
          row = measuredOf(alternative.label, result);
        } catch (error) {
          row = {
            label: alternative.label,
            lostShare: NaN,
            error: (error as Error).message ?? String(error),
          };
        }
        const last = measured.get(run.id)!;
        publish(run.id, { ...last, done: last.done + 1, rows: [...last.rows, row] });
      }
    })();
  }, [shown, methods, run.id, record, datasetId]);

  if (!shown) return null;
  const finished = state?.rows.filter((r) => !r.error) ?? [];
  const best = finished.reduce<Measured | null>((b, r) => (b === null || losesLess(r, b) ? r : b), null);
  const better = best !== null && losesLess(best, self) ? best : null;
  const ncp = (m: Measured) => (m.ncp !== undefined ? `, NCP ${formatValue(m.ncp)}` : '');
  return (
    <div className="read-with-care" role="note" data-testid="read-with-care">
      <h4>Read with care</h4>
      <p>
        This release generalizes or suppresses <b>{percent(self.lostShare)}</b> of the item occurrences
        {ncp(self)}: most of what an analyst would count is no longer there as it was.
      </p>
      {state && state.done < state.total && (
        <p className="muted small" data-testid="read-with-care-progress">
          Measuring what would lose less on this file: {state.done} of {state.total} runs…
        </p>
      )}
      {state && state.done === state.total && (
        <p data-testid="read-with-care-verdict">
          {better ? (
            <>
              On this file, <b>{better.label}</b> loses less: {percent(better.lostShare)} of the occurrences
              generalized or suppressed{ncp(better)}
              {better.avgre !== undefined && `, AvgRE ${formatValue(better.avgre)}`} (this run:{' '}
              {percent(self.lostShare)}
              {ncp(self)}
              {self.avgre !== undefined && `, AvgRE ${formatValue(self.avgre)}`}).
            </>
          ) : state.total === 0 ? (
            'No other method or setting of this model to measure.'
          ) : (
            `None of the ${state.total} other methods or settings measured loses less on this file: to keep more, lower k or m.`
          )}
        </p>
      )}
      {state && state.rows.length > 0 && (
        <table className="runs small" data-testid="read-with-care-table">
          <thead>
            <tr>
              <th>measured on this file</th>
              <th>occurrences generalized or suppressed</th>
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
                    <td className="num">{percent(r.lostShare)}</td>
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

function errorOf(row: Measured & { error?: string }): string | undefined {
  return row.error;
}
