/**
 * The page's state (zustand): the loaded datasets with their overviews, which one is shown, the
 * load in progress and the last load error. Loading never touches the datasets already there: a
 * failed or cancelled load only sets `error` or clears `loading`. Every dataset's source is saved
 * (persist.ts) and loaded again after a page reload; `restore` does that on start, in the
 * background: the dataset shown when the page closed comes back first and stays selected, the
 * others join the list in their places without moving the selection (a click during the restore
 * lands where it was made), and no restore load cancels another or the user's own. Two datasets of
 * one name are told apart by their label (`groceries.csv (2)`).
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
import { distinctLabels } from '../widgets/distinctLabels.ts';
import {
  forgetDatasetSource,
  saveDatasetSource,
  saveActiveSource,
  saveSourceHierarchy,
  saveSourceHierarchyOff,
  savedActiveSource,
  savedDatasetSources,
  type DatasetSource,
} from '../persist.ts';

export interface DatasetEntry {
  id: string;
  /** The file's (or sample's) name: downloads are named after it. */
  name: string;
  /** What the page shows: the name, numbered when another dataset has it (`groceries.csv (2)`). */
  label: string;
  /** Its place in the list (when it was first loaded), kept across reloads. */
  order: number;
  loaded: LoadedDataset;
  overview: DatasetOverview;
  risk: RiskPoint[] | null;
  /** Its key in the saved sources (persist.ts). */
  sourceKey: string;
  /** The built-in sample it was loaded from, if any (samples.ts). */
  sampleId?: string;
  /** The generalization hierarchy loaded or built beside it (DESIGN.md sec. 7). */
  hierarchy?: HierarchyResult;
  /** The hierarchy is kept but switched off: methods build their own. */
  hierarchyOff?: boolean;
  /** A groups export's sensitive table, loaded with it (its rows are the QID table). */
  companion?: { name: string; blob: Blob };
  /** The file it was parsed from (a file's source; Check reads an exported release's tables again). */
  file?: Blob;
}

/** The hierarchy in force for a dataset's runs: its own, unless switched off. */
export function hierarchyInForce(entry: DatasetEntry | undefined): HierarchyResult | undefined {
  return entry && !entry.hierarchyOff ? entry.hierarchy : undefined;
}

/**
 * The list with `entry` in its place (by order) and the labels of its name's entries numbered by
 * that order (`groceries.csv`, `groceries.csv (2)`), so that a restore, whose loads land in any
 * order, ends with the labels the list had.
 */
function withEntry(datasets: readonly DatasetEntry[], entry: DatasetEntry): DatasetEntry[] {
  const list = [...datasets, entry].sort((a, b) => a.order - b.order);
  const labels = distinctLabels(list.map((d) => d.name));
  return list.map((d, i) => (d.label === labels[i] ? d : { ...d, label: labels[i] }));
}

/**
 * How a load joins the list: selected (a user's load) or in the background (a restore).
 * `select: 'unless-chosen'` selects it only if nothing is selected when it lands: decided then, not
 * when the load starts, so that a sample the user picked while a large restore was loading stays.
 */
