/**
 * The last traps, as a user meets them: a long Check shows its stages, the time so far and Cancel
 * (and Cancel leaves no answer and no error); Check names a class by its first row's number; the
 * stale note says "the dataset has changed" when it did; Experiment says on the form which chosen
 * metrics a method cannot compute. And the README's screenshot (test-results/readme.png, copied to
 * docs/img/workbench.png by hand when the page changes).
 */
import { expect, test } from '@playwright/test';
import { resolve } from 'node:path';
import { runCheck } from './checkForm.ts';
import { WORK_MS } from './limits.ts';

test('a long Check shows its stages, the time so far and Cancel; the stale note names the dataset', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await page.getByTestId('file-input').setInputFiles(resolve('test/data/BMS1.dat.gz'));
  await expect(page.getByTestId('stat-transactions')).toHaveText('59,602', { timeout: WORK_MS });
  await page.getByTestId('tab-check').click();

  // k^m with m = 3 on 59,602 sessions: seconds of work, time to see it and cancel it.
  await runCheck(page, 'km-anonymity', '5', '3');
  await expect(page.getByTestId('check-progress')).toBeVisible();
  await expect(page.getByTestId('run-check')).toBeDisabled();
  await expect(page.getByTestId('check-phase-verifying')).toHaveAttribute('data-state', 'active', {
    timeout: WORK_MS,
  });
  await expect(page.getByTestId('check-phase-grouping')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('check-elapsed')).toHaveText(/\d+(\.\d+)? (ms|s)$/);
  await page.screenshot({ path: 'test-results/check-progress.png' });
  await page.getByTestId('cancel-check').click();
  await expect(page.getByTestId('check-progress')).toBeHidden();
  await expect(page.getByTestId('run-check')).toBeEnabled();
  await expect(page.getByTestId('check-result')).toHaveCount(0);
  await expect(page.getByTestId('check-error')).toHaveCount(0);

  // Offenders by row number, items in order of value.
  await runCheck(page, 'k-anonymity', '2');
  await expect(page.getByTestId('check-verdict')).toHaveText('Does not hold', { timeout: WORK_MS });
  await expect(page.getByTestId('check-problems').locator('li').first()).toHaveText(
    /^published row \d+ \[[^\]]+\] occurs 1 time\(s\), fewer than k = 2$/,
  );
  // Another dataset: the answer is marked as one for the dataset it was asked of.
  await page.getByTestId('sample-ghinita-fig1a').click();
  await expect(page.getByTestId('check-stale')).toContainText('The dataset has changed: this answer is for');
  await expect(page.getByTestId('check-stale')).toContainText('BMS1');
});

test('Experiment says which chosen metrics a chosen method cannot compute', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await page.getByTestId('tab-experiment').click();
  await page.getByTestId('experiment-method-privbasis').check();
  await page.getByTestId('experiment-metric-avgre').check();
  await expect(page.getByTestId('experiment-metric-na')).toContainText(
    'avgre: n/a, PrivBasis publishes itemsets',
  );
});

test('the README screenshot: a verified run', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await page.getByTestId('tab-anonymize').click();
  await page.getByTestId('method-select').selectOption('gray-cahd');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toBeVisible({ timeout: WORK_MS });
  await page.screenshot({ path: 'test-results/readme.png' });
});

test('the seed is kept per dataset and method: another method or file starts from 1', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await page.getByTestId('tab-anonymize').click();
  await page.getByTestId('method-select').selectOption('gray-cahd');
  await page.getByTestId('seed').fill('3');
  await page.getByTestId('method-select').selectOption('pta');
  await expect(page.getByTestId('seed')).toHaveValue('1');
  await page.getByTestId('method-select').selectOption('gray-cahd');
  await expect(page.getByTestId('seed')).toHaveValue('3');
  // Another file: gray-cahd there starts from 1 too.
  await page.getByTestId('sample-coat-fig1a').click();
  await page.getByTestId('tab-anonymize').click();
  await page.getByTestId('method-select').selectOption('gray-cahd');
  await expect(page.getByTestId('seed')).toHaveValue('1');
});

test('a built hierarchy label in the row examples is read in words beside them', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('sample-groceries').click();
  await expect(page.getByTestId('stat-transactions')).toHaveText('80');
  await page.getByTestId('tab-anonymize').click();
  await page.getByTestId('method-select').selectOption('apriori-km');
  await page.getByTestId('param-k').fill('5');
  await page.getByTestId('param-m').fill('2');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toBeVisible({ timeout: WORK_MS });
  const note = page.getByTestId('built-label-note');
  // "(whole milk +26) is a generalized item: item whole milk and the 26 items after it ... (27 items in all ..."
  await expect(note).toContainText(
    /\((.+) \+(\d+)\) is a generalized item: item \1 and the \2 items after it/,
  );
  await expect(note).toContainText('-generalized.csv');
  await page
    .getByTestId('row-examples')
    .locator('..')
    .screenshot({ path: 'test-results/built-label-note.png' });
});
