/**
 * Runs of methods on the loaded datasets (zustand): the method and metric catalogues from the
 * workers, the run in progress (its phase, the progress within it, Cancel) and the finished,
 * verified runs with their files. Every finished run is saved to IndexedDB as it lands (persist.ts)
 * and comes back after a reload, linked to its dataset by the dataset's saved source (a DP run's ε
 * is entered in the dataset's privacy budget, budgetStore.ts); runs whose
 * dataset is no longer saved are dropped then. A failed run leaves the finished ones as they were
 * and shows its error.
 */
import { create } from 'zustand';
import type { MethodInfo } from '../../core/methods/types.ts';
import type { RunRequest } from '../../core/run/runRecord.ts';
import type { EngineError, MetricInfo } from '../../../workers/engineTypes.ts';
import { isEngineError } from '../../../workers/engineTypes.ts';
import { CancelledError } from '../../../workers/pool.ts';
import { pool } from '../engineClient.ts';
import { runOnPool } from '../../../workers/poolRun.ts';
import { forgetRun, saveRun, savedDatasetSources, savedRuns, type SavedRun } from '../persist.ts';
import { measureTabMemory } from '../widgets/tabMemory.ts';
import { useBudget } from './budgetStore.ts';

export type RunEntry = SavedRun;

/** The run under way: its phase (runPhases.ts), the progress within it and what it is doing. */
export interface RunningState {
  method: string;
  fraction: number;
  phase: string;
  step?: string;
  startedAt: number;
}

/** The dataset a run is made on, as the store needs it. */
export interface RunTarget {
  id: string;
  name: string;
  sourceKey: string;
}

interface RunState {
  methods: MethodInfo[];
  metrics: MetricInfo[];
  runs: RunEntry[];
  selectedRunId: string | null;
  running: RunningState | null;
  error: EngineError | null;
  loadCatalogues(): Promise<void>;
  /** Brings back the runs saved before the last reload. */
  hydrate(): Promise<void>;
  run(dataset: RunTarget, request: RunRequest): Promise<void>;
  cancel(): void;
  selectRun(id: string): void;
  forget(id: string): void;
  dismissError(): void;
}

const newRunId = () => `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
let currentRun: AbortController | null = null;

export const useRuns = create<RunState>((set, get) => ({
  methods: [],
  metrics: [],
  runs: [],
  selectedRunId: null,
  running: null,
  error: null,

  loadCatalogues: async () => {
    if (get().methods.length > 0) return;
    const [methods, metrics] = await pool.run((api) => Promise.all([api.methods(), api.metrics()]));
    set({ methods, metrics });
  },

  hydrate: async () => {
    const [saved, sources] = await Promise.all([savedRuns(), savedDatasetSources()]);
    const known = new Set(sources.map((s) => s.key));
    for (const run of saved) if (!known.has(run.sourceKey)) void forgetRun(run.id);
    // A run saved before its memory was measured (the page closed first) shows none.
    const kept = saved
      .filter((run) => known.has(run.sourceKey))
      .map((run) => ({ ...run, tabMemory: run.tabMemory ?? null }));
    set((s) => ({ runs: [...kept, ...s.runs.filter((r) => !kept.some((k) => k.id === r.id))] }));
  },

  run: async (dataset, request) => {
    currentRun?.abort();
    const controller = new AbortController();
    currentRun = controller;
    const startedAt = performance.now();
    set({ running: { method: request.method, fraction: 0, phase: 'running', startedAt }, error: null });
    const onProgress = (fraction: number, phase?: string, step?: string) => {
      if (currentRun === controller)
        set({ running: { method: request.method, fraction, phase: phase ?? 'running', step, startedAt } });
    };
    const parallelTasks = get().methods.find((m) => m.id === request.method)?.parallelTasks ?? false;
    try {
      const result = await runOnPool(pool, dataset.id, request, parallelTasks, onProgress, controller.signal);
      const entry: RunEntry = {
        ...result,
        id: newRunId(),
        sourceKey: dataset.sourceKey,
        datasetName: dataset.name,
        savedAt: Date.now(),
      };
      set((s) => ({ runs: [...s.runs, entry], selectedRunId: entry.id, running: null }));
      void saveRun(entry);
      // A verified DP release spends its ledger's ε of the dataset's budget (budgetStore.ts).
      const dp = result.summary.dp;
      if (dp) void useBudget.getState().enter(dataset.id, dataset.name, request.method, dp.ledger.total);
      // The tab's memory with the run landed (its release kept by a worker), shown beside it.
      void measureTabMemory(pool.sharedBytes()).then((tabMemory) => {
        const measured = { ...entry, tabMemory };
        set((s) => ({ runs: s.runs.map((r) => (r.id === entry.id ? measured : r)) }));
        void saveRun(measured);
      });
    } catch (error) {
      if (error instanceof CancelledError) {
        if (currentRun === controller) set({ running: null });
        return;
      }
      set({
        running: null,
        error: isEngineError(error) ? error : { kind: 'internal', message: String(error) },
      });
    } finally {
      if (currentRun === controller) currentRun = null;
    }
  },

  cancel: () => currentRun?.abort(),
  selectRun: (id) => set({ selectedRunId: id }),
  forget: (id) => {
    void forgetRun(id);
    set((s) => ({ runs: s.runs.filter((r) => r.id !== id) }));
  },
  dismissError: () => set({ error: null }),
}));
