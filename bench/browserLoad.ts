/**
 * Loads a large FIMI file into the built app in Debian's Chromium and watches the main thread:
 * every long task (PerformanceObserver 'longtask', > 50 ms) while the file is read, parsed in a
 * worker and summarised. Needs `vite build` first; serves dist/ with `vite preview`.
 */
import { spawn } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';

export interface BrowserLoadResult {
  loadMs: number;
  longTasks: number[];
  crossOriginIsolated: boolean;
  /** Whether a deliberate 150 ms main-thread task was seen by the observer (it is listening). */
  observerCalibrated: boolean;
}

export async function browserLoad(
  file: string,
  expectedTransactions: string,
  port = 4179,
): Promise<BrowserLoadResult> {
  const { page, close } = await openApp(port);
  try {
    await page.getByTestId('stat-transactions').waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) =>
        list.getEntries().forEach((e) => w.longTasks.push(e.duration)),
      ).observe({ type: 'longtask' });
    });
    const started = Date.now();
    await page.getByTestId('file-input').setInputFiles(file);
    await page
      .getByTestId('stat-transactions')
      .filter({ hasText: expectedTransactions })
      .waitFor({ timeout: 300_000 });
    await page.getByTestId('chart-risk').waitFor({ timeout: 300_000 });
    const loadMs = Date.now() - started;
    await page.waitForTimeout(200);
    const longTasks = await page.evaluate(() => [
      ...(window as unknown as { longTasks: number[] }).longTasks,
    ]);
    const isolated = await page.evaluate(() => crossOriginIsolated);
    // Calibration: a task we make long on purpose must show up, or the zero above means nothing.
    // (Scheduled with setTimeout: a task run by the debugger protocol itself is not reported.)
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            const until = performance.now() + 150;
            while (performance.now() < until);
            resolve();
          }, 0),
        ),
    );
    await page.waitForTimeout(300);
    const calibrated = await page.evaluate(
      (seen) => (window as unknown as { longTasks: number[] }).longTasks.length > seen,
      longTasks.length,
    );
    return { loadMs, longTasks, crossOriginIsolated: isolated, observerCalibrated: calibrated };
  } finally {
    await close();
  }
}

/** Serves dist/ with `vite preview` and opens the app in Chromium; `close` stops both. */
export async function openApp(port: number): Promise<{ page: Page; close: () => Promise<void> }> {
  const server = spawn(
    'npx',
    ['vite', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    { stdio: 'ignore', detached: true },
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const close = async () => {
    await browser.close();
    if (server.pid) process.kill(-server.pid);
  };
  try {
    await waitForServer(page, `http://127.0.0.1:${port}/`);
  } catch (error) {
    await close();
    throw error;
  }
  return { page, close };
}

async function waitForServer(page: Page, url: string): Promise<void> {
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
