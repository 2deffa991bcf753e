/**
 * The scale bench's browser part as a table (scale.ts runs it with browserScale.ts): the
 * Netflix-shaped file in one Chromium tab against the CLI figures of the same file in the same
 * pass, the page's memory and main-thread long tasks, and the 16-run sweep on 1 and 2 workers.
 */
import {
  loadComparisons,
  PAGE_SWEEPS,
  sweepSpeedUp,
  type PageSweep,
  type PageSweeps,
} from './browserScale.ts';
import { s, type Outcome, type SavedScale } from './scale.ts';

/** The browser part (browserScale.ts), against the CLI figures of the same file in this pass. */
export function pageLines(
  saved: NonNullable<SavedScale['page']>,
  cliOf: (label: string) => Outcome | undefined,
  statsMs: number,
): string[] {
  const page = saved.result;
  const rows = page.runs.map((run) => {
    const cliRun = cliOf(run.label);
    const done = cliRun?.status === 'done';
    const ratio = done ? (run.wallMs / cliRun.totalMs).toFixed(2) : '';
    const measured = Number.isFinite(run.runtimeMs);
    const methodRatio = done && measured ? (run.runtimeMs / cliRun.methodMs!).toFixed(2) : '';
    return `| ${run.label} | ${measured ? s(run.runtimeMs) : '?'} | ${s(run.wallMs)} | ${s(cliRun?.methodMs)} | ${s(cliRun?.totalMs)} | **${ratio}** | ${methodRatio} |`;
  });
  const traced = page.runs.flatMap((run) => run.tracedTasks ?? []);
  const loadTraced = page.loadTasks ?? [];
  const mostCpu = Math.max(0, ...traced.map((t) => t.cpuMs));
  const longest = Math.max(0, ...page.longTasks);
  const over200 = page.longTasks.filter((t) => t > 200).length;
  const lines = [
    '',
    '### The same file in one Chromium tab',
    '',
    `Built app, cross-origin isolated: ${page.crossOriginIsolated}; the pool has as many workers as hardware threads. Each run from`,
    'the Anonymize form, timed from the click to its verified row (run, verification, default metrics, release',
    'kept for the viewer); "page / CLI" compares that with the whole `anonymize` process above, "method" the',
    `two runtime_ms. Memory: resident memory of this Chromium's processes, peak. Started ${saved.at.slice(0, 16)} UTC, load ${saved.load.toFixed(1)}.`,
    '',
    '| run | page method s | page click to verified s | CLI method s | CLI process s | page / CLI (target 1.5) | method page / CLI |',
    '|---|---|---|---|---|---|---|',
    ...loadComparisons(saved, statsMs).map(
      (l) =>
        `| load (${l.what}) | | ${s(l.pageMs)} | | ${s(l.cliMs)} (${l.cli}, ${l.when}) | **${l.cliMs ? (l.pageMs / l.cliMs).toFixed(2) : '?'}** | |`,
    ),
    ...rows,
    '',
    '| measure | value |',
    '|---|---|',
    `| peak memory of the browser, MB (target < 4,000) | **${page.peakMb.toFixed(0)}** |`,
    `| main-thread long tasks (> 50 ms) | ${page.longTasks.length} |`,
    `| longest main-thread task, ms (target < 200) | **${longest.toFixed(0)}** |`,
    `| main-thread tasks over 200 ms | ${over200} |`,
    ...(traced.length > 0 || page.runs.some((run) => run.tracedTasks)
      ? [
          `| most CPU time in one main-thread task during the runs, ms (Chromium trace; the rest of a task's length is the wait for a core) | **${mostCpu.toFixed(0)}** |`,
          `| main-thread tasks during the runs with over 200 ms of CPU time | ${traced.filter((t) => t.cpuMs > 200).length} |`,
        ]
      : []),
    ...(page.loadTasks
      ? [
          `| most CPU time in one main-thread task during the load, ms (trace) | **${Math.max(0, ...loadTraced.map((t) => t.cpuMs)).toFixed(0)}** |`,
          `| main-thread tasks over 200 ms during the load (trace): wall / CPU ms | ${
            loadTraced
              .filter((t) => t.wallMs > 200)
              .map((t) => `${t.wallMs.toFixed(0)} / ${t.cpuMs.toFixed(0)}`)
              .join(', ') || 'none'
          } |`,
        ]
      : []),
    `| observer saw a deliberate 150 ms task (calibration) | ${page.observerCalibrated ? 'yes' : 'NO'} |`,
  ];
  if (saved.sweep) lines.push(...sweepLines(saved.sweep));
  lines.push('');
  return lines;
}

/**
 * The 16-run sweep in the page on 1 and 2 workers: wall clock, and the CPU time of the page's
 * threads from a trace of each (traceTasks.ts threadCpu), so that a speed-up cut short by the
 * page's own work (main thread, garbage collection, compilers) shows apart from one cut short by
 * other processes on the machine (the load average).
 */
function sweepLines(sweep: PageSweeps): string[] {
  const row = (runs: string, workers: number, r: PageSweep) => {
    const total = r.cpu.workers + r.cpu.main + r.cpu.pool + r.cpu.other;
    const compile = r.cpu.compile === undefined ? '' : s(r.cpu.compile);
    return `| ${runs} | ${workers} | ${s(r.wallMs)} | ${s(r.cpu.workers)} | ${s(r.cpu.main)} | ${s(r.cpu.pool)} | ${compile} | ${s(r.cpu.other)} | ${(total / r.wallMs).toFixed(2)} | ${r.load[0].toFixed(1)} / ${r.load[1].toFixed(1)} |`;
  };
  const speedUp = (pair: { one: PageSweep; two: PageSweep }) => sweepSpeedUp(pair).toFixed(2);
  return [
    '',
    `16-run sweeps in the page (BMS1: PTA and COAT, k in {5, 10, 20, 40}, seeds 1-2) on 1 and 2 workers: short runs (\`${PAGE_SWEEPS.short}\`, 0.5-1 s a run) **${speedUp(sweep)}x** (target 1.7x)${sweep.longer ? `, longer runs (\`${PAGE_SWEEPS.longer}\`, about 3 s a run) **${speedUp(sweep.longer)}x**` : ''}. CPU seconds of the page's threads during each sweep (Chromium trace): its workers, its main thread, its thread pool (V8's garbage collection and optimizing compilers) and of that the compilers' tasks (TurboFan and Maglev), the rest; "cores used" is their sum over the wall clock (at most 2 here, less when other processes hold a core: the load average on 2 cores, at start / end).`,
    '',
    '| runs | workers | wall s | workers CPU s | main CPU s | pool CPU s | of which compilers s | other CPU s | cores used | load average |',
    '|---|---|---|---|---|---|---|---|---|---|',
    row('short', 1, sweep.one),
    row('short', 2, sweep.two),
    ...(sweep.longer ? [row('longer', 1, sweep.longer.one), row('longer', 2, sweep.longer.two)] : []),
  ];
}
