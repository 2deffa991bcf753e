/**
 * Loads a large FIMI file into the built app in Debian's Chromium and watches the main thread:
 * every long task (PerformanceObserver 'longtask', > 50 ms) while the file is read, parsed in a
 * worker and summarised. Needs `vite build` first; serves dist/ with `vite preview`.
 */
import { loadFileTimed, longTasks, observerCalibrated, serveApp, waitForServer } from './browserPage.ts';

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
  const served = await serveApp(port);
  try {
    const page = await served.browser.newPage();
    await waitForServer(page, served.url);
    const loadMs = await loadFileTimed(page, file, expectedTransactions, 300_000);
    await page.waitForTimeout(200);
    const tasks = await longTasks(page);
    const isolated = await page.evaluate(() => crossOriginIsolated);
    const calibrated = await observerCalibrated(page);
    return { loadMs, longTasks: tasks, crossOriginIsolated: isolated, observerCalibrated: calibrated };
  } finally {
    await served.close();
  }
}
