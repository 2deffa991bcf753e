/**
 * Compare (issue 7) in Chromium: a preset sweep of 3 methods x 4 values x 2 seeds on the synthetic
 * sample, its table and every chart with the right number of series and points (counted from what
 * ECharts holds), exports, a second sweep cancelled midway with its finished runs kept, and a
 * reload that finds datasets and results again. A Chromium trace of the sweep gives every
 * main-thread task with its wall time and the CPU time the thread spent in it
 * (bench/traceTasks.ts); none may take more than 200 ms of CPU. Screenshots of each chart go to
 * test-results/.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { tracedTasks } from '../bench/traceTasks.ts';
import { WORK_MS, TEST_MS } from './limits.ts';

async function chartCounts(page: Page, testId: string) {
  const chart = page.getByTestId(testId);
  return { series: await chart.getAttribute('data-series'), points: await chart.getAttribute('data-points') };
}

test('preset sweep, charts, exports, cancel, and results kept across a reload', async ({
  page,
}, testInfo) => {
  test.setTimeout(TEST_MS);
  await page.goto('/');
  await expect(page.getByTestId('stat-transactions')).toHaveText('10,000');

  await page.getByTestId('tab-experiment').click();
  await page.getByTestId('preset').selectOption('ghinita-fig12');
  await expect(page.getByTestId('sweep-axis')).toHaveValue('p');
  // The preset's five methods, trimmed to three and four values so the test stays quick.
  await page.getByTestId('experiment-method-lsh').uncheck();
  await page.getByTestId('experiment-method-perm-mondrian').uncheck();
  await page.getByTestId('sweep-values').fill('4, 8, 12, 16');
  await page.getByTestId('experiment-seeds').fill('2');
  await expect(page.getByTestId('run-experiment')).toContainText('Run 24 runs');

  // Long tasks on the main thread while the sweep runs, by the CPU time the thread spent in them: a
  // task's wall time also counts the wait for a core, which under load is most of it (a 222 ms task
  // of a full run at load average ~18 on 2 cores, notes/lose-nothing.md; the same run passed
  // alone). The page's own work is the CPU time. Calibrated below with a deliberate 250 ms task.
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel'] });
  await page.evaluate(() => console.timeStamp('sweep-start'));
  await page.getByTestId('run-experiment').click();
  await expect(page.getByTestId('sweep-progress')).toBeVisible();
  await expect(page.getByTestId('sweep-progress')).toBeHidden({ timeout: WORK_MS });
  await expect(page.getByTestId('sweep-ended')).toContainText('finished: 24 runs');
  await page.evaluate(() => console.timeStamp('sweep-end'));
  // (Scheduled with setTimeout: the deliberate task is a task of the page, not of the protocol.)
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          const end = performance.now() + 250;
          while (performance.now() < end);
          console.timeStamp('calibration-end');
          resolve();
        }, 0),
      ),
  );
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
  const trace = await browser.stopTracing();
  const sweepTasks = tracedTasks(trace, 'sweep-start', 'sweep-end', 200);
  testInfo.annotations.push({
    type: 'main-thread tasks over 200 ms of wall time during the sweep (wall / CPU ms)',
    description: sweepTasks.map((t) => `${t.wallMs.toFixed(0)} / ${t.cpuMs.toFixed(0)}`).join(', ') || 'none',
  });
  expect(sweepTasks.filter((t) => t.cpuMs > 200)).toEqual([]);
  // The deliberate task is found, 250 ms of wall time or more, with the CPU the thread spent in it.
  const calibration = tracedTasks(trace, 'sweep-end', 'calibration-end', 200);
  testInfo.annotations.push({
    type: 'the deliberate task (wall / CPU ms)',
    description: calibration.map((t) => `${t.wallMs.toFixed(0)} / ${t.cpuMs.toFixed(0)}`).join(', '),
  });
  expect(calibration.some((t) => t.wallMs >= 250 && t.cpuMs > 0 && t.cpuMs <= t.wallMs + 1)).toBe(true);

  await page.getByTestId('tab-results').click();
  await expect(page.getByTestId('result-row')).toHaveCount(24);
  await expect(page.getByTestId('results-summary')).toContainText('24 of 24 runs finished');
  await page.getByTestId('results-metric').selectOption('kl');
  await expect.poll(() => chartCounts(page, 'chart-metric')).toEqual({ series: '3', points: '12' });
  await expect.poll(() => chartCounts(page, 'chart-runtime')).toEqual({ series: '3', points: '12' });
  // The scatter: one series per method (a point per run) plus nothing else counted.
  await expect.poll(() => chartCounts(page, 'chart-tradeoff')).toEqual({ series: '3', points: '24' });
  await expect.poll(() => chartCounts(page, 'chart-bar')).toEqual({ series: '1', points: '3' });
  // Every run verified and carries the command that reproduces it.
  await expect(page.getByTestId('results-table').getByText('✗')).toHaveCount(0);
  await expect(page.getByTestId('run-command').first()).toContainText(
    /^txanon anonymize \S+ --method (gray-cahd|rcm-cahd|nn) --p \d+ .*--sensitive-random 10 --seed [12] /,
  );
  // Sorting by kl puts the smallest first.
  await page.getByTestId('sort-kl').click();
  const klColumn = await page.getByTestId('result-row').evaluateAll((rows) =>
    // A cell reads "0.1234 ± 0.0056": the value, then its standard error over the queries.
    rows.map((row) =>
      Number((row as HTMLTableRowElement).cells[4].textContent!.split(' ± ')[0].replace(/,/g, '')),
    ),
  );
  expect(klColumn.every((v) => Number.isFinite(v))).toBe(true);
  expect(klColumn).toEqual([...klColumn].sort((a, b) => a - b));
  await expect(page.getByTestId('results-table')).toContainText('±');
  // The comparison at one p: every method ranked, with the letters that say which cannot be told apart.
  await expect(page.getByTestId('comparison-row')).toHaveCount(3);
  await expect(page.getByTestId('comparison-letters').first()).toHaveText(/^[a-c]+$/);

  for (const chart of ['chart-metric', 'chart-runtime', 'chart-tradeoff', 'chart-bar'])
    await page.getByTestId(chart).screenshot({ path: `test-results/${chart}.png` });
  await page.screenshot({ path: 'test-results/results-page.png', fullPage: true });

  const csv = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const csvText = readFileSync((await (await csv).path())!, 'utf8');
  const csvLines = csvText.trim().split(/\r?\n/);
  expect(csvLines[0]).toMatch(/^method,p,alpha,order,seed,verified,kl,kl_se,avgre,avgre_se,runtime_ms,/);
  expect(csvLines).toHaveLength(25);
  const png = page.waitForEvent('download');
  await page.getByTestId('chart-metric-png').click();
  expect(
    readFileSync((await (await png).path())!)
      .subarray(1, 4)
      .toString(),
  ).toBe('PNG');
  const svg = page.waitForEvent('download');
  await page.getByTestId('chart-tradeoff-svg').click();
  const svgText = readFileSync((await (await svg).path())!, 'utf8');
  expect(svgText).toContain('<svg');
  expect(svgText).toContain('non-dominated');

  // A second, longer sweep, cancelled midway: the finished runs stay.
  await page.getByTestId('tab-experiment').click();
  await page.getByTestId('experiment-name').fill('Long sweep');
  await page.getByTestId('sweep-values').fill('2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16');
  await page.getByTestId('run-experiment').click();
  await expect(page.getByTestId('sweep-done')).toContainText(/^[3-9] \/ 90|^\d\d \/ 90/, {
    timeout: WORK_MS,
  });
  await page.screenshot({ path: 'test-results/experiment-running.png', fullPage: true });
  await page.getByTestId('cancel-experiment').click();
  await expect(page.getByTestId('sweep-progress')).toBeHidden();
  await expect(page.getByTestId('sweep-ended')).toContainText(
    /Long sweep cancelled: \d+ of 90 runs had finished/,
  );
  await page.getByTestId('tab-results').click();
  await expect(page.getByTestId('results-summary')).toContainText('cancelled');
  const kept = await page.getByTestId('result-row').count();
  expect(kept).toBeGreaterThanOrEqual(3);
  expect(kept).toBeLessThan(90);

  // After a reload: the dataset and both experiments are back.
  await page.reload();
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await expect(page.getByTestId('stat-transactions')).toHaveText('10,000');
  await page.getByTestId('tab-results').click();
  await expect(page.getByTestId('experiment-select').locator('option')).toHaveCount(2);
  await expect(page.getByTestId('result-row')).toHaveCount(kept);
  const first = await page.getByTestId('experiment-select').locator('option').first().getAttribute('value');
  await page.getByTestId('experiment-select').selectOption(first!);
  await expect(page.getByTestId('result-row')).toHaveCount(24);
  await expect.poll(() => chartCounts(page, 'chart-runtime')).toEqual({ series: '3', points: '12' });
});
