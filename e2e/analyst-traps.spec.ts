/**
 * An analyst's afternoon without traps (issue 32), each test one trap that caught a user:
 * 1. Check never shows an old answer under a new heading: after a model switch the answer says
 *    what it answers and is marked stale;
 * 2. the hierarchy loaded on Overview is the one in force: apriori-km's form shows it and uses it
 *    without a button, and it can be switched off;
 * 5. a p-degree (groups) and an l-diversity (buckets) export load back as what they are and Check
 *    verifies their model on them;
 * 6. the Anonymize form keeps its method and parameters across tabs and reloads;
 * 8. a reload restores the datasets in the background without moving the selection, and same-named
 *    datasets get distinct labels.
 */
import { expect, test, type Page } from '@playwright/test';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cliSpawned } from '../test/cliSpawned.ts';
import { runCheck } from './checkForm.ts';
import { bucketsExportArgs, groupsExportArgs } from '../test/exportRuns.ts';
import { WORK_MS } from './limits.ts';

function cli(...args: string[]): void {
  const run = cliSpawned(...args);
  expect(run.code, run.stderr).toBe(0);
}

async function openSample(page: Page, id: string, rows: string) {
  await page.getByTestId(`sample-${id}`).click();
  await expect(page.getByTestId('stat-transactions')).toHaveText(rows);
}

/** The Anonymize form on the groceries sample: apriori-km, its k and m filled in. */
async function aprioriOnGroceries(page: Page, k: string, m: string) {
  await page.goto('/');
  await openSample(page, 'groceries', '80');
  await page.getByTestId('tab-anonymize').click();
  await page.getByTestId('method-select').selectOption('apriori-km');
  await page.getByTestId('param-k').fill(k);
  await page.getByTestId('param-m').fill(m);
}

test('1. Check after a model switch: the answer keeps its own heading and is marked stale', async ({
  page,
}) => {
  await page.goto('/');
  await openSample(page, 'ghinita-fig1a', '5');
  await page.getByTestId('tab-check').click();
  await runCheck(page, 'km-anonymity', '2', '1');
  await expect(page.getByTestId('check-verdict')).toHaveText('Does not hold');
  await expect(page.getByTestId('check-result')).toContainText('k^m-anonymity');
  await expect(page.getByTestId('check-stale')).toHaveCount(0);

  // The model switched, Check not pressed: the k^m answer never reads as a p-degree one.
  await page.getByTestId('check-model').selectOption('p-degree');
  await expect(page.getByTestId('check-stale')).toBeVisible();
  await expect(page.getByTestId('check-result')).toContainText('k^m-anonymity, k = 2, m = 1');
  await expect(page.getByTestId('check-result')).not.toContainText('p = 2');
  await page.screenshot({ path: 'test-results/check-after-model-switch.png', fullPage: true });

  // Checking again answers the new question, no longer stale.
  await page.getByTestId('check-sensitive-kind').selectOption('items');
  await page.getByTestId('check-sensitive').fill('Viagra, Pregnancy Test');
  await page.getByTestId('run-check').click();
  await expect(page.getByTestId('check-result')).toContainText('privacy degree p = 2');
  await expect(page.getByTestId('check-stale')).toHaveCount(0);
});

test('2. the hierarchy loaded on Overview is in force for apriori-km, shown in its form, and can be switched off', async ({
  page,
}) => {
  await page.goto('/');
  await openSample(page, 'groceries', '80');
  await page.getByTestId('hierarchy-file').setInputFiles(resolve('public/samples/groceries-hierarchy.csv'));
  await expect(page.getByTestId('hierarchy-summary')).toContainText('groceries-hierarchy.csv');

  await page.getByTestId('tab-anonymize').click();
  await page.getByTestId('method-select').selectOption('apriori-km');
  // No button to press: the dataset's hierarchy is the one in force.
  await expect(page.getByTestId('hierarchy-in-use')).toContainText('groceries-hierarchy.csv');
  await page.getByTestId('param-k').fill('3');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toBeVisible({ timeout: WORK_MS });
  await expect(page.getByTestId('run-detail')).toContainText('hierarchy: given');
  await expect(page.getByTestId('generalized-view')).toContainText('soft drinks');

  // Switched off for this dataset: the form says so and the run builds one.
  await page.getByTestId('hierarchy-off').click();
  await expect(page.getByTestId('hierarchy-in-use')).toHaveCount(0);
  await expect(page.getByTestId('hierarchy-param')).toContainText('builds');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-detail')).toContainText('hierarchy: built', { timeout: WORK_MS });
  await page.getByTestId('hierarchy-on').click();
  await expect(page.getByTestId('hierarchy-in-use')).toContainText('groceries-hierarchy.csv');
});

