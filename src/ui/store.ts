/**
 * The page's state (zustand): the loaded datasets with their overviews, which one is shown, the
 * load in progress and the last load error. Loading never touches the datasets already there: a
 * failed or cancelled load only sets `error` or clears `loading`.
 */
import { proxy } from 'comlink';
import { create } from 'zustand';
import type { DatasetOverview, EngineError, LoadedDataset, LoadOptions } from '../../workers/engineTypes.ts';
import { isEngineError } from '../../workers/engineTypes.ts';
import type { RiskPoint } from '../core/metrics/risk.ts';
import { CancelledError } from '../../workers/pool.ts';
import { pool } from './engineClient.ts';
import type { Sample } from './samples.ts';

export interface DatasetEntry {
  id: string;
  name: string;
  loaded: LoadedDataset;
  overview: DatasetOverview;
  risk: RiskPoint[] | null;
}

export interface LoadState {
  name: string;
  done: number;
  total: number;
}

interface WorkbenchState {
  datasets: DatasetEntry[];
  activeId: string | null;
  loading: LoadState | null;
  error: EngineError | null;
  loadFile(file: Blob, fileName: string, options: LoadOptions): Promise<void>;
  loadSample(sample: Sample): Promise<void>;
  cancelLoad(): void;
  select(id: string): void;
  remove(id: string): void;
  dismissError(): void;
}

let nextId = 1;
let currentLoad: AbortController | null = null;

export const useWorkbench = create<WorkbenchState>((set, get) => {
  /** Runs one load job, then registers the dataset with every worker and computes its overview. */
  async function load(
    name: string,
    job: (id: string, signal: AbortSignal) => Promise<LoadedDataset>,
  ): Promise<void> {
    currentLoad?.abort();
    const controller = new AbortController();
    currentLoad = controller;
    const id = `ds${nextId++}`;
    set({ loading: { name, done: 0, total: 0 }, error: null });
    try {
      const loaded = await job(id, controller.signal);
      await pool.register(id, loaded.handle);
      const overview = await pool.run((api) => api.overview(id), controller.signal);
      const entry: DatasetEntry = { id, name, loaded, overview, risk: null };
      set((s) => ({ datasets: [...s.datasets, entry], activeId: id, loading: null }));
      const risk = await pool.run((api) => api.risk(id, {}));
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

    loadFile: (file, fileName, options) =>
      load(fileName, (id, signal) =>
        pool.run((api) => api.parseBlob(id, file, fileName, options, proxy(onProgress(fileName))), signal),
      ),

    loadSample: async (sample) => {
      if (sample.kind === 'synthetic') {
        return load(sample.label, (id, signal) => pool.run((api) => api.generate(id, sample.params), signal));
      }
      const fileName = sample.path.split('/').pop() ?? sample.path;
      return load(fileName, async (id, signal) => {
        const response = await fetch(`${import.meta.env.BASE_URL}${sample.path}`, { signal });
        if (!response.ok)
          throw { kind: 'input', message: `${sample.path}: HTTP ${response.status}` } satisfies EngineError;
        const blob = await response.blob();
        return pool.run(
          (api) => api.parseBlob(id, blob, fileName, { format: sample.format }, proxy(onProgress(fileName))),
          signal,
        );
      });
    },

    cancelLoad: () => currentLoad?.abort(),

    select: (id) => set({ activeId: id }),

    remove: (id) => {
      void pool.unregister(id);
      set((s) => {
        const datasets = s.datasets.filter((d) => d.id !== id);
        const activeId = s.activeId === id ? (datasets[datasets.length - 1]?.id ?? null) : s.activeId;
        return { datasets, activeId };
      });
    },

    dismissError: () => set({ error: null }),
  };
});
