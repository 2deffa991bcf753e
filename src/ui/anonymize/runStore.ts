/**
 * Runs of methods on the loaded datasets (zustand): the method and metric catalogues from the
 * workers, the run in progress (with Cancel) and the finished, verified runs with their files.
 * A failed run leaves the finished ones as they were and shows its error.
 */
import { create } from 'zustand';
import type { MethodInfo } from '../../core/methods/types.ts';
import type { RunRequest } from '../../core/run/runRecord.ts';
import type { EngineError, MetricInfo, RunResult } from '../../../workers/engineTypes.ts';
import { isEngineError } from '../../../workers/engineTypes.ts';
import { CancelledError } from '../../../workers/pool.ts';
import { pool } from '../engineClient.ts';
import { runOnPool } from '../../../workers/poolRun.ts';

export interface RunEntry extends RunResult {
  id: string;
  datasetId: string;
  datasetName: string;
}

interface RunState {
  methods: MethodInfo[];
  metrics: MetricInfo[];
  runs: RunEntry[];
  selectedRunId: string | null;
  running: { method: string; fraction: number; phase?: string } | null;
  error: EngineError | null;
  loadCatalogues(): Promise<void>;
  run(datasetId: string, datasetName: string, request: RunRequest): Promise<void>;
  cancel(): void;
  selectRun(id: string): void;
  dismissError(): void;
}

let nextRun = 1;
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

  run: async (datasetId, datasetName, request) => {
    currentRun?.abort();
    const controller = new AbortController();
    currentRun = controller;
    set({ running: { method: request.method, fraction: 0 }, error: null });
    const onProgress = (fraction: number, phase?: string) => {
      if (currentRun === controller) set({ running: { method: request.method, fraction, phase } });
    };
    const parallelTasks = get().methods.find((m) => m.id === request.method)?.parallelTasks ?? false;
    try {
      const result = await runOnPool(pool, datasetId, request, parallelTasks, onProgress, controller.signal);
      const entry: RunEntry = { ...result, id: `run${nextRun++}`, datasetId, datasetName };
      set((s) => ({ runs: [...s.runs, entry], selectedRunId: entry.id, running: null }));
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
  dismissError: () => set({ error: null }),
}));