test('5. a groups export and a buckets export load back as what they are, and Check verifies their model', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'txanon-e2e-exports-'));
  const g = join(dir, 'g.csv');
  cli(...groupsExportArgs(join(dir, 'g.json'), g));
  const a = join(dir, 'a.csv');
  cli(...bucketsExportArgs(join(dir, 'a.json'), a));

  await page.goto('/');
  await expect(page.getByTestId('stat-transactions')).toBeVisible();
  // The two tables chosen together, as the page asks.
  await page.getByTestId('file-input').setInputFiles([g, join(dir, 'g-sensitive.csv')]);
  await expect(page.getByTestId('active-dataset-name')).toHaveText('g.csv');
  await expect(page.getByTestId('layout-note')).toContainText('groups export');
  await expect(page.getByTestId('layout-note')).toContainText('g-sensitive.csv');
  // Its rows are the published QID rows, not relational items such as group=[1,26.1).
  await expect(page.getByTestId('dataset-overview')).not.toContainText('group=');
  await page.getByTestId('tab-check').click();
  await runCheck(page, 'p-degree', '4');
  await expect(page.getByTestId('check-verdict')).toHaveText('Holds');
  await expect(page.getByTestId('check-result')).toContainText('groups export (g.csv and g-sensitive.csv)');
  await page.getByTestId('check-level').fill('9');
  await page.getByTestId('run-check').click();
  await expect(page.getByTestId('check-verdict')).toHaveText('Does not hold');
  await expect(page.getByTestId('check-problems').locator('li').first()).toContainText('degree 4 < p = 9');

  // A multi-anatomy export: l-diversity per bucket.
  copyFileSync(a, join(dir, 'anatomy-release.csv'));
  await page.getByTestId('file-input').setInputFiles(join(dir, 'anatomy-release.csv'));
  // The answer about g.csv no longer answers the form's question.
  await expect(page.getByTestId('check-stale')).toContainText('on g.csv');
  await page.getByTestId('tab-overview').click();
  await expect(page.getByTestId('active-dataset-name')).toHaveText('anatomy-release.csv');
  await expect(page.getByTestId('layout-note')).toContainText('buckets export');
  await page.getByTestId('tab-check').click();
  await runCheck(page, 'l-diversity', '2');
  await expect(page.getByTestId('check-verdict')).toHaveText('Holds');
  await expect(page.getByTestId('check-result')).toContainText('buckets export');
});

test('6. the Anonymize form keeps its method and parameters across tabs and reloads', async ({ page }) => {
  await aprioriOnGroceries(page, '7', '3');
  await page.getByTestId('tab-overview').click();
  await page.getByTestId('tab-anonymize').click();
  await expect(page.getByTestId('method-select')).toHaveValue('apriori-km');
  await expect(page.getByTestId('param-k')).toHaveValue('7');
  await expect(page.getByTestId('param-m')).toHaveValue('3');
  await page
    .getByTestId('anonymize-panel')
    .screenshot({ path: 'test-results/anonymize-after-tab-switch.png' });

  await page.reload();
  await expect(page.getByTestId('dataset-item')).not.toHaveCount(0);
  await page.getByTestId('tab-anonymize').click();
  await expect(page.getByTestId('method-select')).toHaveValue('apriori-km');
  await expect(page.getByTestId('param-k')).toHaveValue('7');
  await expect(page.getByTestId('param-m')).toHaveValue('3');
});

test('8. a reload restores every dataset in the background without moving the selection; same names told apart', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1); // the synthetic sample, first visit
  await openSample(page, 'ghinita-fig1a', '5');
  await openSample(page, 'coat-fig1a', '10');
  await openSample(page, 'groceries', '80');
  // The same file twice: two entries that can be told apart.
  await page.getByTestId('file-input').setInputFiles(resolve('public/samples/groceries.csv'));
  await expect(page.getByTestId('dataset-item')).toHaveCount(5);
  const listed = [
    'Synthetic T10I4D10K',
    'ghinita-fig1a.csv',
    'coat-fig1a.csv',
    'groceries.csv',
    'groceries.csv (2)',
  ];
  await expect(page.getByTestId('dataset-select')).toHaveText(listed);
  await page.getByTestId('dataset-select').filter({ hasText: 'coat-fig1a.csv' }).click();
  await expect(page.getByTestId('active-dataset-name')).toHaveText('coat-fig1a.csv');

  // Every name the overview shows from the reload on is recorded.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { shownNames: string[] }).shownNames = seen;
    new MutationObserver(() => {
      const name = document.querySelector('[data-testid="active-dataset-name"]')?.textContent;
      if (name && seen[seen.length - 1] !== name) seen.push(name);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.reload();
  await expect(page.getByTestId('dataset-item')).toHaveCount(5, { timeout: WORK_MS });
  await expect(page.getByTestId('dataset-select')).toHaveText(listed);
  await expect(page.getByTestId('active-dataset-name')).toHaveText('coat-fig1a.csv');
  await expect(page.getByTestId('stat-transactions')).toHaveText('10');
  // The selection never moved while the others came back.
  expect(await page.evaluate(() => (window as unknown as { shownNames: string[] }).shownNames)).toEqual([
    'coat-fig1a.csv',
  ]);
  // A click lands where it was made.
  await page.getByTestId('dataset-select').filter({ hasText: 'ghinita-fig1a.csv' }).click();
  await expect(page.getByTestId('active-dataset-name')).toHaveText('ghinita-fig1a.csv');
});

