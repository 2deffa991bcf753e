/**
 * Hierarchies and rules in the page (DESIGN.md sec. 7): load the grocery sample and its hierarchy
 * file, see the tree (a bad file names its line and item and the tree stays), run apriori-km over
 * it, see the published nodes marked, download the rules, apply them to the next batch loaded as a
 * second file, and read the check of the outcome.
 */
import { expect, test } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { WORK_MS } from './limits.ts';

test('hierarchy, apriori-km over it, rules applied to the next batch', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'txanon-e2e-rules-'));
  await page.goto('/');
  await page.getByTestId('sample-groceries').click();
  await expect(page.getByTestId('stat-transactions')).toHaveText('80');

  // The hierarchy file, loaded beside the dataset.
  await expect(page.getByTestId('hierarchy-none')).toBeVisible();
  await page.getByTestId('hierarchy-file').setInputFiles(resolve('public/samples/groceries-hierarchy.csv'));
  await expect(page.getByTestId('hierarchy-summary')).toContainText(
    '29 items, 17 categories, 4 fields a line',
  );
  await expect(page.getByTestId('hierarchy-absent')).toContainText('ginger ale');
  await expect(page.getByTestId('hierarchy-tree')).toHaveAttribute('data-points', '1');
  await page.getByTestId('hierarchy-panel').screenshot({ path: 'test-results/hierarchy-tree.png' });

  // A broken file names its line and item; the loaded hierarchy stays.
  const bad = join(dir, 'broken-hierarchy.csv');
  writeFileSync(bad, 'whole milk;milk;dairy;food\nwhole milk;milk;drinks;food\n');
  await page.getByTestId('hierarchy-file').setInputFiles(bad);
  await expect(page.getByTestId('hierarchy-error')).toContainText(
    "broken-hierarchy.csv:2:1: item 'whole milk' appears twice (first on line 1)",
  );
  await expect(page.getByTestId('hierarchy-error')).toContainText(
    'The dataset keeps groceries-hierarchy.csv',
  );
  await expect(page.getByTestId('hierarchy-summary')).toContainText('groceries-hierarchy.csv');

  // apriori-km over it: the cut marked in the tree, the measure that chose it in the notes.
  await page.getByTestId('tab-anonymize').click();
  await page.getByTestId('method-select').selectOption('apriori-km');
  await expect(page.getByTestId('hierarchy-in-use')).toContainText('groceries-hierarchy.csv');
  await page.getByTestId('param-k').fill('3');
  await page.getByTestId('param-m').fill('2');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toBeVisible({ timeout: WORK_MS });
  await expect(page.getByTestId('run-detail')).toContainText('chosen by: least NCP');
  await expect(page.getByTestId('published-count')).toContainText(
    '8 node(s) of the hierarchy stand for 27 items',
  );
  await expect(page.locator('.hierarchy-tree', { has: page.getByTestId('published-tree') })).toHaveAttribute(
    'data-highlighted',
    '8',
  );
  await expect(page.getByTestId('generalized-view')).toContainText('soft drinks');
  await page.getByTestId('published-nodes').screenshot({ path: 'test-results/published-cut.png' });

  // The rules, downloaded as a file.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-rules').click(),
  ]);
  const rulesPath = join(dir, download.suggestedFilename());
  await download.saveAs(rulesPath);
  expect(download.suggestedFilename()).toBe('groceries-apriori-km-k3-m2-hierarchy-rules.json');
  const rules = JSON.parse(readFileSync(rulesPath, 'utf8'));
  expect(rules).toMatchObject({ format: 'txanon-rules/1', kind: 'generalized', params: { k: 3, m: 2 } });

  // The next batch, loaded as a second file, treated by the saved rules and checked.
  await page.getByTestId('file-input').setInputFiles(resolve('public/samples/groceries-next.csv'));
  await page.getByTestId('tab-overview').click();
  await expect(page.getByTestId('active-dataset-name')).toHaveText('groceries-next.csv');
  await expect(page.getByTestId('stat-transactions')).toHaveText('60');
  await page.getByTestId('tab-check').click();
  await page.getByTestId('apply-rules-file').setInputFiles(rulesPath);
  await page.getByTestId('apply-rules').click();
  await expect(page.getByTestId('apply-verdict')).toHaveText('The guarantee does not hold');
  await expect(page.getByTestId('apply-offered')).toHaveText('1');
  await expect(page.getByTestId('apply-problems').locator('li').first()).toHaveText(
    'itemset {alcohol, hot drinks} occurs in 1 rows, fewer than k = 3',
  );
  await expect(page.getByTestId('apply-report')).toContainText(
    '3 item(s) new to the rules (kombucha, salmon, ginger ale): 1 placed by the hierarchy, 2 suppressed',
  );
  const [treated] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('apply-download-data').click(),
  ]);
  const treatedPath = join(dir, 'treated.csv');
  await treated.saveAs(treatedPath);
  expect(readFileSync(treatedPath, 'utf8').trim().split('\n')).toHaveLength(60);
  await page.getByTestId('apply-rules-panel').screenshot({ path: 'test-results/apply-rules.png' });
});
