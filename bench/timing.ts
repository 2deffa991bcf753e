/**
 * How the benches time a method. V8 keeps optimising a method over its first runs (gray-cahd on
 * BMS1: 77, 63, 23, 23, 20, then 14-16 ms), so a run under FAST_MS is warmed up FAST_WARM_RUNS
 * times and the median of the next FAST_TIMED_RUNS is reported; a run under REPEAT_BELOW_MS gets
 * two warm-ups and the median of three; a longer run is timed once. The metrics are computed once,
 * on a last run, so they never count into the runtime.
 */
import type { RunRecord } from '../src/core/run/runRecord.ts';

export const REPEAT_BELOW_MS = 3000;
export const FAST_MS = 1000;
const FAST_WARM_RUNS = 6;
const FAST_TIMED_RUNS = 5;

/** What the bench tables say about the timing, in one sentence. */
export const TIMING_NOTE =
  `Runtime: a method under ${FAST_MS / 1000} s runs ${FAST_WARM_RUNS} times to warm the JIT up and the median of ` +
  `the next ${FAST_TIMED_RUNS} is shown; under ${REPEAT_BELOW_MS / 1000} s, 2 warm-ups and the median of 3; else one run.`;

export function medianTimedRecord(run: (metrics: string[]) => RunRecord, metrics: string[]): RunRecord {
  const first = run([]);
  const times = [first.runtime_ms];
  if (first.runtime_ms < REPEAT_BELOW_MS) {
    const fast = first.runtime_ms < FAST_MS;
    for (let i = 1; i < (fast ? FAST_WARM_RUNS : 2); i++) run([]);
    times.length = 0;
    for (let i = 0; i < (fast ? FAST_TIMED_RUNS : 3); i++) times.push(run([]).runtime_ms);
  }
  return { ...run(metrics), runtime_ms: median(times) };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The median runtime_ms and total_ms of a whole run (metrics, summary and publishing included),
 * warmed up and repeated as medianTimedRecord does.
 */
export function medianTimes(run: () => RunRecord): {
  runtime: number;
  total: number;
  record: RunRecord;
  /** How many of the last runs were timed (the others warmed the JIT up). */
  timed: number;
} {
  const first = run();
  const runs = [first];
  if (first.total_ms < REPEAT_BELOW_MS) {
    const fast = first.total_ms < FAST_MS;
    for (let i = 1; i < (fast ? FAST_WARM_RUNS : 2); i++) run();
    runs.length = 0;
    for (let i = 0; i < (fast ? FAST_TIMED_RUNS : 3); i++) runs.push(run());
  }
  return {
    runtime: median(runs.map((r) => r.runtime_ms)),
    total: median(runs.map((r) => r.total_ms)),
    record: runs[runs.length - 1],
    timed: runs.length,
  };
}
