/**
 * The results file (DESIGN.md sec. 6, `txanon-results/1`): what `cli sweep` writes and the UI's
 * Results page reads and writes. A run that failed (infeasible parameters) is kept with its error,
 * never as a result. `parseResults` checks a file before the UI charts it, naming the bad field.
 */
import { type ParamValue } from '../methods/types.ts';
import { InputError } from '../base/errors.ts';
import type { RunRecord } from '../run/runRecord.ts';
import type { ParseWarning } from '../data/parsers/parseError.ts';
import type { SweepSpec } from './sweep.ts';

export interface FailedRun {
  method: string;
  params: Record<string, ParamValue>;
  seed: number;
  metricOptions?: Record<string, number | string>;
  error: string;
  /** `input`: an infeasible setting (a result worth charting as a gap); `internal`: the run broke. */
  errorKind?: 'input' | 'internal';
}

export type SweepRun = RunRecord | FailedRun;

export interface SweepResults {
  format: 'txanon-results/1';
  /** The spec that produced the runs, when known (the UI and `cli sweep` write it). */
  spec?: SweepSpec;
  runs: SweepRun[];
  /** What parsing the dataset reported, when it reported anything (`cli sweep`). */
  parseWarnings?: { total: number; first: ParseWarning[] };
}

export const isFailedRun = (run: SweepRun): run is FailedRun => 'error' in run;

export function parseResults(text: string, file: string): SweepResults {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  const fail = (path: string, expected: string): never => {
    throw new InputError(`${file}: ${path}: expected ${expected}`);
  };
  if (typeof value !== 'object' || value === null) fail('(top level)', 'a JSON object');
  const results = value as Record<string, unknown>;
  if (results.format !== 'txanon-results/1') fail('format', '"txanon-results/1"');
  if (!Array.isArray(results.runs)) fail('runs', 'a list of run records');
  (results.runs as unknown[]).forEach((run, i) => {
    if (typeof run !== 'object' || run === null) fail(`runs[${i}]`, 'a run record');
    const r = run as Record<string, unknown>;
    if (typeof r.method !== 'string') fail(`runs[${i}].method`, 'a method id');
    if (typeof r.params !== 'object' || r.params === null) fail(`runs[${i}].params`, 'an object');
    if (!Number.isInteger(r.seed)) fail(`runs[${i}].seed`, 'an integer');
    if (typeof r.error === 'string') return;
    if (typeof r.metrics !== 'object' || r.metrics === null) fail(`runs[${i}].metrics`, 'an object');
    if (typeof r.runtime_ms !== 'number') fail(`runs[${i}].runtime_ms`, 'a number');
    if (typeof r.verified !== 'boolean') fail(`runs[${i}].verified`, 'true or false');
  });
  return value as SweepResults;
}
