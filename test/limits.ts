/**
 * Wall-clock limits of tests. A limit is a hang guard, never a speed check (speed is measured by
 * the benchmarks, bench/, as CPU-time ratios in one run): it only has to end a test that would
 * otherwise never end, so it is sized for the slowest machine the suite runs on, a 2-core box
 * shared with another full `npm test` (a load of 12-17), with ten times the margin of the slowest
 * time seen there. Measured on such a box (load 17): a `distribute` test of three partitions of
 * 200 rows took 20-102 s (each task a Node process loading the sources through tsx, 5-20 s each at
 * that load, against about 1 s at rest); the same tests took 5-10 s at rest.
 * - HANG_LIMIT_MS: every test and hook (vite.config.ts's testTimeout and hookTimeout).
 * - SPAWNS_LIMIT_MS: a test that starts processes (the CLI, distribute's tasks, Dask, a build).
 * Never give a test a smaller limit than these: a limit that fails on a busy machine fails a
 * correct program.
 */
export const HANG_LIMIT_MS = 300_000;
export const SPAWNS_LIMIT_MS = 600_000;
