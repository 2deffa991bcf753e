/**
 * When the page's start is over, so that work nobody is waiting for can begin (the service worker's
 * first install, OfflineStatus.tsx): no dataset loading, every loaded dataset's overview complete
 * (its re-identification risk, the last chart, measured), and then a moment with nothing queued
 * (requestIdleCallback, or 2 s later if the browser never idles). At the latest `SETTLE_LIMIT_MS`
 * after the page opened, so that a risk that failed, a page with no dataset (the sample failed to
 * load), or a user who keeps loading files never holds it back for good.
 *
 * Why: on a first visit the service worker stores and compiles every file of the app (1.3 MB).
 * Started with the page, it ran beside the workers' first jobs and the first charts on a 2-core
 * machine: traced, 85 ms of the service worker's CPU fell inside a 277 ms main-thread task (the
 * app's first chart, 100 ms of its own CPU, the rest waiting for a core).
 */
import { useEffect, useState } from 'react';
import { useWorkbench, type WorkbenchState } from '../load/datasetStore.ts';

export const SETTLE_LIMIT_MS = 20_000;

/**
 * Whether the page is still starting: loading a dataset, an overview still being measured, or no
 * dataset yet (the sample or the last visit's datasets are on their way).
 */
export function startBusy(state: Pick<WorkbenchState, 'loading' | 'datasets'>): boolean {
  return state.loading !== null || state.datasets.length === 0 || state.datasets.some((d) => d.risk === null);
}

/** Calls `job` once the browser has nothing queued (a short timer where requestIdleCallback is missing). */
function whenIdle(job: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(job, { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(job, 500);
  return () => clearTimeout(timer);
}

/** True from the moment the page's start is over (see above); it never turns false again. */
export function useStartSettled(): boolean {
  const busy = useWorkbench(startBusy);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    const settle = () => setSettled(true);
    const limit = setTimeout(settle, Math.max(0, SETTLE_LIMIT_MS - performance.now()));
    const cancelIdle = busy ? () => {} : whenIdle(settle);
    return () => {
      clearTimeout(limit);
      cancelIdle();
    };
  }, [busy, settled]);
  return settled;
}
