/**
 * Differential privacy in the page (issue 33): PrivBasis on mushroom (the itemsets viewer, the
 * ledger, the noise's source, the seeded-noise warning, the itemset,support download), DiffPart on
 * BMS1 (synthetic rows, the ledger within ε, the partitioned taxonomy), and the Results page with a
 * DP sweep beside a k-anonymity sweep on AvgRE and the caption that they are different guarantees.
 * Screenshots go to test-results/.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { WORK_MS, TEST_MS } from './limits.ts';

async function load(page: Page, file: string, transactions: string) {
  await page.getByTestId('file-input').setInputFiles(file);
  await expect(page.getByTestId('stat-transactions')).toHaveText(transactions);
}

test('PrivBasis on mushroom: itemsets, ledger, noise source, seeded warning, export', async ({ page }) => {
  test.setTimeout(TEST_MS);
  await page.goto('/');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await load(page, 'test/data/mushroom.dat.gz', '8,124');
  await page.getByTestId('tab-anonymize').click();
  await page.getByTestId('method-select').selectOption('privbasis');
  await page.getByTestId('param-k').fill('50');
  await page.getByTestId('param-epsilon').fill('1');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toContainText('ledger within ε');
  await expect(page.getByTestId('run-verified')).not.toContainText('every input row once');
  await expect(page.getByTestId('dp-noise')).toContainText('cryptographic randomness');
  await expect(page.getByTestId('dp-ledger-total')).toContainText('ε spent: 1 of the ε = 1 asked');
  await expect(page.getByTestId('itemsets-table').locator('tbody tr')).toHaveCount(50);
  await expect(page.getByTestId('chart-itemsets').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('run-detail').getByTestId('metric-precision')).toBeVisible();
  await expect(page.getByTestId('run-command')).not.toContainText('--seed');
  await page.getByTestId('itemsets-view').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/dp-privbasis.png', fullPage: true });
  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('download-data').click();
  const download = await downloadPromise;
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.split('\n')[0]).toBe('itemset,support');

  // Seeded noise: reproducible, and the page says it is not for publication.
  await page.getByTestId('seeded-noise').check();
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-row')).toHaveCount(2);
  await expect(page.getByTestId('dp-noise')).toContainText('NOT for publication');
  await expect(page.getByTestId('run-command')).toContainText('--seed 1');
});

test('DiffPart on BMS1, then a DP sweep beside a k-anonymity sweep on AvgRE with the caption', async ({
  page,
}) => {
  test.setTimeout(TEST_MS);
  await page.goto('/');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await load(page, 'test/data/BMS1.dat.gz', '59,602');
  await page.getByTestId('tab-anonymize').click();
  await page.getByTestId('method-select').selectOption('diffpart');
  await page.getByTestId('param-epsilon').fill('2');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toContainText('rows exactly as the noisy counts give them');
  await expect(page.getByTestId('summary-rows')).toContainText('synthetic rows after');
  await expect(page.getByTestId('dp-partitions')).toContainText('leaf partitions');
  // The ledger's ε to 4 significant digits (0.01818, not 0.0181818176060915); the exact double in
  // the cell's title, as in the release's ledger.
  await expect(page.getByTestId('dp-ledger-total')).toContainText(/ε spent: [\d.]+ of the ε = 2 asked/);
  const share = page.getByTestId('dp-ledger').locator('tbody tr').first().locator('td').nth(5);
  const shown = (await share.textContent()) ?? '';
  const exact = Number(await share.getAttribute('title'));
  expect(shown.replace(/^[0.]+/, '').replace('.', '').length).toBeLessThanOrEqual(4);
  expect(String(exact).length).toBeGreaterThan(shown.length);
  expect(Number(shown)).toBe(Number(exact.toPrecision(4)));
  await expect(page.getByTestId('run-detail').getByTestId('metric-avgre')).toBeVisible();
  await expect(page.getByTestId('diffpart-tree').locator('canvas')).toBeVisible();
  await page.screenshot({ path: 'test-results/dp-diffpart.png', fullPage: true });

  await page.getByTestId('tab-experiment').click();
  await page.getByTestId('preset').selectOption('dp-vs-k');
  await expect(page.getByTestId('sweep-axis')).toHaveValue('epsilon');
  await expect(page.getByTestId('sweep-axis2')).toHaveValue('k');
  await page.getByTestId('sweep-values').fill('0.5, 1, 5, 10');
  await page.getByTestId('sweep-values2').fill('2, 10, 20');
  await page.getByTestId('experiment-seeds').fill('2');
  await expect(page.getByTestId('run-experiment')).toContainText('Run 14 runs');
  await page.getByTestId('run-experiment').click();
  await expect(page.getByTestId('sweep-ended')).toContainText('finished: 14 runs', { timeout: WORK_MS });
  await page.getByTestId('tab-results').click();
  await expect(page.getByTestId('result-row')).toHaveCount(14);
  await page.getByTestId('results-metric').selectOption('avgre');
  const chart = page.getByTestId('chart-guarantees');
  await expect(chart.locator('canvas')).toBeVisible();
  await expect.poll(() => chart.getAttribute('data-series')).toBe('2');
  await expect.poll(() => chart.getAttribute('data-points')).toBe('7');
  await expect(page.getByTestId('guarantees-caption')).toContainText('different guarantees');
  await expect(page.getByTestId('dp-sweep-note')).toContainText('not for publication');
  await chart.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/dp-results.png', fullPage: true });
  await chart.screenshot({ path: 'test-results/dp-results-chart.png' });
});
