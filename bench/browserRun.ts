/**
 * Runs methods on a large FIMI file in the built app in Debian's Chromium and watches the whole
 * wait (issue 16): the phases the page shows (running, verifying, measuring, publishing), the time
 * from the click to the result in the run table against the total the page shows (total_ms), and
 * every main-thread task over 50 ms from click to result (PerformanceObserver 'longtask', calibrated
 * with a deliberate 250 ms task); a Chromium trace of the same window gives each long task's CPU
 * time (traceTasks.ts), which tells the page's work from the wait for a core. Needs `vite build` first; serves dist/ with `vite preview`.
 */
import type { Page } from '@playwright/test';
import { blockMainThread, serveApp, waitForServer } from './browserPage.ts';
import { tracedTasks, type TracedTask } from './traceTasks.ts';

export interface BrowserRunResult {
  method: string;
  params: Record<string, string>;
  /** Phases the progress showed, in order. */
  phases: string[];
  clickToResultMs: number;
  /** runtime_ms and total_ms as the run table shows them. */
  runtimeShownMs: number;
  totalShownMs: number;
  longTasks: number[];
  /** The same window's main-thread tasks over 50 ms in a Chromium trace, with the CPU time of each. */
  tracedTasks: TracedTask[];
  /** When each phase began and each long task started, ms after the click (to find a long task's cause). */
  timeline: string[];
}

export interface BrowserRunReport {
  crossOriginIsolated: boolean;
  workers: string;
  loadMs: number;
  runs: BrowserRunResult[];
  /** Whether a deliberate 250 ms main-thread task was seen by the observer (it is listening). */
  observerCalibrated: boolean;
}

interface Watch {
  longTasks: { start: number; duration: number }[];
  phases: string[];
  phaseAt: number[];
  clickAt: number;
  resultAt: number;
}

export async function browserRun(
  file: string,
  expectedTransactions: string,
  runs: { method: string; params: Record<string, string> }[],
  port = 4180,
  /** Where to save a full-page screenshot of each run's detail (none when absent). */
  shotDir?: string,
): Promise<BrowserRunReport> {
  const served = await serveApp(port);
  const { browser } = served;
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await waitForServer(page, served.url);
    await page.getByTestId('stat-transactions').waitFor();
    const loadStarted = Date.now();
    await page.getByTestId('file-input').setInputFiles(file);
    await page
      .getByTestId('stat-transactions')
      .filter({ hasText: expectedTransactions })
      .waitFor({ timeout: 600_000 });
    const loadMs = Date.now() - loadStarted;
    const workers = (await page.locator('.topbar .badge').first().textContent()) ?? '';
    await page.getByTestId('tab-anonymize').click();
    await installWatch(page);
    const results: BrowserRunResult[] = [];
    for (const run of runs) {
      await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel'] });
      const result = await runOne(page, run.method, run.params);
      result.tracedTasks = tracedTasks(await browser.stopTracing(), 'txanon-click', 'txanon-end');
      results.push(result);
    }
    const calibrated = await calibrate(page);
    if (shotDir) await screenshotRuns(page, runs, shotDir);
    return {
      crossOriginIsolated: await page.evaluate(() => crossOriginIsolated),
      workers,
      loadMs,
      runs: results,
      observerCalibrated: calibrated,
    };
  } finally {
    await served.close();
  }
}

/** Long tasks, phases and the moment the run table grows, all recorded in the page itself. */
async function installWatch(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { watch: Watch };
    w.watch = { longTasks: [], phases: [], phaseAt: [], clickAt: 0, resultAt: 0 };
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => w.watch.longTasks.push({ start: e.startTime, duration: e.duration })),
    ).observe({ type: 'longtask' });
    let rows = document.querySelectorAll('[data-testid="run-row"]').length;
    new MutationObserver(() => {
      const phase = document.querySelector('[data-testid="run-progress"]')?.getAttribute('data-phase');
      if (phase && w.watch.phases[w.watch.phases.length - 1] !== phase) {
        w.watch.phases.push(phase);
        w.watch.phaseAt.push(performance.now());
      }
      const now = document.querySelectorAll('[data-testid="run-row"]').length;
      if (now > rows && w.watch.resultAt === 0) {
        w.watch.resultAt = performance.now();
        // The end of the watched window, for the trace (the observer's window ends there too).
        setTimeout(() => console.timeStamp('txanon-end'), 2000);
      }
      rows = now;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

async function runOne(page: Page, method: string, params: Record<string, string>): Promise<BrowserRunResult> {
  await page.getByTestId('method-select').selectOption(method);
  for (const [name, value] of Object.entries(params)) await page.getByTestId(`param-${name}`).fill(value);
  const before = await page.getByTestId('run-row').count();
  // The click from inside the page, timed there (a click through the debugger protocol is not a task).
  await page.evaluate(() => {
    const w = window as unknown as { watch: Watch };
    w.watch.phases = [];
    w.watch.phaseAt = [];
    w.watch.resultAt = 0;
    setTimeout(() => {
      console.timeStamp('txanon-click');
      w.watch.clickAt = performance.now();
      (document.querySelector('[data-testid="run-method"]') as HTMLButtonElement).click();
    }, 0);
  });
  await page.getByTestId('run-row').nth(before).waitFor({ timeout: 1_800_000 });
  await page.waitForTimeout(2500);
  const watch = await page.evaluate(() => (window as unknown as { watch: Watch }).watch);
  const row = page.getByTestId('run-row').nth(before);
  const runtimeShownMs = Number(await row.getByTestId('run-runtime').textContent());
  const totalShownMs = Number(await row.getByTestId('run-total').textContent());
  // Up to 2 s after the result: what the page does once it lands counts too.
  const during = watch.longTasks.filter((t) => t.start >= watch.clickAt && t.start <= watch.resultAt + 2000);
  return {
    method,
    params,
    phases: watch.phases,
    clickToResultMs: watch.resultAt - watch.clickAt,
    runtimeShownMs,
    totalShownMs,
    longTasks: during.map((t) => t.duration),
    tracedTasks: [],
    timeline: [
      ...watch.phases.map((phase, i) => ({ at: watch.phaseAt[i] - watch.clickAt, text: phase })),
      ...during.map((t) => ({ at: t.start - watch.clickAt, text: `long task ${t.duration.toFixed(0)} ms` })),
      { at: watch.resultAt - watch.clickAt, text: 'result in the table' },
    ]
      .sort((a, b) => a.at - b.at)
      .map((e) => `${e.at.toFixed(0)} ms: ${e.text}`),
  };
}

/**
 * Each landed run selected in the table, the page saved as `browserrun-<method>.png` and its
 * release view (chart and table) as `browserrun-<method>-view.png`.
 */
async function screenshotRuns(page: Page, runs: { method: string }[], dir: string): Promise<void> {
  for (const [i, run] of runs.entries()) {
    await page.getByTestId('run-row').nth(i).click();
    await page.getByTestId('run-command').waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${dir}/browserrun-${run.method}.png`, fullPage: true });
    await page
      .getByTestId('run-detail')
      .locator('.charts')
      .first()
      .screenshot({ path: `${dir}/browserrun-${run.method}-view.png` });
  }
}

/** A task made long on purpose (250 ms) must show up, or "no long task" means nothing. */
async function calibrate(page: Page): Promise<boolean> {
  const seen = await page.evaluate(() => (window as unknown as { watch: Watch }).watch.longTasks.length);
  await blockMainThread(page, 250);
  return page.evaluate(
    (count) =>
      (window as unknown as { watch: Watch }).watch.longTasks.slice(count).some((t) => t.duration >= 240),
    seen,
  );
}
