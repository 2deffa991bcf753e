/**
 * The engine that runs inside every worker: it holds the datasets it knows by id and runs the
 * jobs of the worker API on them. Environment-free (no `self`, no DOM), so tests call it directly
 * and the browser and Node workers only wrap it with comlink.
 */
import { Dataset } from '../src/core/data/dataset.ts';
import { createParser, DETECTION_BYTES } from '../src/core/data/parsers/index.ts';
import { ParseError } from '../src/core/data/parsers/parseError.ts';
import {
  datasetStats,
  itemSupports,
  lengthHistogram,
  rankFrequency,
  topItems,
} from '../src/core/data/stats.ts';
import { questDataset, type QuestParams } from '../src/core/data/synthetic.ts';
import { listMethods } from '../src/core/methods/registry.ts';
import { reidentificationRisk } from '../src/core/metrics/risk.ts';
import { METRICS } from '../src/core/metrics/registry.ts';
import { resolveRequest, runMethod } from '../src/core/experiment/runMethod.ts';
import { releaseCsv, releaseJson } from '../src/core/release/exportRelease.ts';
import { summarizeRelease } from '../src/core/release/summary.ts';
import { ptaTeachingTrace } from '../src/core/methods/pta/trace.ts';
import { coatTeachingTrace } from '../src/core/methods/coat/trace.ts';
import { pgen } from '../src/core/methods/coat/pgen.ts';
import { phiSquareAmong } from '../src/core/methods/multi-anatomy/phiSquare.ts';
import { MethodInputError } from '../src/core/methods/types.ts';
import { checkDataset } from '../src/core/check/checkDataset.ts';
import { pDegreeTeachingTrace } from '../src/core/methods/gray-cahd/trace.ts';
import { chooseSensitive } from '../src/core/methods/sensitive.ts';
import type { ItemOrder } from '../src/core/methods/shared/itemOrder.ts';
import { groupRowCount, groupRowsPage } from '../src/core/release/groupRows.ts';
import type { Release } from '../src/core/release/types.ts';
import type {
  DatasetOverview,
  EngineApi,
  EngineError,
  LoadedDataset,
  LoadOptions,
  ProgressCallback,
} from './engineTypes.ts';

/** Progress is reported at most this often (ms), so that messages never flood the main thread. */
const PROGRESS_INTERVAL_MS = 50;

/** Releases a worker keeps for browsing (the latest few; older ones are dropped). */
const KEPT_RELEASES = 6;

