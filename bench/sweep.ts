/**
 * A 16-run sweep mixing two privacy models (PTA k-anonymity and COAT k^m-anonymity, k in
 * {5, 10, 20, 40}, seeds 1 and 2) on BMS1, run by the same code as `cli sweep` (runSweepOnPool on
 * worker_threads) with 1 and then 2 workers. The pools are started and the dataset registered
 * before the clock starts; the figure is wall-clock time of the whole sweep, and the speed-up is the
 * ratio of the two in this one run.
 */
import { readFileSync } from 'node:fs';
import { expandSweep, type SweepSpec } from '../src/core/experiment/sweep.ts';
import { parseBytes } from '../src/core/data/parsers/index.ts';
import { createNodePool } from '../workers/node/nodePool.ts';
import { runSweepOnPool } from '../workers/sweepRun.ts';

const SPEC: SweepSpec = {
  dataset: 'BMS1.dat',
  seeds: [1, 2],
  metrics: ['avgre'],
  runs: [
    { method: 'pta', params: { k: [5, 10, 20, 40], segments: 600 } },
    { method: 'coat', params: { k: [5, 10, 20, 40], m: 2 } },
  ],
};

async function timedSweep(workers: number, dataset: ReturnType<typeof parseBytes>['dataset']) {
  const pool = createNodePool(workers);
  try {
    await pool.register('bench', dataset.toHandle());
    const requests = expandSweep(SPEC);
    const started = performance.now();
    const { runs } = await runSweepOnPool(pool, 'bench', requests, new Set());
    const wall = performance.now() - started;
    const runtimes = runs.map((r) => (r && 'runtime_ms' in r ? r.runtime_ms : NaN));
    return { wall, runs: runs.length, failed: runs.filter((r) => !r || 'error' in r).length, runtimes };
  } finally {
    pool.terminate();
  }
}

export async function benchSweep(shared: string): Promise<string> {
  const file = `${shared}/${SPEC.dataset}`;
  const dataset = parseBytes(readFileSync(file), { fileName: SPEC.dataset }).dataset;
  console.error('  sweep on 1 worker');
  const one = await timedSweep(1, dataset);
  console.error('  sweep on 2 workers');
  const two = await timedSweep(2, dataset);
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  return [
    '## A 16-run sweep on 1 and 2 worker threads',
    '',
    'PTA (k-anonymity, 600 segments) and COAT (k^m, m = 2) on BMS1, k in {5, 10, 20, 40}, seeds 1 and 2: 16 runs through',
    '`runSweepOnPool`, the code behind `cli sweep` and the Experiment page. Pools started and the dataset',
    'registered (shared memory) before timing; wall clock of the whole sweep.',
    '',
    '| workers | runs | failed | wall ms | sum of run times ms | speed-up over 1 worker |',
    '|---|---|---|---|---|---|',
    `| 1 | ${one.runs} | ${one.failed} | ${one.wall.toFixed(0)} | ${sum(one.runtimes).toFixed(0)} | 1.00 |`,
    `| 2 | ${two.runs} | ${two.failed} | ${two.wall.toFixed(0)} | ${sum(two.runtimes).toFixed(0)} | **${(one.wall / two.wall).toFixed(2)}** |`,
    '',
  ].join('\n');
}
