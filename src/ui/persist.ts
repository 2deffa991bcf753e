/**
 * What survives a page reload (IndexedDB through idb-keyval): where each loaded dataset came from
 * (the file itself as a Blob, or the sample's id), every experiment with its results, and every
 * single Anonymize run with its files (Blobs, stored by reference). Datasets are stored as their
 * source and parsed again on reload, not as parsed memory, with the hierarchy loaded or built
 * beside them. Nothing leaves the browser.
 */
import { createStore, del, get, set, values } from 'idb-keyval';
import type { HierarchySource, LoadOptions, RunResult } from '../../workers/engineTypes.ts';
import type { Experiment } from './experiment/experimentTypes.ts';

/** A single run as saved: its result and files, and the saved dataset source it was made on. */
export interface SavedRun extends RunResult {
  id: string;
  sourceKey: string;
  datasetName: string;
  savedAt: number;
}

export type DatasetSource = (
  | { key: string; kind: 'file'; name: string; blob: Blob; options: LoadOptions; savedAt: number }
  | { key: string; kind: 'sample'; name: string; sampleId: string; savedAt: number }
) & {
  /** The hierarchy loaded or built beside the dataset (DESIGN.md sec. 7), if any. */
  hierarchy?: HierarchySource;
};

const datasets = createStore('txanon-datasets', 'sources');
const experiments = createStore('txanon-experiments', 'experiments');
const runs = createStore('txanon-runs', 'runs');

/** Storage may be missing (private windows) or full: the page then works without it. */
async function quietly<T>(job: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await job();
  } catch (error) {
    console.warn('IndexedDB unavailable:', error);
    return fallback;
  }
}

export const saveDatasetSource = (source: DatasetSource) =>
  quietly(() => set(source.key, source, datasets), undefined);
/** Remembers (or forgets, with undefined) the hierarchy beside a saved dataset. */
export const saveSourceHierarchy = (key: string, hierarchy: HierarchySource | undefined) =>
  quietly(async () => {
    const source = (await get(key, datasets)) as DatasetSource | undefined;
    if (source) await set(key, { ...source, hierarchy }, datasets);
  }, undefined);
export const forgetDatasetSource = (key: string) => quietly(() => del(key, datasets), undefined);
export const savedDatasetSources = () =>
  quietly(
    async () => ((await values(datasets)) as DatasetSource[]).sort((a, b) => a.savedAt - b.savedAt),
    [] as DatasetSource[],
  );

export const saveExperiment = (experiment: Experiment) =>
  quietly(() => set(experiment.id, experiment, experiments), undefined);
export const forgetExperiment = (id: string) => quietly(() => del(id, experiments), undefined);
export const savedExperiments = () =>
  quietly(
    async () => ((await values(experiments)) as Experiment[]).sort((a, b) => a.createdAt - b.createdAt),
    [] as Experiment[],
  );

export const saveRun = (run: SavedRun) => quietly(() => set(run.id, run, runs), undefined);
export const forgetRun = (id: string) => quietly(() => del(id, runs), undefined);
export const savedRuns = () =>
  quietly(
    async () => ((await values(runs)) as SavedRun[]).sort((a, b) => a.savedAt - b.savedAt),
    [] as SavedRun[],
  );
