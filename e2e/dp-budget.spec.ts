/**
 * One privacy budget per dataset in the page (issue 45): the ε each DP release spends on the
 * loaded dataset adds up beside every DP form (PrivBayes, DiffPart, PrivBasis), survives a reload,
 * and a run that would pass the budget the user set waits for "Run anyway" (Cancel runs nothing).
 * The book downloaded from the page is the CLI's `--budget-file`: the CLI, on the same file, finds
 * the same dataset (same content hash) and refuses a run past the budget with exit 2. Screenshot in
 * test-results/dp-budget.png.
 */
import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

test('the page keeps one ε budget per dataset, asks before passing it, and hands it to the CLI', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await page.getByTestId('sample-dp-baskets').click();
  await expect(page.getByTestId('stat-transactions')).toHaveText('10');
  await page.getByTestId('tab-anonymize').click();

  await page.getByTestId('method-select').selectOption('privbayes');
  await page.getByTestId('param-epsilon').fill('1');
  await expect(page.getByTestId('budget-spent')).toHaveText('Spent: ε 0 in 0 DP releases');
  await page.getByTestId('budget-input').fill('1.5');
  await expect(page.getByTestId('budget-spent')).toHaveText('Spent: ε 0 of 1.5 in 0 DP releases');
  await expect(page.getByTestId('budget-after')).toHaveText('This run asks ε 1: the total would be ε 1');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-row')).toHaveCount(1, { timeout: 120_000 });
  await expect(page.getByTestId('budget-spent')).toHaveText('Spent: ε 1 of 1.5 in 1 DP release');

  // Beside DiffPart's form too; ε 1 more would pass 1.5: asked, and Cancel runs nothing.
  await page.getByTestId('method-select').selectOption('diffpart');
  await page.getByTestId('param-epsilon').fill('1');
  await expect(page.getByTestId('budget-after')).toHaveText(
    'This run asks ε 1: the total would be ε 2, past the budget of 1.5',
  );
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('budget-confirm')).toContainText('spent ε 1 of 1.5');
  await page.getByTestId('budget-confirm').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/dp-budget.png', fullPage: true });
  await page.getByTestId('budget-confirm-cancel').click();
  await expect(page.getByTestId('budget-confirm')).toHaveCount(0);
  await expect(page.getByTestId('run-row')).toHaveCount(1);
  await expect(page.getByTestId('budget-spent')).toHaveText('Spent: ε 1 of 1.5 in 1 DP release');

  // ε 0.5 fits exactly (exact sums: 1 + 0.5 is not past 1.5): no question. PrivBayes spends all it
  // asks (DiffPart's ledger may spend less, by its noise: the page enters what the ledger spent).
  await page.getByTestId('method-select').selectOption('privbayes');
  await page.getByTestId('param-epsilon').fill('0.5');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-row')).toHaveCount(2, { timeout: 120_000 });
  await expect(page.getByTestId('budget-spent')).toHaveText('Spent: ε 1.5 of 1.5 in 2 DP releases');

  // Beside PrivBasis's form, after a reload: the book was kept; "Run anyway" runs past it.
  await page.reload();
  await page.getByTestId('tab-anonymize').click();
  await page.getByTestId('method-select').selectOption('privbasis');
  await expect(page.getByTestId('budget-spent')).toHaveText('Spent: ε 1.5 of 1.5 in 2 DP releases');
  await page.getByTestId('param-epsilon').fill('0.25');
  await page.getByTestId('run-method').click();
  await page.getByTestId('budget-confirm-run').click();
  await expect(page.getByTestId('run-row')).toHaveCount(3, { timeout: 120_000 });
  await expect(page.getByTestId('budget-spent')).toHaveText(
    'Spent: ε 1.75 of 1.5 in 3 DP releases (already past the budget)',
  );
  await page.getByTestId('budget-releases').click();
  await expect(page.getByTestId('budget-releases')).toContainText('privbasis: ε 0.25');
  await page.getByTestId('dp-budget').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/dp-budget-spent.png', fullPage: false });

  // The page's book is the CLI's --budget-file: the same dataset, the same sums, the same refusal.
  const dir = mkdtempSync(join(tmpdir(), 'dp-budget-'));
  const bookPath = join(dir, 'budget.json');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('budget-download').click();
  writeFileSync(bookPath, readFileSync((await (await downloading).path())!));
  const book = JSON.parse(readFileSync(bookPath, 'utf8')) as {
    budget: number;
    datasets: Record<string, { releases: { method: string; epsilon: number }[] }>;
  };
  expect(book.budget).toBe(1.5);
  expect(Object.values(book.datasets).map((d) => d.releases.map((r) => r.method))).toEqual([
    ['privbayes', 'privbayes', 'privbasis'],
  ]);
  const cli = spawnSync(
    'npx',
    [
      'tsx',
      'src/cli/main.ts',
      'anonymize',
      'public/samples/dp-baskets.csv',
      '--method',
      'privbayes',
      '--epsilon',
      '0.1',
      '--budget-file',
      bookPath,
      '--out',
      join(dir, 'release.json'),
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  expect(cli.status).toBe(2);
  expect(cli.stderr).toContain('dp-baskets.csv has spent ε 1.75 of its budget 1.5');
});
