/**
 * The page's state (zustand): the loaded datasets with their overviews, which one is shown, the
 * load in progress and the last load error. Loading never touches the datasets already there: a
 * failed or cancelled load only sets `error` or clears `loading`. Every dataset's source is saved
 * (persist.ts) and loaded again after a page reload; `restore` does that on start.
 */
import { proxy } from 'comlink';
import { create } from 'zustand';
import type {
  DatasetOverview,
  EngineError,
  HierarchyResult,
  HierarchySource,
  LoadedDataset,
  LoadOptions,
} from '../../../workers/engineTypes.ts';
import { isEngineError } from '../../../workers/engineTypes.ts';
import type { RiskPoint } from '../../core/metrics/risk.ts';
import { CancelledError } from '../../../workers/pool.ts';
import { pool } from '../engineClient.ts';
import { SAMPLES, type Sample } from './samples.ts';
import {
  forgetDatasetSource,
  saveDatasetSource,
  saveSourceHierarchy,
  savedDatasetSources,
  type DatasetSource,
} from '../persist.ts';

export interface DatasetEntry {
  id: string;
  name: string;
  loaded: LoadedDataset;
  overview: DatasetOverview;
  risk: RiskPoint[] | null;
  /** Its key in the saved sources (persist.ts). */
  sourceKey: string;
  /** The built-in sample it was loaded from, if any (samples.ts). */
  sampleId?: string;
  /** The generalization hierarchy loaded or built beside it (DESIGN.md sec. 7). */
  hierarchy?: HierarchyResult;
}

export interface LoadState {
  name: string;
  done: number;
  total: number;
}

export interface WorkbenchState {
  datasets: DatasetEntry[];
  activeId: string | null;
  loading: LoadState | null;
  error: EngineError | null;
  /** The last hierarchy that failed to load, and why (line and item). */
  hierarchyError: { datasetId: string; error: EngineError } | null;
  /** `key`: the saved source to keep (on restore); a new one otherwise. */
  loadFile(file: Blob, fileName: string, options: LoadOptions, key?: string): Promise<void>;
  loadSample(sample: Sample, key?: string): Promise<void>;
  /** Loads the datasets saved before the last reload; false when there were none. */
  restore(): Promise<boolean>;
  cancelLoad(): void;
  select(id: string): void;
  remove(id: string): void;
  dismissError(): void;
  /** Loads or builds the hierarchy beside a dataset (a failure leaves the one it had). */
  setHierarchy(datasetId: string, source: HierarchySource): Promise<void>;
  clearHierarchy(datasetId: string): void;
  dismissHierarchyError(): void;
}

