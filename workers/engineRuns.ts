/**
 * The engine's run jobs: a method on a dataset through the one pipeline (core/run), its rounds of
 * tasks (core/run/runRounds.ts), its extras (teaching trace, tools) through one endpoint, and the
 * rows of the releases this worker keeps for browsing.
 */
import type { Dataset } from '../src/core/data/dataset.ts';
import { listMethods } from '../src/core/methods/registry.ts';
import { METRICS } from '../src/core/metrics/registry.ts';
import { runExtra } from '../src/core/run/runExtra.ts';
import { runMethod, type RunHooks } from '../src/core/run/runMethod.ts';
import { publishRun, relationName } from '../src/core/run/publishRun.ts';
import type { RunProgress } from '../src/core/run/runPhases.ts';
import { exportRelease } from '../src/core/release/export/exportRelease.ts';
import { roundTask, startRounds } from '../src/core/run/runRounds.ts';
import type { RoundStep } from '../src/core/methods/types.ts';
import { groupRowCount, groupRowsPage } from '../src/core/release/groupRows.ts';
import { parseRelease } from '../src/core/release/parseRelease.ts';
import type { Release } from '../src/core/release/types.ts';
import { PROGRESS_INTERVAL_MS } from './engineDatasets.ts';
import type { FinishedRounds, Round, RunFiles, RunJobs, TaskPort } from './engineTypes.ts';
import { BlobSink, toRunFile } from './runFiles.ts';

/** Releases a worker keeps for browsing (the latest few; older ones are dropped). */
const KEPT_RELEASES = 6;