interface LoadMode {
  select: boolean | 'unless-chosen';
  /** A restore: its own cancel signal, never the user's load's (nor another restore's). */
  background: boolean;
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
  /**
   * `key`: the saved source to keep (on restore); a new one otherwise. `companion`: a groups
   * export's sensitive table, chosen with its QID table.
   */
  loadFile(
    file: Blob,
    fileName: string,
    options: LoadOptions,
    key?: string,
    companion?: { name: string; blob: Blob },
  ): Promise<void>;
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
  /** Switches the dataset's hierarchy off (kept, not used) or on again. */
  setHierarchyOff(datasetId: string, off: boolean): void;
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
    mode: LoadMode = { select: true, background: false },
  ): Promise<string | null> {
    const controller = new AbortController();
    if (!mode.background) {
      currentLoad?.abort();
      currentLoad = controller;
      set({ loading: { name, done: 0, total: 0 }, error: null });
    }
    const id = `ds${nextId++}`;
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
      let selected = false;
      set((s) => {
        selected = mode.select === true || (mode.select === 'unless-chosen' && s.activeId === null);
        const entry: DatasetEntry = {
          id,
          name,
          label: name,
          order: source.savedAt,
          loaded,
          overview,
          risk: null,
          sourceKey: source.key,
          sampleId: source.kind === 'sample' ? source.sampleId : undefined,
          ...(source.hierarchyOff && { hierarchyOff: true }),
          ...(source.companion && { companion: source.companion }),
          ...(source.kind === 'file' && { file: source.blob }),
        };
        const datasets = withEntry(s.datasets, entry);
        return {
          datasets,
          ...(selected && { activeId: id }),
          ...(!mode.background && { loading: null }),
        };
      });
      if (selected) saveActiveSource(source.key);
      if (!mode.background) void saveDatasetSource(source);
      void riskJob.then(
        (risk) => set((s) => ({ datasets: s.datasets.map((d) => (d.id === id ? { ...d, risk } : d)) })),
        () => {},
      );
      return id;
    } catch (error) {
      if (error instanceof CancelledError) {
        if (currentLoad === controller) set({ loading: null });
        return null;
      }
      set({
        ...(!mode.background || currentLoad === null ? { loading: null } : {}),
        error: isEngineError(error) ? error : { kind: 'internal', message: String(error) },
      });
      return null;
    } finally {
      if (currentLoad === controller) currentLoad = null;
    }
  }

  const onProgress = (name: string) => (done: number, total: number) => {
    if (get().loading?.name === name) set({ loading: { name, done, total } });
  };

  /** Loads a saved (or new) source: a file, with its companion table, or a sample. */
  function loadSource(source: DatasetSource, mode?: LoadMode): Promise<string | null> {
    if (source.kind === 'file') {
      const { blob, name, options } = source;
      return load(
        name,
        (id, signal) =>
          pool.run((api) => api.parseBlob(id, blob, name, options, proxy(onProgress(name))), signal),
        source,
        mode,
      );
    }
    const sample = SAMPLES.find((s) => s.id === source.sampleId);
    if (!sample) return Promise.resolve(null);
    if (sample.kind === 'synthetic')
      return load(
        sample.label,
        (id, signal) => pool.run((api) => api.generate(id, sample.params), signal),
        source,
        mode,
      );
    const fileName = sample.path.split('/').pop() ?? sample.path;
    return load(
      fileName,
      async (id, signal) => {
        const response = await fetch(`${import.meta.env.BASE_URL}${sample.path}`, { signal });
        if (!response.ok)
          throw { kind: 'input', message: `${sample.path}: HTTP ${response.status}` } satisfies EngineError;
        const blob = await response.blob();
        return pool.run(
          (api) => api.parseBlob(id, blob, fileName, { format: sample.format }, proxy(onProgress(fileName))),
          signal,
        );
      },
      source,
      mode,
    );
  }

  return {
    datasets: [],
    activeId: null,
    loading: null,
    error: null,
    hierarchyError: null,

    loadFile: async (file, fileName, options, key = newSourceKey(), companion) => {
      await loadSource({
        key,
        kind: 'file',
        name: fileName,
        blob: file,
        options,
        savedAt: Date.now(),
        ...(companion && { companion }),
      });
    },

    loadSample: async (sample, key = newSourceKey()) => {
      await loadSource({ key, kind: 'sample', name: sample.label, sampleId: sample.id, savedAt: Date.now() });
    },

    restore: async () => {
      const sources = await savedDatasetSources();
      if (sources.length === 0) return false;
      const activeKey = savedActiveSource();
      const first = sources.find((s) => s.key === activeKey) ?? sources[0];
      const restoreOne = async (source: DatasetSource, select: LoadMode['select']) => {
        const id = await loadSource(source, { select, background: true });
        if (id !== null && source.hierarchy) await get().setHierarchy(id, source.hierarchy);
      };
      // The one shown when the page closed first, selected unless the user chose meanwhile; then
      // the others all queued at once on the pool, each joining the list in its place.
      await restoreOne(first, 'unless-chosen');
      await Promise.all(sources.filter((s) => s !== first).map((s) => restoreOne(s, false)));
      if (get().activeId === null && get().datasets.length > 0) get().select(get().datasets[0].id);
      return true;
    },

    cancelLoad: () => currentLoad?.abort(),

    select: (id) => {
      set({ activeId: id });
      saveActiveSource(get().datasets.find((d) => d.id === id)?.sourceKey ?? null);
    },

    remove: (id) => {
      void pool.unregister(id);
      const entry = get().datasets.find((d) => d.id === id);
      if (entry) void forgetDatasetSource(entry.sourceKey);
      set((s) => {
        const datasets = s.datasets.filter((d) => d.id !== id);
        const activeId = s.activeId === id ? (datasets[datasets.length - 1]?.id ?? null) : s.activeId;
        return { datasets, activeId };
      });
      saveActiveSource(get().datasets.find((d) => d.id === get().activeId)?.sourceKey ?? null);
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

    setHierarchyOff: (datasetId, off) => {
      const entry = get().datasets.find((d) => d.id === datasetId);
      set((s) => ({
        datasets: s.datasets.map((d) => (d.id === datasetId ? { ...d, hierarchyOff: off } : d)),
      }));
      if (entry) void saveSourceHierarchyOff(entry.sourceKey, off);
    },

    dismissHierarchyError: () => set({ hierarchyError: null }),
  };
});