/** apriori-km (k = 5, m = 2, `order`) on the groceries sample from the Anonymize form, run until verified. */
async function runAprioriOnGroceries(page: Page, order: string, memoryMb?: string) {
  await aprioriOnGroceries(page, '5', '2');
  await page.getByTestId('param-order').selectOption(order);
  if (memoryMb !== undefined) await page.getByTestId('memory-mb').fill(memoryMb);
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toBeVisible({ timeout: WORK_MS });
}

test('3. an apriori-km release that generalizes most of the data says so and measures what would lose less', async ({
  page,
}) => {
  await runAprioriOnGroceries(page, 'alphabetical');
  await expect(page.getByTestId('run-warnings')).toContainText('generalizes or suppresses');
  const box = page.getByTestId('read-with-care');
  await expect(box).toContainText('of the item occurrences');
  // Its own title, not a second "read with care" beside the warnings box.
  await expect(box.locator('h4')).toHaveText('What would lose less on this file');
  await expect(page.getByTestId('read-with-care-verdict')).toBeVisible({ timeout: WORK_MS });
  // Measured, not guessed: a row per alternative (COAT, the other orders) with its figures.
  await expect(page.getByTestId('read-with-care-table').locator('tbody tr')).toHaveCount(5);
  await expect(page.getByTestId('read-with-care-table')).toContainText('coat (k = 5, m = 2)');
  // The verdict says which loss decided (NCP can favour a method that generalizes more occurrences).
  await expect(page.getByTestId('read-with-care-verdict')).toContainText(
    /loses less by (NCP|the share|AvgRE)/,
  );
  await box.screenshot({ path: 'test-results/read-with-care.png' });
});

test("3b. read with care measures the alternatives under the form's memory budget, and a refusal wraps inside the box", async ({
  page,
}) => {
  // apriori-km by support order fits in 1 MiB on this file (and generalizes every item); COAT's
  // constraints (12.6 MB) and the other orders' rare itemsets do not.
  await runAprioriOnGroceries(page, 'support', '1');
  await expect(page.getByTestId('read-with-care-verdict')).toBeVisible({ timeout: WORK_MS });
  const table = page.getByTestId('read-with-care-table');
  await expect(table).toContainText('did not run');
  await expect(table).toContainText('memory budget of 1 MiB');
  const box = await page.getByTestId('read-with-care').boundingBox();
  const wide = await table.boundingBox();
  expect(wide!.x + wide!.width).toBeLessThanOrEqual(box!.x + box!.width + 1);
  await page.getByTestId('read-with-care').screenshot({ path: 'test-results/read-with-care-refused.png' });
});

test('10. Results that mix privacy models say so and keep them apart; letters under every bar; log scale', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'txanon-e2e-mixed-'));
  const spec = join(dir, 'spec.json');
  writeFileSync(
    spec,
    JSON.stringify({
      name: 'k-anonymity and k^m',
      dataset: resolve('public/samples/groceries.csv'),
      seeds: [1, 2],
      metrics: ['avgre', 'ncp'],
      runs: [
        { method: 'pta', params: { k: [2, 3, 5] } },
        { method: 'patternka', params: { k: [2, 3, 5] } },
        { method: 'coat', params: { k: [2, 3, 5], m: 2 } },
        { method: 'apriori-km', params: { k: [2, 3, 5], m: 2, order: 'alphabetical' } },
      ],
    }),
  );
  cli('sweep', spec, '--workers', '1', '--out', join(dir, 'results.json'));
  await page.goto('/');
  await page.getByTestId('tab-results').click();
  await page.getByTestId('results-file').setInputFiles(join(dir, 'results.json'));
  await expect(page.getByTestId('result-row')).toHaveCount(24);
  const caption = page.getByTestId('results-models-caption');
  await expect(caption).toContainText('k-anonymity (pta, patternka)');
  await expect(caption).toContainText('k^m-anonymity (coat, apriori-km)');
  await expect(caption).toContainText('own non-dominated front');
  await page.getByTestId('results-metric').selectOption('avgre');
  await page.getByTestId('results-at').selectOption('5');
  await expect(page.getByTestId('chart-bar')).toHaveAttribute('data-points', '4');
  // The table below the bars keeps the models apart too: one table each, ranked from 1 in each.
  await expect(page.getByTestId('comparison-model')).toHaveText(['k-anonymity', 'k^m-anonymity']);
  const table = page.getByTestId('comparison-table');
  await expect(table.locator('tbody tr td:first-child')).toHaveText(['1', '2', '1', '2']);
  await table.screenshot({ path: 'test-results/results-mixed-table.png' });
  await page.screenshot({ path: 'test-results/results-mixed-models.png', fullPage: true });
});
