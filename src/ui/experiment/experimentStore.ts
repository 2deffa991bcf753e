/**
 * Experiments (zustand): the saved ones with their results, the sweep in progress (done / total,
 * time left, the progress of each running run) and Cancel, which stops every running run at once
 * and keeps the finished ones. Each finished run is saved to IndexedDB as it lands, so a reload
 * loses at most the runs still going (the experiment then reads `interrupted`).
 */
import { create } from 'zustand';
import { parseResults, type SweepRun } from '../../core/experiment/results.ts';
import { expandSweep, type SweepSpec } from '../../core/experiment/sweep.ts';
import { runSweepOnPool } from '../../../workers/sweepRun.ts';
import { pool } from '../engineClient.ts';
import { forgetExperiment, saveExperiment, savedExperiments } from '../persist.ts';
import type { Experiment } from './experimentTypes.ts';
import { EMPTY_FORM, type SweepForm } from './specForm.ts';

/** A running run of a sweep as the page shows it. */
export interface ActiveRun {
  label: string;
  fraction: number;
  phase?: string;
}

export interface SweepProgress {
  experimentId: string;
  done: number;
  total: number;
  startedAt: number;
  /** Running runs: request index -> fraction done. */
  active: Record<number, ActiveRun>;
}

interface ExperimentState {
  /** The Experiment page's form, kept here so it survives switching tabs. */
  form: SweepForm;
  preset: string;
  setForm(form: SweepForm, preset?: string): void;
  experiments: Experiment[];
  selectedId: string | null;
  progress: SweepProgress | null;
  /** The experiment whose sweep ended last in this session (the Experiment page says how it ended). */
  endedId: string | null;
  error: string | null;
  hydrated: boolean;
  hydrate(): Promise<void>;
  start(spec: SweepSpec, datasetId: string, datasetName: string): Promise<void>;
  cancel(): void;
  importResults(file: File): Promise<void>;
  select(id: string): void;
  remove(id: string): void;
  dismissError(): void;
}

