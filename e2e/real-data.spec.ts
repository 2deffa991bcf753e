/** A real benchmark file through the page: BMS1 as a user would drop it, gzip-compressed (test/data). */
import { expect, test } from '@playwright/test';

test('BMS1 loads with its published characteristics and all four charts', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await page.getByTestId('file-input').setInputFiles('test/data/BMS1.dat.gz');
  await expect(page.getByTestId('active-dataset-name')).toHaveText('BMS1.dat.gz');
  await expect(page.getByTestId('stat-transactions')).toHaveText('59,602');
  await expect(page.getByTestId('stat-items')).toHaveText('497');
  await expect(page.getByTestId('stat-max-length')).toHaveText('267');
  await expect(page.getByTestId('stat-avg-length')).toHaveText('2.51');
  await expect(page.getByTestId('chart-risk').locator('canvas')).toBeVisible();
  await page.screenshot({ path: 'test-results/bms1.png', fullPage: true });
});
