/**
 * The engine's dataset jobs: parse a file (streamed, with progress), generate a synthetic one,
 * share one parsed elsewhere, and read what the overview, the risk table and the Check page show.
 */
import { Dataset } from '../src/core/data/dataset.ts';
import { createParser, DETECTION_BYTES } from '../src/core/data/parsers/index.ts';
import {
  datasetStats,
  itemSupports,
  lengthHistogram,
  rankFrequency,
  topItems,
} from '../src/core/data/stats.ts';
import { questDataset } from '../src/core/data/synthetic.ts';
import { checkDataset } from '../src/core/check/checkDataset.ts';
import { reidentificationRisk } from '../src/core/metrics/risk.ts';
import type { DatasetJobs, LoadedDataset } from './engineTypes.ts';

/** Progress is reported at most this often (ms), so that messages never flood the main thread. */
export const PROGRESS_INTERVAL_MS = 50;

export function datasetJobs(datasets: Map<string, Dataset>, get: (id: string) => Dataset): DatasetJobs {
  return {
    async parseBlob(id, blob, fileName, options, onProgress) {
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
    },

    generate(id, params) {
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

    overview(id) {
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

    risk: (id, options) => reidentificationRisk(get(id), options),

    check: (id, request) => checkDataset(get(id), request),
  };
}
