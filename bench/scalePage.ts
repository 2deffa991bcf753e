/**
 * The scale bench's browser part as a table (scale.ts runs it with browserScale.ts): the
 * Netflix-shaped file in one Chromium tab against the CLI figures of the same file in the same
 * pass, the page's memory and main-thread long tasks, and the 16-run sweep on 1 and 2 workers.
 */
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
    `| load (file to stats + risk chart) | | ${s(page.loadMs)} | | ${s(statsMs)} (\`stats\`) | **${(page.loadMs / statsMs).toFixed(2)}** | |`,
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
    `| observer saw a deliberate 150 ms task (calibration) | ${page.observerCalibrated ? 'yes' : 'NO'} |`,
  ];
  if (saved.sweep) {
    const { one, two } = saved.sweep;
    lines.push(
      `| 16-run sweep in the page (BMS1: PTA and COAT, k in {5, 10, 20, 40}, seeds 1-2), 1 / 2 workers, s | ${s(one)} / ${s(two)}: **${(one / two).toFixed(2)}x** (target 1.7x) |`,
    );
  }
  lines.push('');
  return lines;
}
