import { describe, expect, it } from 'vitest';
import { CancelledError, defaultPoolSize, WorkerPool } from '../workers/pool.ts';
import { fakeEndpoint } from './fakeEndpoint.ts';
import { questDataset } from '../src/core/data/synthetic.ts';

describe('WorkerPool', () => {
  it('sizes itself hardwareConcurrency, at least 1, and 1 without shared memory', () => {
    expect(defaultPoolSize(8, true)).toBe(8);
    expect(defaultPoolSize(2, true)).toBe(2);
    expect(defaultPoolSize(1, true)).toBe(1);
    expect(defaultPoolSize(8, false)).toBe(1);
  });

  it('runs jobs on free workers and queues the rest', async () => {
    const log: string[] = [];
    let spawned = 0;
    const pool = new WorkerPool(() => fakeEndpoint(log, spawned++), 2);
    let running = 0;
    let maxRunning = 0;
    const job = () =>
      pool.run(async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return 1;
      });
    const results = await Promise.all([job(), job(), job(), job(), job()]);
    expect(results).toEqual([1, 1, 1, 1, 1]);
    expect(maxRunning).toBe(2);
  });

  it('a cancelled job terminates its worker; the replacement knows every dataset', async () => {
    const log: string[] = [];
    let spawned = 0;
    const pool = new WorkerPool(() => fakeEndpoint(log, spawned++), 1);
    const handle = questDataset({ D: 50, T: 4, I: 2, N: 30, L: 20, seed: 1 }).toHandle();
    await pool.register('a', handle);
    const controller = new AbortController();
    let markStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const never = pool.run(() => {
      markStarted();
      return new Promise<number>(() => {});
    }, controller.signal);
    await started;
    controller.abort();
    await expect(never).rejects.toBeInstanceOf(CancelledError);
    expect(log).toContain('0:terminate');
    // The fresh worker (index 1) was told about dataset 'a' and can answer for it.
    const overview = await pool.run((api) => api.overview('a'));
    expect(overview.stats.transactions).toBe(50);
    expect(log).toContain('1:attach');
  });

  it('an already aborted signal never starts the job', async () => {
    const pool = new WorkerPool(() => fakeEndpoint([], 0), 1);
    const controller = new AbortController();
    controller.abort();
    let started = false;
    await expect(pool.run(async () => (started = true), controller.signal)).rejects.toBeInstanceOf(
      CancelledError,
    );
    expect(started).toBe(false);
  });
});
