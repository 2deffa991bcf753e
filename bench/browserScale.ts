/**
 * The Netflix-shaped file (bench/scale.ts) in one Chromium tab of the built app, and a 16-run sweep
 * in the page on one and on two workers.
 * - Scale: the file dropped on the page (until the stats and the risk chart show), then gray-cahd
 *   (p = 10, 10 random sensitive items), PTA k = 100 and PatternKa k = 100 from the Anonymize form,
 *   each timed from the click to its verified run in the table (the page's whole pipeline: the run,
 *   verification, default metrics, release kept for the viewer). Main-thread long tasks are
 *   recorded throughout; memory is the resident memory of this Chromium's processes (renderer with
 *   its workers, GPU and browser processes), sampled every half second, the peak kept.
 * - Sweeps: BMS1, PTA and COAT, k in {5, 10, 20, 40}, seeds 1-2 (16 runs), from the Experiment
 *   form: short runs (PTA 600 segments, COAT m = 2; 0.5-1 s a run) and longer ones (PTA 200
 *   segments, COAT m = 3; about 3 s a run), so that a worker's start (its compilers warming up on
 *   code the other worker compiled too) shows apart from the runs themselves.
 *   navigator.hardwareConcurrency is set to 1, then 2, before the app starts, so the pool has that
 *   many workers (workers/pool.ts defaultPoolSize). Each sweep is traced: the CPU time of the
 *   workers, the main thread, V8's compilers and the page's other threads, beside the wall clock.
 * The load is traced too: each main-thread task's CPU time beside its wall-clock length.
 */
import type { Page } from '@playwright/test';
import {
  longTasks,
  memoryPeak,
  observerCalibrated,
  serveApp,
  waitForServer,
  loadFileTimes,
  type Served,
} from './browserPage.ts';
import { loadavg } from 'node:os';
import { COMPILE_CATEGORIES, threadCpu, tracedTasks, type ThreadCpu, type TracedTask } from './traceTasks.ts';

export interface PageRun {
  label: string;
  /** Click to verified run in the table, ms. */
  wallMs: number;
  /** The run's runtime_ms as the page shows it. */
  runtimeMs: number;
  /** Main-thread tasks over 50 ms from the click to the verified row, from a Chromium trace. */
  tracedTasks?: TracedTask[];
}

export interface BrowserScaleResult {
  /** From the file dropped until its risk chart shows. */
  loadMs: number;
  /** From the file dropped until its stats show (absent from passes saved before it). */
  statsShownMs?: number;
  /** Main-thread tasks over 50 ms during the load, from a Chromium trace. */
  loadTasks?: TracedTask[];
  runs: PageRun[];
  longTasks: number[];
  peakMb: number;
  crossOriginIsolated: boolean;
  observerCalibrated: boolean;
}

/** The last run's runtime_ms as its row in the runs table shows it (data-testid run-runtime). */
const runtimeOfLastRow = async (page: Page) =>
  parseFloat((await page.getByTestId('run-runtime').last().textContent()) ?? '');

async function runInPage(
  page: Page,
  label: string,
  method: string,
  setup: (page: Page) => Promise<void>,
): Promise<PageRun> {
  await page.getByTestId('method-select').selectOption(method);
  await setup(page);
  const before = await page.getByTestId('run-row').count();
  // A trace of the run: each main-thread task's CPU time tells the page's own work from the wait
  // for a core on a loaded machine (traceTasks.ts).
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel'] });
  await page.evaluate(() => console.timeStamp('txanon-click'));
  const started = Date.now();
  await page.getByTestId('run-method').click();
  await page.getByTestId('run-row').nth(before).waitFor({ timeout: 1_200_000 });
  await page.getByTestId('run-verified').waitFor({ timeout: 60_000 });
  const wallMs = Date.now() - started;
  await page.evaluate(() => console.timeStamp('txanon-end'));
  const tasks = tracedTasks(await browser.stopTracing(), 'txanon-click', 'txanon-end');
  return { label, wallMs, runtimeMs: await runtimeOfLastRow(page), tracedTasks: tasks };
}

export async function browserScale(
  file: string,
  transactions: string,
  port: number,
): Promise<BrowserScaleResult> {
  const served = await serveApp(port);
  const memory = memoryPeak();
  try {
    const page = await served.browser.newPage();
    await waitForServer(page, served.url);
    await served.browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel'] });
    await page.evaluate(() => console.timeStamp('txanon-load'));
    const { statsMs: statsShownMs, riskMs: loadMs } = await loadFileTimes(page, file, transactions, 600_000);
    await page.evaluate(() => console.timeStamp('txanon-loaded'));
    const loadTasks = tracedTasks(await served.browser.stopTracing(), 'txanon-load', 'txanon-loaded');
    await page.getByTestId('tab-anonymize').click();
    const runs = [
      await runInPage(page, 'gray-cahd p=10', 'gray-cahd', async (p) => {
        await p.getByTestId('param-p').fill('10');
        await p.getByTestId('sensitive-mode').selectOption('random');
      }),
      await runInPage(page, 'pta k=100', 'pta', (p) => p.getByTestId('param-k').fill('100')),
      await runInPage(page, 'patternka k=100', 'patternka', (p) => p.getByTestId('param-k').fill('100')),
    ];
    const tasks = await longTasks(page);
    return {
      loadMs,
      statsShownMs,
      loadTasks,
      runs,
      longTasks: tasks,
      peakMb: memory.stop(),
      crossOriginIsolated: await page.evaluate(() => crossOriginIsolated),
      observerCalibrated: await observerCalibrated(page),
    };
  } finally {
    memory.stop();
    await served.close();
  }
}

