/**
 * `npm run bench -- teach`: how long the Teach tab takes to show the next step, in the built app in
 * Debian's Chromium, on 300-row files (the teaching limit): the first 300 rows of BMS1 (sparse) and
 * of chess (dense, 37 items a row), both from test/data. For each method the trace is computed in
 * the page's worker, then every step change is made with the → key from inside the page and timed
 * there: to the first animation frame after the key (React's render and commit done) and to the
 * frame after it (the step painted; this includes up to one frame of waiting); a Chromium trace of
 * each walk gives the main thread's CPU time (per step change, and the most in one task), which
 * the machine's load does not inflate as it does the wall clock. Also the trace's
 * time to compute it (from the link to the first step shown). Needs `vite build` first; serves dist/ with `vite preview`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { loadavg } from 'node:os';
import type { Browser, Page } from '@playwright/test';
import { serveApp, waitForServer } from './browserPage.ts';
import { threadCpu, tracedTasks } from './traceTasks.ts';

interface StepTimes {
  method: string;
  file: string;
  steps: number;
  traceMs: number;
  renderMs: number[];
  paintedMs: number[];
  /** Main-thread CPU over the walk per step change, and the most CPU in one task (a Chromium trace). */
  cpuPerStepMs: number;
  maxTaskCpuMs: number;
}

const RUNS: { method: string; params: string }[] = [
  { method: 'gray-cahd', params: 'p=3&sensitive-kind=band&sensitive=10' },
  { method: 'perm-mondrian', params: 'p=3&sensitive-kind=band&sensitive=10' },
  { method: 'nn', params: 'p=3&sensitive-kind=band&sensitive=10' },
  { method: 'pta', params: 'k=3' },
  { method: 'patternka', params: 'k=3' },
  { method: 'multi-anatomy', params: 'l=2&diversity=distinct' },
  { method: 'coat', params: 'k=3&m=2' },
  { method: 'apriori-km', params: 'k=3&m=2' },
];

/** The first 300 rows of a gzip'd FIMI file of test/data, written under .tmp/bench. */
function head300(name: string): string {
  const rows = gunzipSync(readFileSync(`test/data/${name}.dat.gz`))
    .toString('utf8')
    .split('\n')
    .slice(0, 300);
  mkdirSync('.tmp/bench', { recursive: true });
  const path = `.tmp/bench/${name}-300.dat`;
  writeFileSync(path, rows.join('\n') + '\n');
  return path;
}

async function stepThrough(
  browser: Browser,
  page: Page,
  file: string,
  method: string,
  params: string,
): Promise<StepTimes> {
  const name = file.split('/').pop()!;
  const started = Date.now();
  await page.evaluate(
    (hash) => (location.hash = hash),
    `#teach&dataset=${encodeURIComponent(name)}&method=${method}&${params}&seed=1&step=1`,
  );
  const counter = page.getByTestId('teach-step');
  await counter.filter({ hasText: /^step 1 of \d+$/ }).waitFor({ timeout: 120_000 });
  const traceMs = Date.now() - started;
  const steps = Number(/of (\d+)/.exec((await counter.textContent()) ?? '')![1]);
  const renderMs: number[] = [];
  const paintedMs: number[] = [];
  await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel'] });
  await page.evaluate(() => console.timeStamp('teach-walk-start'));
  for (let step = 2; step <= steps; step++) {
    const [render, painted] = await page.evaluate(
      () =>
        new Promise<[number, number]>((resolve) => {
          const t0 = performance.now();
          window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
          requestAnimationFrame(() => {
            const t1 = performance.now();
            requestAnimationFrame(() => resolve([t1 - t0, performance.now() - t0]));
          });
        }),
    );
    const shown = await counter.textContent();
    if (shown !== `step ${step} of ${steps}`)
      throw new Error(`${method}: expected step ${step}, the page shows ${shown}`);
    renderMs.push(render);
    paintedMs.push(painted);
  }
  await page.evaluate(() => console.timeStamp('teach-walk-end'));
  const trace = await browser.stopTracing();
  const cpu = threadCpu(trace, 'teach-walk-start', 'teach-walk-end');
  const tasks = tracedTasks(trace, 'teach-walk-start', 'teach-walk-end', 0);
  return {
    method,
    file: name,
    steps,
    traceMs,
    renderMs,
    paintedMs,
    cpuPerStepMs: cpu.main / Math.max(1, steps - 1),
    maxTaskCpuMs: Math.max(0, ...tasks.map((t) => t.cpuMs)),
  };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

export async function benchTeach(port: number): Promise<string> {
  const files = [head300('BMS1'), head300('chess')];
  const served = await serveApp(port);
  const results: StepTimes[] = [];
  try {
    const page = await served.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await waitForServer(page, served.url);
    await page.getByTestId('stat-transactions').waitFor();
    for (const file of files) {
      await page.getByTestId('tab-overview').click();
      await page.getByTestId('file-input').setInputFiles(file);
      await page.getByTestId('stat-transactions').filter({ hasText: '300' }).waitFor();
      for (const run of RUNS) {
        console.error(`teach: ${run.method} on ${file}…`);
        results.push(await stepThrough(served.browser, page, file, run.method, run.params));
      }
    }
  } finally {
    await served.close();
  }
  const all = results.flatMap((r) => r.paintedMs);
  const rows = results.map((r) => {
    const slowest = r.paintedMs.indexOf(Math.max(...r.paintedMs));
    return `| ${r.method} | ${r.file} | ${r.steps} | ${r.traceMs} | ${r.cpuPerStepMs.toFixed(1)} | **${r.maxTaskCpuMs.toFixed(1)}** | ${quantile(r.renderMs, 0.5).toFixed(1)} | ${quantile(r.paintedMs, 0.5).toFixed(1)} | ${quantile(r.paintedMs, 0.95).toFixed(1)} | ${r.paintedMs[slowest].toFixed(1)} (to step ${slowest + 2}) |`;
  });
  return [
    '## Teaching stepper: time per step change in Chromium (300-row files)',
    '',
    `The built app in Debian's Chromium (1400 x 1000), the first 300 rows of BMS1 and of chess loaded through the file input, each method's trace computed in the page's worker, then every step change made with the → key from inside the page: "render" is the time to the first animation frame after the key (React's render and commit), "painted" to the frame after it (the step drawn on screen, up to one frame of waiting included). The issue's bound: 200 ms per step change. Wall-clock times grow with the wait for a core (load ${loadavg()[0].toFixed(1)} on this 2-core machine when this section ended); the main thread's CPU time, from a Chromium trace of each walk, does not.`,
    '',
    '| method | file | steps | trace ms (link to step 1) | main-thread CPU ms per step | most CPU in one task, ms | render median ms | painted median ms | painted p95 ms | painted max ms (at) |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Over all ${all.length} step changes: painted median ${quantile(all, 0.5).toFixed(1)} ms, p95 ${quantile(all, 0.95).toFixed(1)} ms, max ${Math.max(0, ...all).toFixed(1)} ms (wall clock). The page's own work: main-thread CPU per step change at most ${Math.max(...results.map((r) => r.cpuPerStepMs)).toFixed(1)} ms (mean over a method's walk), and no main-thread task took more than ${Math.max(...results.map((r) => r.maxTaskCpuMs)).toFixed(1)} ms of CPU (a Chromium trace of each walk, categories devtools.timeline and toplevel, bench/traceTasks.ts). The wall-clock maxima are the page waiting for a core on this shared machine.`,
    '',
  ].join('\n');
}
