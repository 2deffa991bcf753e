/** Run records as CSV (papaparse): one row per run, a column per parameter and per metric value. */
import Papa from 'papaparse';
import { isFailedRun, type SweepRun } from '../../core/experiment/results.ts';
import { valueNames } from '../../core/experiment/series.ts';

export function resultsCsv(runs: readonly SweepRun[]): string {
  const params = [...new Set(runs.flatMap((r) => Object.keys({ ...r.params, ...r.metricOptions })))];
  const values = valueNames(runs);
  const rows = runs.map((run) => {
    const row: Record<string, string | number | boolean> = { method: run.method, seed: run.seed };
    for (const p of params) row[p] = run.params[p] ?? run.metricOptions?.[p] ?? '';
    if (isFailedRun(run)) return { ...row, verified: '', error: run.error };
    for (const v of values) row[v] = run.metrics[v] ?? '';
    return {
      ...row,
      verified: run.verified,
      runtime_ms: run.runtime_ms,
      // Results files written before issue 16 have no total.
      total_ms: run.total_ms ?? '',
      peak_bytes: run.peak_bytes ?? '',
      sensitive: run.sensitive.join(' '),
      command: run.command,
      error: '',
    };
  });
  const columns = [
    'method',
    ...params,
    'seed',
    'verified',
    ...values,
    'runtime_ms',
    'total_ms',
    'peak_bytes',
    'sensitive',
    'command',
    'error',
  ];
  return Papa.unparse({
    fields: columns,
    data: rows.map((r) => columns.map((c) => (r as Record<string, unknown>)[c] ?? '')),
  });
}