export function runJobs(get: (id: string) => Dataset): RunJobs {
  /** Kept releases, with the name their exported data gives the relation. */
  const releases = new Map<string, { release: Release; relation: string }>();
  let releaseCount = 0;
  // Keys unique across page loads: a run saved before a reload never finds another release.
  const engineKey = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const keep = (release: Release, relation: string): string => {
    const key = `release-${engineKey}-${++releaseCount}`;
    releases.set(key, { release, relation });
    for (const old of releases.keys()) if (releases.size > KEPT_RELEASES) releases.delete(old);
    return key;
  };
  /** Runs in rounds started here, by token: their current step (removed once finished). */
  const sessions = new Map<string, RoundStep>();
  /** The results of a run's current round as they come back on their ports (postTasks), in order. */
  const arrivals = new Map<string, { results: Promise<unknown>[]; ports: TaskPort[] }>();
  let sessionCount = 0;
  const round = (token: string, step: RoundStep): Round => {
    sessions.set(token, step);
    return 'tasks' in step ? { token, taskCount: step.tasks.length } : { token, done: true };
  };
  const waiting = (token: string) => {
    const step = sessions.get(token);
    if (!step || !('tasks' in step)) throw new Error(`no run '${token}' waiting for a round in this worker`);
    return step;
  };
  /** The hooks that finish a run whose rounds are done: its result, and the time they took. */
  const finished = (rounds?: FinishedRounds): Pick<RunHooks, 'result' | 'elapsedMs'> => {
    if (!rounds) return {};
    const step = sessions.get(rounds.token);
    sessions.delete(rounds.token);
    if (!step || !('result' in step)) throw new Error(`no finished run '${rounds.token}' in this worker`);
    return { result: step.result, elapsedMs: rounds.elapsedMs };
  };

  return {
    methods: () => listMethods(),

    metrics: () =>
      METRICS.map(
        ({
          id,
          label,
          source,
          description,
          defaultOn,
          kinds,
          defaultKinds,
          linksRows,
          values,
          valueLabels,
        }) => ({
          id,
          label,
          source,
          description,
          defaultOn,
          kinds,
          ...(defaultKinds && { defaultKinds }),
          ...(linksRows && { linksRows }),
          values,
          ...(valueLabels && { valueLabels }),
        }),
      ),

    anonymize(id, request, onProgress, rounds) {
      const progress = throttled(onProgress);
      const started = performance.now();
      const dataset = get(id);
      // The data in its format is written when the page asks (exportKept), not here: on 410,201
      // rows gray-cahd's csv-long export was 89 MB and 4.7 s (with its Blob) of a 30 s wait.
      // The release JSON and the audit go into Blob parts as they are written (runFiles.ts).
      const release = new BlobSink();
      const audit = new BlobSink();
      const run = publishRun(
        dataset,
        request,
        { progress, ...finished(rounds) },
        { exportFormat: null, output: { release, audit } },
      );
      const files: RunFiles = {
        release: release.blob('application/json'),
        audit: audit.blob('application/json'),
        exportFormat: run.exportFormat,
      };
      // Making the Blobs is publishing too: the whole wait is in total_ms.
      const record = { ...run.record, total_ms: performance.now() - started + (rounds?.elapsedMs ?? 0) };
      return {
        record,
        summary: run.view,
        examples: run.examples,
        files,
        ...(run.rulesJson && { rules: new Blob([run.rulesJson], { type: 'application/json' }) }),
        ...(run.rulesPrivate && { rulesPrivate: run.rulesPrivate }),
        releaseKey: keep(run.release, relationName(dataset, run.release)),
      };
    },

    exportKept(releaseKey, format) {
      const kept = releases.get(releaseKey);
      return kept ? exportRelease(kept.release, format, kept.relation).map(toRunFile) : null;
    },

    async exportRelease(json, format) {
      const release = parseRelease(await json.text(), 'release.json');
      return exportRelease(release, format).map(toRunFile);
    },

    record: (id, request, onProgress, rounds) =>
      runMethod(get(id), request, {
        progress: throttled(onProgress, SWEEP_PROGRESS_INTERVAL_MS),
        peakBytes,
        ...finished(rounds),
      }).record,

    groupRows(releaseKey, from, count) {
      const release = releases.get(releaseKey)?.release;
      if (!release || release.kind !== 'groups') return null;
      return { total: groupRowCount(release), rows: groupRowsPage(release, from, count) };
    },

    startRounds(id, request, onProgress) {
      // The method's steps of a run in rounds are its 'running' phase, as runMethod reports them.
      const progress = throttled(onProgress);
      const step = startRounds(get(id), request, { progress: (f, label) => progress(f, 'running', label) });
      return round(`rounds-${++sessionCount}`, step);
    },

    postTasks(token, ports) {
      const { tasks } = waiting(token);
      if (ports.length !== tasks.length)
        throw new Error(`run '${token}' has ${tasks.length} tasks, not ${ports.length}`);
      const results = ports.map((port, i) => {
        const result = new Promise<unknown>((resolve) =>
          port.addEventListener(
            'message',
            (event) => {
              port.close();
              resolve(event.data);
            },
            { once: true },
          ),
        );
        port.start();
        port.postMessage(tasks[i]);
        return result;
      });
      arrivals.set(token, { results, ports });
    },

    portTask: (id, request, port) =>
      new Promise<void>((resolve, reject) => {
        port.addEventListener(
          'message',
          (event) => {
            try {
              port.postMessage(roundTask(get(id), request, event.data));
              resolve();
            } catch (error) {
              reject(error);
            } finally {
              port.close();
            }
          },
          { once: true },
        );
        port.start();
      }),

    async nextRound(token) {
      const step = waiting(token);
      const posted = arrivals.get(token);
      if (!posted) throw new Error(`run '${token}' has not posted its tasks`);
      const partials = await Promise.all(posted.results);
      arrivals.delete(token);
      sessions.delete(token);
      return round(token, step.next(partials));
    },

    dropRounds: (token) => {
      sessions.delete(token);
      for (const port of arrivals.get(token)?.ports ?? []) port.close();
      arrivals.delete(token);
    },

    runTask: (id, request, task) => roundTask(get(id), request, task),

    extra: (id, request) => runExtra(get(id), request),
  };
}

/**
 * How often a sweep's run reports progress (ms): a sweep shows a bar per running run, and each
 * report is a message to the main thread and a re-render there; at PROGRESS_INTERVAL_MS two runs
 * at once took the page's main thread (with painting) about a fifth of a core that the second
 * worker needed (issue 18).
 */
const SWEEP_PROGRESS_INTERVAL_MS = 250;

/**
 * Progress passed on at most every `intervalMs`, so messages never flood the main thread; the
 * start of a new phase always goes through (the page shows every phase).
 */
function throttled(onProgress: RunProgress, intervalMs = PROGRESS_INTERVAL_MS): RunProgress {
  let lastReport = 0;
  let lastPhase: string | undefined;
  return (fraction, phase, step) => {
    const now = performance.now();
    if (phase !== lastPhase || now - lastReport > intervalMs) {
      lastReport = now;
      lastPhase = phase;
      void onProgress(fraction, phase, step);
    }
  };
}

/** The process's peak memory in Node worker threads (resourceUsage); absent in browsers. */
const nodeProcess = (globalThis as { process?: { resourceUsage?: () => { maxRSS: number } } }).process;
const peakBytes = nodeProcess?.resourceUsage ? () => nodeProcess.resourceUsage!().maxRSS * 1024 : undefined;
