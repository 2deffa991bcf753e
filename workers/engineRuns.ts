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
import { publishRun } from '../src/core/run/publishRun.ts';
import type { RunProgress } from '../src/core/run/runPhases.ts';
import { exportRelease } from '../src/core/release/export/exportRelease.ts';
import { rulesJson, rulesOf } from '../src/core/run/rules.ts';
import { groupRowCount, groupRowsPage } from '../src/core/release/groupRows.ts';
import { parseRelease } from '../src/core/release/parseRelease.ts';
import type { Release } from '../src/core/release/types.ts';
import type { RunRequest } from '../src/core/run/runRecord.ts';
import { PROGRESS_INTERVAL_MS } from './engineDatasets.ts';
import type { RunFiles, RunJobs } from './engineTypes.ts';
import { toRunFile } from './runFiles.ts';

/** Releases a worker keeps for browsing (the latest few; older ones are dropped). */
const KEPT_RELEASES = 6;

export function runJobs(get: (id: string) => Dataset): RunJobs {
  const releases = new Map<string, Release>();
  let releaseCount = 0;
  // Keys unique across page loads: a run saved before a reload never finds another release.
  const engineKey = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const keep = (release: Release): string => {
    const key = `release-${engineKey}-${++releaseCount}`;
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
      const started = performance.now();
      const dataset = get(id);
      const run = publishRun(dataset, request, { progress, partials, elapsedMs });
      const rules = rulesOf(dataset, run.release, run.audit, { hierarchy: run.hierarchy, join: run.join });
      const files: RunFiles = {
        release: new Blob([run.releaseJson], { type: 'application/json' }),
        audit: new Blob([run.auditJson], { type: 'application/json' }),
        exportFormat: run.exportFormat,
        exports: run.exports.map(toRunFile),
      };
      // Making the Blobs is publishing too: the whole wait is in total_ms.
      const record = { ...run.record, total_ms: performance.now() - started + (elapsedMs ?? 0) };
      return {
        record,
        summary: run.view,
        examples: run.examples,
        files,
        ...(rules && { rulesJson: rulesJson(rules) }),
        releaseKey: keep(run.release),
      };
    },

    async exportRelease(json, format) {
      const release = parseRelease(await json.text(), 'release.json');
      return exportRelease(release, format).map(toRunFile);
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

/**
 * Progress passed on at most every PROGRESS_INTERVAL_MS, so messages never flood the main thread;
 * the start of a new phase always goes through (the page shows every phase).
 */
function throttled(onProgress: RunProgress): RunProgress {
  let lastReport = 0;
  let lastPhase: string | undefined;
  return (fraction, phase, step) => {
    const now = performance.now();
    if (phase !== lastPhase || now - lastReport > PROGRESS_INTERVAL_MS) {
      lastReport = now;
      lastPhase = phase;
      void onProgress(fraction, phase, step);
    }
  };
}

/** The process's peak memory in Node worker threads (resourceUsage); absent in browsers. */
const nodeProcess = (globalThis as { process?: { resourceUsage?: () => { maxRSS: number } } }).process;
const peakBytes = nodeProcess?.resourceUsage ? () => nodeProcess.resourceUsage!().maxRSS * 1024 : undefined;
