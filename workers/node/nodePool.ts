/**
 * A WorkerPool of Node worker threads running the same engine as the page's Web Workers: datasets
 * are registered as SharedArrayBuffer handles, so every thread reads one copy of the data.
 */
import { Worker } from 'node:worker_threads';
import { wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { EngineApi } from '../engineTypes.ts';
import { WorkerPool, type EngineEndpoint } from '../pool.ts';
import { engineWorkerUrl } from './engineBundle.ts';

function spawnNodeEngine(): EngineEndpoint {
  const worker = new Worker(engineWorkerUrl());
  // A pool that is done must not keep the process alive.
  worker.unref();
  return { api: wrap<EngineApi>(nodeEndpoint(worker)), terminate: () => void worker.terminate() };
}

export function createNodePool(size: number): WorkerPool {
  return new WorkerPool(spawnNodeEngine, size);
}