/** One part of the page's load against the CLI process doing the same work. */
export interface LoadComparison {
  what: string;
  pageMs: number;
  cliMs: number | undefined;
  /** The CLI process compared with, and when it was timed. */
  cli: string;
  when: string;
}

/**
 * The load against the CLI doing the same work, timed just before the page: until the stats show
 * against a `stats` process, until the risk chart shows against a `risk` process (parse and risk).
 * Passes saved before those were timed: the risk chart against the `stats` process timed with the
 * methods (`statsAboveMs`).
 */
export function loadComparisons(
  page: { result: BrowserScaleResult; statsMs?: number; riskMs?: number },
  statsAboveMs: number | undefined,
): LoadComparison[] {
  const { result } = page;
  if (page.statsMs === undefined || page.riskMs === undefined || result.statsShownMs === undefined)
    return [
      {
        what: 'file to stats + risk chart',
        pageMs: result.loadMs,
        cliMs: statsAboveMs,
        cli: '`stats`',
        when: 'above',
      },
    ];
  return [
    {
      what: 'file to stats',
      pageMs: result.statsShownMs,
      cliMs: page.statsMs,
      cli: '`stats`',
      when: 'just before the page',
    },
    {
      what: 'file to risk chart',
      pageMs: result.loadMs,
      cliMs: page.riskMs,
      cli: '`risk`',
      when: 'just before the page',
    },
  ];
}

/** The sweeps' fixed params (Experiment form): short runs, then longer runs of the same methods. */
export const PAGE_SWEEPS = { short: 'segments=600, m=2', longer: 'segments=200, m=3' } as const;

/** The short sweep on 1 and 2 workers (`one`, `two`), and the longer one. */
export interface PageSweeps {
  one: PageSweep;
  two: PageSweep;
  longer?: { one: PageSweep; two: PageSweep };
}

/** How much faster a sweep ran on 2 workers than on 1: the ratio of the wall clocks. */
export function sweepSpeedUp(pair: { one: PageSweep; two: PageSweep }): number {
  return pair.one.wallMs / pair.two.wallMs;
}

/** One sweep in the page: its wall clock, the CPU of the page's threads, the machine's load. */
export interface PageSweep {
  wallMs: number;
  cpu: ThreadCpu;
  /** 1-minute load average at the start and at the end. */
  load: [number, number];
}

/**
 * The 16-run sweep in a fresh page whose pool has `workers` workers, traced (traceTasks.ts
 * threadCpu): on a shared machine the wall clock alone cannot tell a page that serializes from a
 * core taken by another process.
 */
async function sweepInPage(served: Served, bms1: string, workers: number, fixed: string): Promise<PageSweep> {
  const context = await served.browser.newContext();
  // As a string: a function would be sent as its source, with what tsx adds to it.
  await context.addInitScript({
    content: `Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => ${workers}, configurable: true });`,
  });
  const page = await context.newPage();
  try {
    await waitForServer(page, served.url);
    await page.getByTestId('stat-transactions').waitFor();
    await page.getByTestId('file-input').setInputFiles(bms1);
    await page.getByTestId('stat-transactions').filter({ hasText: '59,602' }).waitFor({ timeout: 120_000 });
    await page.getByTestId('tab-experiment').click();
    for (const id of ['gray-cahd', 'nn', 'anatomy'])
      if (await page.getByTestId(`experiment-method-${id}`).isChecked())
        await page.getByTestId(`experiment-method-${id}`).uncheck();
    await page.getByTestId('experiment-method-pta').check();
    await page.getByTestId('experiment-method-coat').check();
    await page.getByTestId('sweep-axis').selectOption('k');
    await page.getByTestId('sweep-values').fill('5, 10, 20, 40');
    await page.getByTestId('fixed-values').fill(fixed);
    await page.getByTestId('experiment-seeds').fill('2');
    const button = page.getByTestId('run-experiment');
    if (!/16 runs/.test((await button.textContent()) ?? ''))
      throw new Error(`sweep form: ${await button.textContent()}`);
    await served.browser.startTracing(page, {
      categories: ['devtools.timeline', 'toplevel', ...COMPILE_CATEGORIES],
    });
    await page.evaluate(() => console.timeStamp('txanon-sweep'));
    const loadBefore = loadavg()[0];
    const started = Date.now();
    await button.click();
    await page.getByTestId('sweep-progress').waitFor();
    await page.getByTestId('sweep-progress').waitFor({ state: 'hidden', timeout: 900_000 });
    const wallMs = Date.now() - started;
    const load: [number, number] = [loadBefore, loadavg()[0]];
    await page.evaluate(() => console.timeStamp('txanon-swept'));
    const cpu = threadCpu(await served.browser.stopTracing(), 'txanon-sweep', 'txanon-swept');
    return { wallMs, cpu, load };
  } finally {
    await context.close();
  }
}

export async function browserSweep(bms1: string, port: number): Promise<PageSweeps> {
  const served = await serveApp(port);
  try {
    const one = await sweepInPage(served, bms1, 1, PAGE_SWEEPS.short);
    const two = await sweepInPage(served, bms1, 2, PAGE_SWEEPS.short);
    const longer = {
      one: await sweepInPage(served, bms1, 1, PAGE_SWEEPS.longer),
      two: await sweepInPage(served, bms1, 2, PAGE_SWEEPS.longer),
    };
    return { one, two, longer };
  } finally {
    await served.close();
  }
}
