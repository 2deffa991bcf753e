/**
 * The engine's run jobs: a method on a dataset through the one pipeline (core/run), its parallel
 * tasks, its extras (teaching trace, tools) through one endpoint, and the rows of the releases this
 * worker keeps for browsing.
 */
import type { Dataset } from '../src/core/data/dataset.ts';
import { InputError } from '../src/core/base/errors.ts';
import { listMethods } from '../src/core/methods/registry.ts';
import { METRICS } from '../src/core/metrics/registry.ts';
import { resolveRequest } from '../src/core/run/resolveRequest.ts';
import { runExtra } from '../src/core/run/runExtra.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { rulesJson, rulesOf } from '../src/core/run/rules.ts';
import { releaseCsv, releaseJson } from '../src/core/release/exportRelease.ts';
import { groupRowCount, groupRowsPage } from '../src/core/release/groupRows.ts';
import { summarizeRelease } from '../src/core/release/summary.ts';
import type { Release } from '../src/core/release/types.ts';
import type { RunRequest } from '../src/core/run/runRecord.ts';
import { PROGRESS_INTERVAL_MS } from './engineDatasets.ts';
import type { RunJobs } from './engineTypes.ts';

/** Releases a worker keeps for browsing (the latest few; older ones are dropped). */
const KEPT_RELEASES = 6;

export function runJobs(get: (id: string) => Dataset): RunJobs {
  const releases = new Map<string, Release>();
  let releaseCount = 0;
  const keep = (release: Release): string => {
    const key = `release-${++releaseCount}`;
    releases.set(key, release);
    for (const old of releases.keys()) if (releases.size > KEPT_RELEASES) releases.delete(old);
    return key;
  };
  const parallelOf = (request: RunRequest) => {
    const { spec, params } = resolveRequest(request);
    if (!spec.parallel) throw new InputError(`${spec.id} has no parallel tasks`);
    return { parallel: spec.parallel, params };
  };

  return {
    methods: () => listMethods(),

    metrics: () =>
      METRICS.map(({ id, label, source, description, defaultOn, kinds, values }) => ({
        id,
        label,
        source,
        description,
        defaultOn,
        kinds,
        values,
      })),

    anonymize(id, request, onProgress, partials, elapsedMs) {
      const progress = throttled(onProgress);
      const dataset = get(id);
      const { record, release, audit, hierarchy, join } = runMethod(dataset, request, {
        progress,
        partials,
        elapsedMs,
      });
      const rules = rulesOf(dataset, release, audit, { hierarchy, join });
      return {
        record,
        summary: summarizeRelease(release),
        releaseJson: releaseJson(release),
        releaseCsv: releaseCsv(release),
        auditJson: JSON.stringify(audit),
        ...(rules && { rulesJson: rulesJson(rules) }),
        releaseKey: keep(release),
      };
    },

    record: (id, request, onProgress, partials, elapsedMs) =>
      runMethod(get(id), request, { progress: throttled(onProgress), partials, elapsedMs, peakBytes }).record,

    groupRows(releaseKey, from, count) {
      const release = releases.get(releaseKey);
      if (!release || release.kind !== 'groups') return null;
      return { total: groupRowCount(release), rows: groupRowsPage(release, from, count) };
    },

    planTasks(id, request) {
      const { parallel, params } = parallelOf(request);
      return parallel.plan(get(id), params);
    },

    runTask(id, request, task) {
      const { parallel, params } = parallelOf(request);
      return parallel.task(get(id), params, task);
    },

    extra: (id, request) => runExtra(get(id), request),
  };
}

/** Progress passed on at most every PROGRESS_INTERVAL_MS, so messages never flood the main thread. */
function throttled(onProgress: (fraction: number, phase?: string) => void) {
  let lastReport = 0;
  return (fraction: number, phase?: string) => {
    const now = performance.now();
    if (now - lastReport > PROGRESS_INTERVAL_MS) {
      lastReport = now;
      void onProgress(fraction, phase);
    }
  };
}

/** The process's peak memory in Node worker threads (resourceUsage); absent in browsers. */
const nodeProcess = (globalThis as { process?: { resourceUsage?: () => { maxRSS: number } } }).process;
const peakBytes = nodeProcess?.resourceUsage ? () => nodeProcess.resourceUsage!().maxRSS * 1024 : undefined;
