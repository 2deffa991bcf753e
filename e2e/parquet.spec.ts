/**
 * Parquet in the page (issue 34): a Parquet fixture written by DuckDB (list<varchar>, snappy;
 * items with spaces, commas, quotes and non-ASCII letters) loads with the same stats as its CSV
 * twin; a file whose items column is ambiguous says how to name it, and loads once it is named in
 * the columns fields; PTA's release downloads as Parquet (the format menu), loads back, and Check
 * confirms k-anonymity on it.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { runCheck } from './checkForm.ts';
import { WORK_MS, TEST_MS } from './limits.ts';

const FIXTURE = 'test/data/columnar/baskets-list.snappy.parquet';

test('a Parquet file loads, its release exports as Parquet, loads back and passes Check', async ({
  page,
}) => {
  test.setTimeout(TEST_MS);
  await page.goto('/');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await page.getByTestId('file-input').setInputFiles({
    name: 'baskets.parquet',
    mimeType: 'application/vnd.apache.parquet',
    buffer: readFileSync(FIXTURE),
  });
  await expect(page.getByTestId('active-dataset-name')).toHaveText('baskets.parquet');
  await expect(page.getByTestId('stat-transactions')).toHaveText('80');
  await expect(page.getByTestId('stat-items')).toHaveText('27');
  await page.screenshot({ path: 'test-results/parquet-loaded.png', fullPage: false });

  // zstd pages, decompressed by the wasm decoder in the worker (core/data/columnar/zstdPages.ts).
  await page.getByTestId('file-input').setInputFiles({
    name: 'chess.parquet',
    mimeType: 'application/vnd.apache.parquet',
    buffer: readFileSync('test/data/columnar/chess-list.zstd.parquet'),
  });
  await expect(page.getByTestId('active-dataset-name')).toHaveText('chess.parquet');
  await expect(page.getByTestId('stat-transactions')).toHaveText('3,196');
  await expect(page.getByTestId('stat-items')).toHaveText('75');

  // Two list columns: the load says how to name the items; named, it loads.
  await page.getByTestId('file-input').setInputFiles({
    name: 'two-lists.parquet',
    mimeType: 'application/vnd.apache.parquet',
    buffer: readFileSync('test/data/columnar/two-lists.parquet'),
  });
  await expect(
    page.getByRole('alert').filter({ hasText: '2 list columns could be the items' }),
  ).toBeVisible();
  await page.getByText('Columns (Parquet, Arrow, CSV long)').click();
  await page.getByTestId('item-column').fill('tags');
  await page.getByTestId('file-input').setInputFiles({
    name: 'two-lists.parquet',
    mimeType: 'application/vnd.apache.parquet',
    buffer: readFileSync('test/data/columnar/two-lists.parquet'),
  });
  await expect(page.getByTestId('active-dataset-name')).toHaveText('two-lists.parquet');
  await expect(page.getByTestId('stat-transactions')).toHaveText('80');
  await page.getByTestId('item-column').fill('');

  await page
    .getByTestId('dataset-select')
    .filter({ hasText: /^baskets\.parquet$/ })
    .click();
  await page.getByTestId('tab-anonymize').click();
  await page.getByTestId('method-select').selectOption('pta');
  await page.getByTestId('param-k').fill('4');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toBeVisible({ timeout: WORK_MS });
  await expect(page.getByTestId('export-format')).toHaveValue('parquet');
  await expect(page.getByTestId('export-format').locator('option')).toContainText([
    'parquet (default)',
    'csv-basket',
    'parquet-long',
  ]);
  await page.getByTestId('run-detail').screenshot({ path: 'test-results/parquet-export.png' });
  const downloading = page.waitForEvent('download');
  await page.getByTestId('download-data').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('baskets-pta-k4.parquet');
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PAR1');
  await page.getByTestId('file-input').setInputFiles({
    name: 'baskets-pta-k4.parquet',
    mimeType: 'application/vnd.apache.parquet',
    buffer: bytes,
  });
  await expect(page.getByTestId('dataset-item').filter({ hasText: 'baskets-pta-k4.parquet' })).toHaveClass(
    /active/,
  );
  await page.getByTestId('tab-check').click();
  await runCheck(page, 'k-anonymity', '4');
  await expect(page.getByTestId('check-verdict')).toHaveText('Holds');
});