let currentSweep: AbortController | null = null;
const newId = () => `exp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** Saves at most every 400 ms while a sweep runs (and always at its end). */
function throttledSave() {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let latest: Experiment | null = null;
  return {
    save(experiment: Experiment) {
      latest = experiment;
      timer ??= setTimeout(() => {
        timer = null;
        if (latest) void saveExperiment(latest);
      }, 400);
    },
    flush(experiment: Experiment) {
      if (timer) clearTimeout(timer);
      timer = null;
      return saveExperiment(experiment);
    },
  };
}

/** How often the running runs' progress reaches the store (ms) while a sweep runs. */
const PROGRESS_EVERY_MS = 250;

/**
 * The running runs' progress gathered and handed to `apply` at most every PROGRESS_EVERY_MS: each
 * store change re-renders the Experiment page and repaints it, which on a 2-core machine takes
 * the core a second worker needs (issue 18). `drop` forgets a run that finished.
 */
function batchedProgress(apply: (changes: ReadonlyMap<number, ActiveRun>) => void) {
  const pending = new Map<number, ActiveRun>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    if (pending.size === 0) return;
    const changes = new Map(pending);
    pending.clear();
    apply(changes);
  };
  return {
    set(index: number, run: ActiveRun) {
      pending.set(index, run);
      timer ??= setTimeout(flush, PROGRESS_EVERY_MS);
    },
    drop: (index: number) => pending.delete(index),
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}

export const useExperiments = create<ExperimentState>((set, get) => {
  const update = (id: string, change: (e: Experiment) => Experiment): Experiment | undefined => {
    let updated: Experiment | undefined;
    set((s) => ({
      experiments: s.experiments.map((e) => (e.id === id ? (updated = change(e)) : e)),
    }));
    return updated;
  };

  return {
    form: EMPTY_FORM,
    preset: '',
    setForm: (form, preset) => set((s) => ({ form, preset: preset ?? s.preset })),
    experiments: [],
    selectedId: null,
    progress: null,
    endedId: null,
    error: null,
    hydrated: false,

    hydrate: async () => {
      if (get().hydrated) return;
      const saved = (await savedExperiments()).map((e) =>
        e.status === 'running' ? { ...e, status: 'interrupted' as const } : e,
      );
      set((s) => ({
        experiments: [...saved, ...s.experiments.filter((e) => !saved.some((x) => x.id === e.id))],
        selectedId: s.selectedId ?? saved[saved.length - 1]?.id ?? null,
        hydrated: true,
      }));
    },

    start: async (spec, datasetId, datasetName) => {
      if (currentSweep) return;
      const requests = expandSweep(spec);
      const experiment: Experiment = {
        id: newId(),
        name: spec.name ?? 'Experiment',
        datasetName,
        spec,
        runs: requests.map(() => null),
        status: 'running',
        createdAt: Date.now(),
      };
      const controller = new AbortController();
      currentSweep = controller;
      const saver = throttledSave();
      const startedAt = performance.now();
      set((s) => ({
        experiments: [...s.experiments, experiment],
        selectedId: experiment.id,
        endedId: null,
        error: null,
        progress: { experimentId: experiment.id, done: 0, total: requests.length, startedAt, active: {} },
      }));
      const label = (i: number) => {
        const r = requests[i];
        const values = { ...r.params, ...r.metricOptions };
        return `${r.method} ${Object.entries(values)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')} seed ${r.seed}`;
      };
      const progressOf = batchedProgress((changes) =>
        set((s) =>
          s.progress?.experimentId === experiment.id
            ? {
                progress: { ...s.progress, active: { ...s.progress.active, ...Object.fromEntries(changes) } },
              }
            : {},
        ),
      );
      try {
        const outcome = await runSweepOnPool(
          pool,
          datasetId,
          requests,
          new Set(),
          {
            onProgress: (index, fraction, phase) =>
              progressOf.set(index, { label: label(index), fraction, phase }),
            onRun: (index, run: SweepRun) => {
              progressOf.drop(index);
              const updated = update(experiment.id, (e) => {
                const runs = e.runs.slice();
                runs[index] = run;
                return { ...e, runs };
              });
              if (updated) saver.save(updated);
              set((s) => {
                if (s.progress?.experimentId !== experiment.id) return {};
                const active = { ...s.progress.active };
                delete active[index];
                return { progress: { ...s.progress, done: s.progress.done + 1, active } };
              });
            },
          },
          controller.signal,
        );
        const finished = update(experiment.id, (e) => ({
          ...e,
          status: outcome.cancelled ? 'cancelled' : 'done',
          wallMs: performance.now() - startedAt,
        }));
        if (finished) await saver.flush(finished);
      } catch (error) {
        set({ error: error instanceof Error ? error.message : String(error) });
      } finally {
        progressOf.stop();
        currentSweep = null;
        set({ progress: null, endedId: experiment.id });
      }
    },

    cancel: () => currentSweep?.abort(),

    importResults: async (file) => {
      try {
        const results = parseResults(await file.text(), file.name);
        const experiment: Experiment = {
          id: newId(),
          name: results.spec?.name ?? file.name,
          datasetName: results.spec?.dataset ?? '(from file)',
          spec: results.spec ?? { dataset: '(from file)', seeds: [], runs: [] },
          runs: results.runs,
          status: 'imported',
          createdAt: Date.now(),
        };
        set((s) => ({ experiments: [...s.experiments, experiment], selectedId: experiment.id, error: null }));
        await saveExperiment(experiment);
      } catch (error) {
        set({ error: error instanceof Error ? error.message : String(error) });
      }
    },

    select: (id) => set({ selectedId: id }),

    remove: (id) => {
      void forgetExperiment(id);
      set((s) => {
        const experiments = s.experiments.filter((e) => e.id !== id);
        return {
          experiments,
          selectedId: s.selectedId === id ? (experiments[experiments.length - 1]?.id ?? null) : s.selectedId,
        };
      });
    },

    dismissError: () => set({ error: null }),
  };
});

/** The finished runs of an experiment, in spec order. */
export const finishedRuns = (experiment: Experiment): SweepRun[] =>
  experiment.runs.filter((r): r is SweepRun => r !== null);

/** The results file of an experiment (txanon-results/1), as `cli sweep` writes it. */
export const resultsFileOf = (experiment: Experiment) => ({
  format: 'txanon-results/1' as const,
  spec: experiment.spec,
  runs: finishedRuns(experiment),
});
