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
  /** The tab's memory measured after the run landed (widgets/tabMemory.ts), bytes; null: not measurable. */
  tabMemory?: number | null;
}

export type DatasetSource = (
  | { key: string; kind: 'file'; name: string; blob: Blob; options: LoadOptions; savedAt: number }
  | { key: string; kind: 'sample'; name: string; sampleId: string; savedAt: number }
) & {
  /** The hierarchy loaded or built beside the dataset (DESIGN.md sec. 7), if any. */
  hierarchy?: HierarchySource;
  /** The hierarchy is switched off for this dataset's runs (kept, not in force). */
  hierarchyOff?: boolean;
  /** A groups export's sensitive table, loaded together with its QID table. */
  companion?: { name: string; blob: Blob };
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
/** Remembers (or forgets) that the dataset's hierarchy is switched off. */
export const saveSourceHierarchyOff = (key: string, off: boolean) =>
  quietly(async () => {
    const source = (await get(key, datasets)) as DatasetSource | undefined;
    if (source) await set(key, { ...source, hierarchyOff: off }, datasets);
  }, undefined);
export const forgetDatasetSource = (key: string) => quietly(() => del(key, datasets), undefined);

/** The saved source shown when the page closed (localStorage: read at once on start). */
const ACTIVE_KEY = 'txanon-active-source';
export function saveActiveSource(key: string | null): void {
  try {
    if (key === null) localStorage.removeItem(ACTIVE_KEY);
    else localStorage.setItem(ACTIVE_KEY, key);
  } catch {
    // no storage: the first dataset is shown after a reload
  }
}
export function savedActiveSource(): string | null {
  try {
    return localStorage.getItem(ACTIVE_KEY);
  } catch {
    return null;
  }
}
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
    async () =>
      ((await values(runs)) as (SavedRun & { rulesJson?: string })[])
        .map(withRulesBlob)
        .sort((a, b) => a.savedAt - b.savedAt),
    [] as SavedRun[],
  );

/** A run saved before its rules became a Blob (they were a string, `rulesJson`) is read alike. */
function withRulesBlob({ rulesJson, ...run }: SavedRun & { rulesJson?: string }): SavedRun {
  return rulesJson === undefined
    ? run
    : { ...run, rules: new Blob([rulesJson], { type: 'application/json' }) };
}
