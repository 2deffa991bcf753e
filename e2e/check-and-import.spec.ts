/**
 * The Check page on Ghinita's Fig. 1a (the privacy degree of the raw table, worst group named) and
 * a results file written by `cli sweep` opened on the Results page with the same charts.
 */
import { expect, test } from '@playwright/test';
import { cliSpawned } from '../test/cliSpawned.ts';
import { runCheck } from './checkForm.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

test('check a dataset against the privacy models', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('sample-ghinita-fig1a').click();
  await expect(page.getByTestId('stat-transactions')).toHaveText('5');
  await page.getByTestId('tab-check').click();

  await page.getByTestId('check-model').selectOption('p-degree');
  await page.getByTestId('check-level').fill('2');
  await page.getByTestId('check-sensitive-kind').selectOption('items');
  await page.getByTestId('check-sensitive').fill('Viagra, Pregnancy Test');
  await page.getByTestId('run-check').click();
  // Bob and David share {Wine, Meat} (degree 2); Claire alone has {Strawberries, Cream}: degree 1.
  await expect(page.getByTestId('check-verdict')).toHaveText('Does not hold');
  await expect(page.getByTestId('check-offered')).toHaveText('1');
  await expect(page.getByTestId('check-problems').locator('li').first()).toHaveText(
    'group 2: degree 1/1 < p = 2 for Pregnancy Test',
  );
  // What the offending groups hold: the QID items their rows share, their sensitive counts.
  await expect(page.getByTestId('offending-groups')).toContainText('Pregnancy Test (1)');
  await expect(page.getByTestId('offending-group').first().locator('td').nth(3)).not.toBeEmpty();

  await runCheck(page, 'k-anonymity', '1');
  await expect(page.getByTestId('check-verdict')).toHaveText('Holds');

  await runCheck(page, 'km-anonymity', '2', '1');
  await expect(page.getByTestId('check-verdict')).toHaveText('Does not hold');
  await expect(page.getByTestId('check-problems').locator('li').first()).toContainText('occurs in 1 rows');
  await page.screenshot({ path: 'test-results/check-page.png', fullPage: true });
});

test('a results file from cli sweep opens with the same charts', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'txanon-e2e-sweep-'));
  writeFileSync(
    join(dir, 'spec.json'),
    JSON.stringify({
      name: 'CLI sweep',
      dataset: resolve('public/samples/coat-fig1a.csv'),
      seeds: [1, 2],
      metrics: ['avgre'],
      runs: [
        { method: 'coat', params: { k: [2, 3], m: 2 } },
        { method: 'apriori-km', params: { k: [2, 3], m: 2 } },
      ],
    }),
  );
  const out = join(dir, 'results.json');
  const cli = cliSpawned('sweep', join(dir, 'spec.json'), '--out', out);
  expect(cli.code, cli.stderr).toBe(0);

  await page.goto('/');
  await page.getByTestId('tab-results').click();
  await page.getByTestId('results-file').setInputFiles(out);
  await expect(page.getByTestId('result-row')).toHaveCount(8);
  await expect(page.getByTestId('results-summary')).toContainText('imported');
  await expect(page.getByTestId('results-axis')).toHaveValue('k');
  await expect(page.getByTestId('chart-metric')).toHaveAttribute('data-series', '2');
  await expect(page.getByTestId('chart-metric')).toHaveAttribute('data-points', '4');
  await expect(page.getByTestId('chart-bar')).toHaveAttribute('data-points', '2');

  // A file that is not a results file: a clear error, the loaded experiment stays.
  writeFileSync(
    join(dir, 'bad.json'),
    JSON.stringify({ format: 'txanon-results/1', runs: [{ method: 'coat' }] }),
  );
  await page.getByTestId('results-file').setInputFiles(join(dir, 'bad.json'));
  await expect(page.getByTestId('results-error')).toContainText(
    'bad.json: runs[0].params: expected an object',
  );
  await expect(page.getByTestId('result-row')).toHaveCount(8);
});
