/**
 * The density bench's page part (issue 31): a Netflix-shaped file in one Chromium tab of the built
 * app, as an analyst uses it. The file is dropped on the page (until its stats show), then
 * gray-cahd (p = 10, the form's default sensitive choice: 10 items of moderate support) and PTA
 * (k = 100) run from the Anonymize form, each timed from the click to its verified row, and each
 * release JSON downloaded (its bytes hashed, to compare with the CLI's release of the same run).
 * Memory, two ways: the tab's own measure shown beside each run in the page
 * (performance.measureUserAgentSpecificMemory, widgets/tabMemory.ts; Chromium started with
 * ForceEagerMeasureMemory so that it answers at once rather than at its next collection), and the
 * resident memory of every Chromium process of the browser (renderer with its workers, GPU and
 * browser processes, which hold the downloads' Blobs), sampled every half second, the peak kept.
 * A screenshot of the page after the PTA run is saved in the work folder (page-after-pta.png).
 */
import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  chromiumCpuS,
  chromiumRssMb,
  loadFileTimes,
  memoryPeak,
  serveApp,
  waitForServer,
} from './browserPage.ts';

export interface DensityPageRun {
  label: string;
  /** Click to verified row, ms. */
  wallMs: number;
  /** The browser's CPU seconds from the click to the verified row (every process of it). */
  cpuS: number;
  /** The run's runtime_ms as the page shows it. */
  runtimeMs: number;
  /** The tab's memory shown beside the run (MB), as the page reads it. */
  tabMemoryMb: number | null;
  /** The downloaded release JSON: its size and hash. */
  releaseBytes: number;
  releaseSha: string;
  /** Click to the download saved, ms. */
  downloadMs: number;
}

export interface DensityPageResult {
  rows: number;
  /** File dropped to its stats shown, ms. */
  loadMs: number;
  /** The browser's CPU seconds from the file dropped to its stats shown. */
  loadCpuS: number;
  /** Resident memory of the browser's processes after the load, MB. */
  loadedRssMb: number;
  runs: DensityPageRun[];
  /** Peak resident memory of the browser's processes, MB. */
  peakMb: number;
  crossOriginIsolated: boolean;
}

export async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex').slice(0, 16);
}

async function runAndDownload(
  page: Page,
  label: string,
  method: string,
  setup: (page: Page) => Promise<void>,
  downloadTo: string,
  timeoutMs: number,
): Promise<DensityPageRun> {
  await page.getByTestId('method-select').selectOption(method);
  await setup(page);
  const before = await page.getByTestId('run-row').count();
  const cpuAtStart = chromiumCpuS();
  const started = Date.now();
  await page.getByTestId('run-method').click();
  await page.getByTestId('run-row').nth(before).waitFor({ timeout: timeoutMs });
  await page.getByTestId('run-verified').waitFor({ timeout: 120_000 });
  const wallMs = Date.now() - started;
  const cpuS = chromiumCpuS() - cpuAtStart;
  const row = page.getByTestId('run-row').nth(before);
  const runtimeMs = parseFloat((await row.getByTestId('run-runtime').textContent()) ?? '');
  const memoryCell = row.getByTestId('run-tab-memory');
  await page.waitForFunction(
    (cell) => !cell?.textContent?.includes('measuring'),
    await memoryCell.elementHandle(),
    { timeout: 120_000 },
  );
  const shown = (await memoryCell.textContent()) ?? '';
  const tabMemoryMb = /[\d,]+/.test(shown) ? Number(shown.replace(/[^\d]/g, '')) : null;
  const downloadStarted = Date.now();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: timeoutMs }),
    page.getByTestId('download-json').click(),
  ]);
  await download.saveAs(downloadTo);
  const downloadMs = Date.now() - downloadStarted;
  return {
    label,
    wallMs,
    cpuS,
    runtimeMs,
    tabMemoryMb,
    releaseBytes: statSync(downloadTo).size,
    releaseSha: await sha256(downloadTo),
    downloadMs,
  };
}

/**
 * The page part on `file` (`rows` its row count, as the page prints it: "480,189"); releases are
 * downloaded into `work` as page-<method>.json.
 */
export async function densityPage(
  file: string,
  rows: string,
  port: number,
  work: string,
  timeoutMs: number,
): Promise<DensityPageResult> {
  const served = await serveApp(port, ['--enable-blink-features=ForceEagerMeasureMemory']);
  const memory = memoryPeak();
  try {
    // Wide enough that the run table shows every column, the tab memory last, without scrolling.
    const page = await served.browser.newPage({
      acceptDownloads: true,
      viewport: { width: 1700, height: 1000 },
    });
    await waitForServer(page, served.url);
    const { statsMs, statsCpuS } = await loadFileTimes(page, file, rows, timeoutMs);
    const loadedRssMb = chromiumRssMb();
    await page.getByTestId('tab-anonymize').click();
    const runs = [
      await runAndDownload(
        page,
        'gray-cahd p=10',
        'gray-cahd',
        (p) => p.getByTestId('param-p').fill('10'),
        `${work}/page-gray-cahd.json`,
        timeoutMs,
      ),
      await runAndDownload(
        page,
        'pta k=100',
        'pta',
        (p) => p.getByTestId('param-k').fill('100'),
        `${work}/page-pta.json`,
        timeoutMs,
      ),
    ];
    // The page as the analyst sees it after the PTA run: both runs, the tab memory beside each.
    await page.screenshot({ path: `${work}/page-after-pta.png`, fullPage: true });
    return {
      rows: Number(rows.replace(/,/g, '')),
      loadMs: statsMs,
      loadCpuS: statsCpuS,
      loadedRssMb,
      runs,
      peakMb: memory.stop(),
      crossOriginIsolated: await page.evaluate(() => crossOriginIsolated),
    };
  } finally {
    memory.stop();
    await served.close();
  }
}