let nextId = 1;
const newSourceKey = () => `src-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
let currentLoad: AbortController | null = null;

export const useWorkbench = create<WorkbenchState>((set, get) => {
  /** Runs one load job, then registers the dataset with every worker and computes its overview and risk. */
  async function load(
    name: string,
    job: (id: string, signal: AbortSignal) => Promise<LoadedDataset>,
    source: DatasetSource,
  ): Promise<void> {
    currentLoad?.abort();
    const controller = new AbortController();
    currentLoad = controller;
    const id = `ds${nextId++}`;
    set({ loading: { name, done: 0, total: 0 }, error: null });
    try {
      const loaded = await job(id, controller.signal);
      await pool.register(id, loaded.handle);
      // The risk needs only the registered dataset: on a second worker it runs beside the overview
      // (which is short: on the Netflix shape the risk chart still shows ~1 s after the stats).
      // The overview is queued first, so that a pool of one worker shows the stats before the risk.
      // A load that ends without its overview (cancelled, failed) stops its risk too; once the
      // dataset is kept, its risk runs to the end even if another load starts.
      const overviewJob = pool.run((api) => api.overview(id), controller.signal);
      const riskControl = new AbortController();
      const riskJob = pool.run((api) => api.risk(id, {}), riskControl.signal);
      riskJob.catch(() => {}); // awaited below; this only keeps a failed load from leaving it unheard
      const overview = await overviewJob.catch((error: unknown) => {
        riskControl.abort();
        throw error;
      });
      const entry: DatasetEntry = {
        id,
        name,
        loaded,
        overview,
        risk: null,
        sourceKey: source.key,
        sampleId: source.kind === 'sample' ? source.sampleId : undefined,
      };
      set((s) => ({ datasets: [...s.datasets, entry], activeId: id, loading: null }));
      void saveDatasetSource(source);
      const risk = await riskJob;
      set((s) => ({ datasets: s.datasets.map((d) => (d.id === id ? { ...d, risk } : d)) }));
    } catch (error) {
      if (error instanceof CancelledError) {
        if (currentLoad === controller) set({ loading: null });
        return;
      }
      set({
        loading: null,
        error: isEngineError(error) ? error : { kind: 'internal', message: String(error) },
      });
    } finally {
      if (currentLoad === controller) currentLoad = null;
    }
  }

  const onProgress = (name: string) => (done: number, total: number) => {
    if (get().loading?.name === name) set({ loading: { name, done, total } });
  };

  return {
    datasets: [],
    activeId: null,
    loading: null,
    error: null,
    hierarchyError: null,

    loadFile: (file, fileName, options, key = newSourceKey()) =>
      load(
        fileName,
        (id, signal) =>
          pool.run((api) => api.parseBlob(id, file, fileName, options, proxy(onProgress(fileName))), signal),
        { key, kind: 'file', name: fileName, blob: file, options, savedAt: Date.now() },
      ),

    loadSample: async (sample, key = newSourceKey()) => {
      const source: DatasetSource = {
        key,
        kind: 'sample',
        name: sample.label,
        sampleId: sample.id,
        savedAt: Date.now(),
      };
      if (sample.kind === 'synthetic') {
        return load(
          sample.label,
          (id, signal) => pool.run((api) => api.generate(id, sample.params), signal),
          source,
        );
      }
      const fileName = sample.path.split('/').pop() ?? sample.path;
      return load(
        fileName,
        async (id, signal) => {
          const response = await fetch(`${import.meta.env.BASE_URL}${sample.path}`, { signal });
          if (!response.ok)
            throw { kind: 'input', message: `${sample.path}: HTTP ${response.status}` } satisfies EngineError;
          const blob = await response.blob();
          return pool.run(
            (api) =>
              api.parseBlob(id, blob, fileName, { format: sample.format }, proxy(onProgress(fileName))),
            signal,
          );
        },
        source,
      );
    },

    restore: async () => {
      const sources = await savedDatasetSources();
      for (const source of sources) {
        const sample = source.kind === 'sample' ? SAMPLES.find((s) => s.id === source.sampleId) : undefined;
        if (source.kind === 'file')
          await get().loadFile(source.blob, source.name, source.options, source.key);
        else if (sample) await get().loadSample(sample, source.key);
        const entry = get().datasets.find((d) => d.sourceKey === source.key);
        if (entry && source.hierarchy) await get().setHierarchy(entry.id, source.hierarchy);
      }
      return sources.length > 0;
    },

    cancelLoad: () => currentLoad?.abort(),

    select: (id) => set({ activeId: id }),

    remove: (id) => {
      void pool.unregister(id);
      const entry = get().datasets.find((d) => d.id === id);
      if (entry) void forgetDatasetSource(entry.sourceKey);
      set((s) => {
        const datasets = s.datasets.filter((d) => d.id !== id);
        const activeId = s.activeId === id ? (datasets[datasets.length - 1]?.id ?? null) : s.activeId;
        return { datasets, activeId };
      });
    },

    dismissError: () => set({ error: null }),

    setHierarchy: async (datasetId, source) => {
      set({ hierarchyError: null });
      try {
        const hierarchy = await pool.run((api) => api.hierarchy(datasetId, source));
        const entry = get().datasets.find((d) => d.id === datasetId);
        set((s) => ({ datasets: s.datasets.map((d) => (d.id === datasetId ? { ...d, hierarchy } : d)) }));
        if (entry) void saveSourceHierarchy(entry.sourceKey, source);
      } catch (error) {
        set({
          hierarchyError: {
            datasetId,
            error: isEngineError(error) ? error : { kind: 'internal', message: String(error) },
          },
        });
      }
    },

    clearHierarchy: (datasetId) => {
      const entry = get().datasets.find((d) => d.id === datasetId);
      set((s) => ({
        datasets: s.datasets.map((d) => (d.id === datasetId ? { ...d, hierarchy: undefined } : d)),
      }));
      if (entry) void saveSourceHierarchy(entry.sourceKey, undefined);
    },

    dismissHierarchyError: () => set({ hierarchyError: null }),
  };
});
