/**
 * What the browser benchmarks share: the built app served by `vite preview` on a port of their
 * own, Debian's Chromium, and a PerformanceObserver that records every main-thread long task
 * (> 50 ms), calibrated with a deliberate one so that "none" means something.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';

export interface Served {
  browser: Browser;
  url: string;
  close(): Promise<void>;
}

/** `vite preview` of dist/ on `port` and a Chromium (with `extraArgs`); close() stops both. */
export async function serveApp(port: number, extraArgs: readonly string[] = []): Promise<Served> {
  const server = spawn(
    'npx',
    ['vite', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    {
      stdio: 'ignore',
      detached: true,
    },
  );
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
  return {
    browser,
    url: `http://127.0.0.1:${port}/`,
    async close() {
      await browser.close();
      try {
        if (server.pid) process.kill(-server.pid);
      } catch {
        // the server is gone already (e.g. its port was taken): the caller's error says why
      }
    },
  };
}

export async function waitForServer(page: Page, url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await page.goto(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`server at ${url} did not start`);
}

/** Starts recording main-thread long tasks into window.longTasks. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks.push(e.duration))).observe(
      {
        type: 'longtask',
      },
    );
  });
}

/**
 * Drops `file` on an open page of the app, long tasks watched from then on: the ms until its stats
 * (`transactions` rows) show, and until its risk chart shows; the browser's CPU seconds until the
 * stats show (chromiumCpuS), and its renderer processes' share of them.
 */
export async function loadFileTimes(
  page: Page,
  file: string,
  transactions: string,
  timeoutMs: number,
): Promise<{ statsMs: number; riskMs: number; statsCpuS: number; statsRendererCpuS: number }> {
  await page.getByTestId('stat-transactions').waitFor();
  await watchLongTasks(page);
  const cpuAtStart = chromiumCpuS();
  const rendererAtStart = chromiumCpuS(isRenderer);
  const started = Date.now();
  await page.getByTestId('file-input').setInputFiles(file);
  await page
    .getByTestId('stat-transactions')
    .filter({ hasText: transactions })
    .waitFor({ timeout: timeoutMs });
  const statsMs = Date.now() - started;
  const statsCpuS = chromiumCpuS() - cpuAtStart;
  const statsRendererCpuS = chromiumCpuS(isRenderer) - rendererAtStart;
  await page.getByTestId('chart-risk').waitFor({ timeout: timeoutMs });
  return { statsMs, riskMs: Date.now() - started, statsCpuS, statsRendererCpuS };
}

/** loadFileTimes' ms until the risk chart shows. */
export async function loadFileTimed(
  page: Page,
  file: string,
  transactions: string,
  timeoutMs: number,
): Promise<number> {
  return (await loadFileTimes(page, file, transactions, timeoutMs)).riskMs;
}

export async function longTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => [...(window as unknown as { longTasks: number[] }).longTasks]);
}

/**
 * Whether the observer sees a task made long on purpose (150 ms), scheduled with setTimeout: a task
 * run by the debugger protocol itself is not reported.
 */
export async function observerCalibrated(page: Page): Promise<boolean> {
  const seen = (await longTasks(page)).length;
  await blockMainThread(page, 150);
  return (await longTasks(page)).length > seen;
}

/** Keeps the page's main thread busy for `ms` in one task (a calibration), then lets it settle. */
export async function blockMainThread(page: Page, ms: number): Promise<void> {
  await page.evaluate(
    (busy) =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          const until = performance.now() + busy;
          while (performance.now() < until);
          resolve();
        }, 0),
      ),
    ms,
  );
  await page.waitForTimeout(300);
}

/** Serves dist/ with `vite preview` and opens the app in Chromium (1400 x 1000); `close` stops both. */
export async function openApp(port: number): Promise<{ page: Page; close: () => Promise<void> }> {
  const served = await serveApp(port);
  const page = await served.browser.newPage({ viewport: { width: 1400, height: 1000 } });
  try {
    await waitForServer(page, served.url);
  } catch (error) {
    await served.close();
    throw error;
  }
  return { page, close: () => served.close() };
}

/** The processes this Node process started (Chromium's, with their children), each read by `read`. */
function descendantsSum(read: (pid: number) => number): number {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      parentOf.set(pid, Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0));
    } catch {
      // the process ended while we looked
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = parentOf.get(pid); p !== undefined && p > 1; p = parentOf.get(p))
      if (p === process.pid) return true;
    return false;
  };
  let sum = 0;
  for (const pid of parentOf.keys()) {
    if (!descends(pid)) continue;
    try {
      sum += read(pid);
    } catch {
      // the process ended while we looked
    }
  }
  return sum;
}

/** Resident memory (MB) of the Chromium processes this Node process started, with their children. */
export function chromiumRssMb(): number {
  return (
    descendantsSum((pid) =>
      Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0),
    ) / 1024
  );
}

const TICKS_PER_S = 100;

/**
 * CPU seconds (user + system, every thread) the processes this Node process started have used so
 * far, Chromium's renderer, workers, GPU and browser processes among them (/proc/PID/stat fields 14
 * and 15, in clock ticks of 1/100 s). A difference of two readings is the browser's CPU between them,
 * a figure that moves less with the machine's load than wall time.
 */
export function chromiumCpuS(only?: (pid: number) => boolean): number {
  return (
    descendantsSum((pid) => {
      if (only && !only(pid)) return 0;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[11]) + Number(fields[12]);
    }) / TICKS_PER_S
  );
}

/** Whether `pid` is a Chromium renderer (the page's main thread and its workers live there). */
export function isRenderer(pid: number): boolean {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
}

/** Samples chromiumRssMb every 500 ms until stop() returns the peak. */
export function memoryPeak(): { stop(): number } {
  let peak = chromiumRssMb();
  const timer = setInterval(() => (peak = Math.max(peak, chromiumRssMb())), 500);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, chromiumRssMb());
    },
  };
}
