import { describe, expect, it } from 'vitest';
import { WorkerPool } from '../workers/pool.ts';
import { runOnPool } from '../workers/poolRun.ts';
import { questDataset } from '../src/core/data/synthetic.ts';
import { fakeEndpoint } from './fakeEndpoint.ts';

describe('runOnPool: PTA segments spread over the workers', () => {
  it('gives the same release as one worker, with the tasks on several workers', async () => {
    const log: string[] = [];
    let spawned = 0;
    const pool = new WorkerPool(() => fakeEndpoint(log, spawned++), 3);
    const handle = questDataset({ D: 600, T: 5, I: 3, N: 60, L: 50, seed: 4 }).toHandle();
    await pool.register('d', handle);
    const request = { method: 'pta', params: { k: 4, segments: 6 }, seed: 2 };
    const taskFractions: number[] = [];
    const phases: string[] = [];
    const parallel = await runOnPool(pool, 'd', request, true, (f, phase, step) => {
      if (step?.startsWith('tasks on')) taskFractions.push(f);
      if (phase && phases[phases.length - 1] !== phase) phases.push(phase);
    });
    const single = await runOnPool(pool, 'd', request, false, () => {});
    expect(await parallel.files.release.text()).toBe(await single.files.release.text());
    expect(phases).toEqual(['running', 'verifying', 'measuring', 'publishing']);
    expect(parallel.record.verified).toBe(true);
    const taskWorkers = new Set(
      log.filter((entry) => entry.endsWith(':portTask')).map((entry) => entry.split(':')[0]),
    );
    expect(taskWorkers.size).toBeGreaterThan(1);
    expect(log.filter((entry) => entry.endsWith(':portTask'))).toHaveLength(6);
    expect(taskFractions[taskFractions.length - 1]).toBe(1);
  });

  it('sends a round of many tasks and their results worker to worker: the same release', async () => {
    const log: string[] = [];
    let spawned = 0;
    const pool = new WorkerPool(() => fakeEndpoint(log, spawned++), 2);
    await pool.register('d', questDataset({ D: 900, T: 4, I: 2, N: 40, L: 30, seed: 5 }).toHandle());
    const request = { method: 'pta', params: { k: 3, segments: 150 }, seed: 3 };
    const parallel = await runOnPool(pool, 'd', request, true, () => {});
    const single = await runOnPool(pool, 'd', request, false, () => {});
    expect(await parallel.files.release.text()).toBe(await single.files.release.text());
    expect(parallel.record.verified).toBe(true);
    // The coordinator posts the 150 tasks on their ports once; each worker takes a task by its port.
    expect(log.filter((entry) => entry.endsWith(':postTasks'))).toEqual(['0:postTasks']);
    expect(log.filter((entry) => entry.endsWith(':portTask'))).toHaveLength(150);
    expect(log.filter((entry) => entry.endsWith(':nextRound'))).toEqual(['0:nextRound']);
    expect(log.some((entry) => entry.endsWith(':runTask'))).toBe(false);
  });

  it('a pool of one worker runs the method whole', async () => {
    const log: string[] = [];
    const pool = new WorkerPool(() => fakeEndpoint(log, 0), 1);
    await pool.register('d', questDataset({ D: 100, T: 4, I: 2, N: 30, L: 20, seed: 1 }).toHandle());
    const result = await runOnPool(pool, 'd', { method: 'pta', params: { k: 3 }, seed: 1 }, true, () => {});
    expect(result.record.verified).toBe(true);
    expect(log.some((entry) => entry.endsWith(':runTask'))).toBe(false);
  });
});
