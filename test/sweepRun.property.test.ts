import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runMethod } from '../src/core/run/runMethod.ts';
import { InputError } from '../src/core/base/errors.ts';
import { expandSweep } from '../src/core/experiment/sweep.ts';
import { WorkerPool } from '../workers/pool.ts';
import { runSweepOnPool } from '../workers/sweepRun.ts';
import { arbitraryRows, datasetOf } from './helpers.ts';
import { fakeEndpoint } from './fakeEndpoint.ts';

/** A record without what differs between two runs of the same thing (time, memory). */
const comparable = (run: object) => {
  const { runtime_ms: _t, total_ms: _w, peak_bytes: _p, ...rest } = run as Record<string, unknown>;
  return rest;
};

describe('a sweep on the pool gives the runs one would make one by one', () => {
  it('for methods of every privacy model, including failed runs', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbitraryRows(12, 30, 5),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 2, max: 4 }),
        async (rows, poolSize, k) => {
          const dataset = datasetOf(rows);
          const requests = expandSweep({
            dataset: 'test',
            seeds: [1, 2],
            runs: [
              { method: 'pta', params: { k: [k, k + 1] } },
              { method: 'gray-cahd', params: { p: [2, 3] }, sensitive: { random: 2 } },
              { method: 'apriori-km', params: { k, m: 2 } },
              { method: 'multi-anatomy', params: { l: 2 } },
            ],
          });
          const log: string[] = [];
          let spawned = 0;
          const pool = new WorkerPool(() => fakeEndpoint(log, spawned++), poolSize);
          await pool.register('d', dataset.toHandle());
          const done: number[] = [];
          const { runs, cancelled } = await runSweepOnPool(pool, 'd', requests, new Set(), {
            onRun: (index) => done.push(index),
          });
          expect(cancelled).toBe(false);
          expect(done.sort((a, b) => a - b)).toEqual(requests.map((_, i) => i));
          requests.forEach((request, i) => {
            let expected: object;
            try {
              expected = runMethod(dataset, request).record;
            } catch (error) {
              // Infeasible settings are the user's (input); anything else is an internal error.
              const input = error instanceof InputError;
              expected = {
                method: request.method,
                params: request.params,
                seed: request.seed,
                error: `${input ? '' : 'internal error: '}${(error as Error).message}`,
                errorKind: input ? 'input' : 'internal',
              };
            }
            expect(comparable(runs[i]!)).toEqual(comparable(expected));
          });
        },
      ),
      { numRuns: 15 },
    );
  });

  it('cancelling keeps the finished runs and stops the rest', async () => {
    const dataset = datasetOf(Array.from({ length: 60 }, (_, i) => [i % 7, (i * 3) % 11, 20 + (i % 5)]));
    const pool = new WorkerPool(() => fakeEndpoint([], 0), 1);
    await pool.register('d', dataset.toHandle());
    const requests = expandSweep({
      dataset: 'test',
      seeds: [1, 2, 3],
      runs: [{ method: 'pta', params: { k: [2, 3] } }],
    });
    const controller = new AbortController();
    const { runs, cancelled } = await runSweepOnPool(
      pool,
      'd',
      requests,
      new Set(),
      {
        onRun: (index) => {
          if (index === 1) controller.abort();
        },
      },
      controller.signal,
    );
    expect(cancelled).toBe(true);
    expect(runs.slice(0, 2).every((r) => r !== undefined && 'verified' in r)).toBe(true);
    // Runs that ended before the abort was seen stay; the others are gone, never half-recorded.
    expect(runs.filter((r) => r === undefined).length).toBeGreaterThan(0);
    expect(runs.every((r) => r === undefined || ('verified' in r && r.verified))).toBe(true);
  });
});