export function createEngine(): EngineApi {
  const datasets = new Map<string, Dataset>();
  const releases = new Map<string, Release>();
  let releaseCount = 0;
  const keep = (release: Release): string => {
    const key = `release-${++releaseCount}`;
    releases.set(key, release);
    for (const old of releases.keys()) if (releases.size > KEPT_RELEASES) releases.delete(old);
    return key;
  };

  const get = (id: string): Dataset => {
    const dataset = datasets.get(id);
    if (!dataset) throw toEngineError(new Error(`no dataset '${id}' in this worker`));
    return dataset;
  };

  return {
    async parseBlob(
      id: string,
      blob: Blob,
      fileName: string,
      options: LoadOptions,
      onProgress: ProgressCallback,
    ) {
      try {
        const started = performance.now();
        const head = new Uint8Array(await blob.slice(0, DETECTION_BYTES).arrayBuffer());
        const parser = createParser({ ...options, fileName, sizeHint: blob.size }, head);
        const reader = blob.stream().getReader();
        let done = 0;
        let lastReport = 0;
        for (;;) {
          const { value, done: finished } = await reader.read();
          if (finished) break;
          parser.push(value);
          done += value.length;
          const now = performance.now();
          if (now - lastReport > PROGRESS_INTERVAL_MS) {
            lastReport = now;
            await onProgress(done, blob.size);
          }
        }
        const result = parser.finish();
        datasets.set(id, result.dataset);
        return {
          id,
          handle: result.dataset.toHandle(),
          format: result.format,
          bytes: blob.size,
          parseMs: performance.now() - started,
          warnings: result.warnings,
        } satisfies LoadedDataset;
      } catch (error) {
        throw toEngineError(error);
      }
    },

    generate(id: string, params: QuestParams) {
      const started = performance.now();
      const dataset = questDataset(params);
      datasets.set(id, dataset);
      return {
        id,
        handle: dataset.toHandle(),
        format: 'synthetic',
        bytes: 0,
        parseMs: performance.now() - started,
        warnings: { total: 0, first: [] },
      };
    },

    attach(id, handle) {
      datasets.set(id, Dataset.fromHandle(handle));
    },

    detach(id) {
      datasets.delete(id);
    },

    overview(id): DatasetOverview {
      const dataset = get(id);
      const supports = itemSupports(dataset);
      return {
        stats: datasetStats(dataset),
        topItems: topItems(dataset, supports, 30),
        rankFrequency: rankFrequency(supports),
        lengthHistogram: lengthHistogram(dataset),
        hasBitMatrix: dataset.bits !== null,
      };
    },

    risk(id, options) {
      return reidentificationRisk(get(id), options);
    },

    methods() {
      return listMethods();
    },

    metrics() {
      return METRICS.map(({ id, label, source, description, defaultOn, kinds, values }) => ({
        id,
        label,
        source,
        description,
        defaultOn,
        kinds,
        values,
      }));
    },

    anonymize(id, request, onProgress, partials, elapsedMs) {
      try {
        const progress = throttled(onProgress);
        const { record, release, audit } = runMethod(get(id), request, { progress, partials, elapsedMs });
        return {
          record,
          summary: summarizeRelease(release),
          releaseJson: releaseJson(release),
          releaseCsv: releaseCsv(release),
          auditJson: JSON.stringify(audit),
          releaseKey: keep(release),
        };
      } catch (error) {
        throw toEngineError(error);
      }
    },

    record(id, request, onProgress, partials, elapsedMs) {
      try {
        return runMethod(get(id), request, {
          progress: throttled(onProgress),
          partials,
          elapsedMs,
          peakBytes,
        }).record;
      } catch (error) {
        throw toEngineError(error);
      }
    },

    groupRows(releaseKey, from, count) {
      const release = releases.get(releaseKey);
      if (!release || release.kind !== 'groups') return null;
      return { total: groupRowCount(release), rows: groupRowsPage(release, from, count) };
    },

    check(id, request) {
      try {
        return checkDataset(get(id), request);
      } catch (error) {
        throw toEngineError(error);
      }
    },

    planTasks(id, request) {
      try {
        const { spec, params } = resolveRequest(request);
        if (!spec.parallel) throw new MethodInputError(`${spec.id} has no parallel tasks`);
        return spec.parallel.plan(get(id), params);
      } catch (error) {
        throw toEngineError(error);
      }
    },

    runTask(id, request, task) {
      try {
        const { spec, params } = resolveRequest(request);
        if (!spec.parallel) throw new MethodInputError(`${spec.id} has no parallel tasks`);
        return spec.parallel.task(get(id), params, task);
      } catch (error) {
        throw toEngineError(error);
      }
    },

    itemCorrelation(id, top) {
      const dataset = get(id);
      const supports = itemSupports(dataset);
      const items = Array.from(supports.keys())
        .sort((a, b) => supports[b] - supports[a] || a - b)
        .slice(0, top);
      return { tokens: items.map((i) => dataset.dictionary.token(i)), phi: phiSquareAmong(dataset, items) };
    },

    pgen(id, k) {
      const dataset = get(id);
      return pgen(dataset, k).map((c) => c.map((item) => dataset.dictionary.token(item)));
    },

    coatTrace(id, params) {
      try {
        const { params: resolved } = resolveRequest({ method: 'coat', params, seed: 1 });
        return coatTeachingTrace(get(id), resolved);
      } catch (error) {
        throw toEngineError(error);
      }
    },

    pDegreeTrace(id, request) {
      try {
        const { params } = resolveRequest({ ...request, method: 'gray-cahd' });
        const dataset = get(id);
        const sensitive = chooseSensitive(dataset, request.sensitive, request.seed);
        return pDegreeTeachingTrace(
          dataset,
          sensitive,
          Number(params.p),
          Number(params.alpha),
          params.order as ItemOrder,
        );
      } catch (error) {
        throw toEngineError(error);
      }
    },

    ptaTrace(id, k, segments, order) {
      try {
        return ptaTeachingTrace(get(id), k, segments, order);
      } catch (error) {
        throw toEngineError(error);
      }
    },
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

/** Turns anything thrown into plain data that survives postMessage with its position intact. */
export function toEngineError(error: unknown): EngineError {
  if (error instanceof ParseError) {
    return {
      kind: 'parse',
      message: error.message,
      file: error.file,
      line: error.line,
      column: error.column,
      reason: error.reason,
    };
  }
  if (typeof error === 'object' && error !== null && 'kind' in error) return error as EngineError;
  const message = error instanceof Error ? error.message : String(error);
  return { kind: error instanceof MethodInputError ? 'input' : 'internal', message };
}
