/**
 * Cancelling a large load keeps everything as it was and leaves a working worker; a host without
 * COOP/COEP still gets a working page (one worker, copied memory) that says so.
 */
import { expect, test } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

test('a large load shows progress and can be cancelled; the next load works', async ({ page }) => {
  const line = Array.from({ length: 50 }, (_, i) => i + 1).join(' ') + '\n';
  const big = join(mkdtempSync(join(tmpdir(), 'txanon-e2e-')), 'big.dat');
  writeFileSync(big, line.repeat(Math.ceil(100e6 / line.length)));
  await page.goto('/');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await page.getByTestId('file-input').setInputFiles(big);
  await expect(page.getByTestId('load-progress')).toBeVisible();
  await expect(page.getByTestId('load-progress')).toContainText('big.dat');
  await page.getByTestId('cancel-load').click();
  await expect(page.getByTestId('load-progress')).toHaveCount(0);
  await expect(page.getByTestId('load-error')).toHaveCount(0);
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await page.getByTestId('sample-coat-fig1a').click();
  await expect(page.getByTestId('stat-transactions')).toHaveText('10');
  await expect(page.getByTestId('dataset-item')).toHaveCount(2);
});

test('without COOP/COEP the page still works with one worker and says so', async ({ page }) => {
  await page.route('**/*', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['cross-origin-opener-policy'];
    delete headers['cross-origin-embedder-policy'];
    await route.fulfill({ response, headers });
  });
  await page.goto('/');
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
  await expect(page.getByTestId('isolation-status')).toContainText('not cross-origin isolated');
  await expect(page.getByTestId('stat-transactions')).toHaveText('10,000');
  await page.getByTestId('sample-pta-fig2a').click();
  await expect(page.getByTestId('stat-transactions')).toHaveText('13');
  await expect(page.getByTestId('chart-risk')).toBeVisible();
});
