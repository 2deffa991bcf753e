/**
 * The UI's one door to the core: a WorkerPool of engine workers, created once per page.
 * Pool size: hardwareConcurrency workers when the page is cross-origin isolated (the main thread
 * idles while they work, so a 2-core machine runs two runs at once), one worker otherwise
 * (datasets are then copied, not shared).
 */
import { wrap } from 'comlink';
import { defaultPoolSize, WorkerPool } from '../../workers/pool.ts';
import type { EngineApi } from '../../workers/engineTypes.ts';

export const isolated = typeof crossOriginIsolated === 'boolean' && crossOriginIsolated;

function spawnEngine() {
  const worker = new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), {
    type: 'module',
    name: 'engine',
  });
  return { api: wrap<EngineApi>(worker), terminate: () => worker.terminate() };
}

export const pool = new WorkerPool(
  spawnEngine,
  defaultPoolSize(navigator.hardwareConcurrency || 2, isolated),
);
