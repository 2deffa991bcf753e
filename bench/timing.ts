/**
 * How the benches time a method: a run under REPEAT_BELOW_MS is run twice more to warm the JIT up
 * (V8 optimises over the first runs: gray-cahd on BMS1 takes 100, 80, then 30 ms) and then timed
 * three times, the median reported; a longer run is timed once. The metrics are computed once, on
 * a last run, so they never count into the runtime.
 */
import type { RunRecord } from '../src/core/experiment/runRecord.ts';

export const REPEAT_BELOW_MS = 3000;

export function medianTimedRecord(run: (metrics: string[]) => RunRecord, metrics: string[]): RunRecord {
  const first = run([]);
  const times = [first.runtime_ms];
  if (first.runtime_ms < REPEAT_BELOW_MS) {
    run([]);
    times.length = 0;
    for (let i = 0; i < 3; i++) times.push(run([]).runtime_ms);
  }
  return { ...run(metrics), runtime_ms: median(times) };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
