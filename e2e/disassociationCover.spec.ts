/**
 * The cover problem in the page's Attack panel (issue 41): ten baskets where apple is in eight,
 * bread in four, both in two (k = 3, m = 2), so plain disassociation puts them in separate chunks
 * whose supports force two rows to hold both (a cover). The inference attack after the plain
 * release proves bread for a target known to hold apple's chunk partner (none claimed); after the
 * safe variant it proves nothing, against its guarantee. Screenshots go to test-results/.
 */
import { expect, test, type Page } from '@playwright/test';

async function runAndAttack(page: Page, safe: boolean) {
  await page.getByTestId('method-select').selectOption('disassociation');
  await page.getByTestId('param-k').fill('3');
  await page.getByTestId('param-m').fill('2');
  await page.getByTestId('param-maxCluster').fill('10');
  await page.getByTestId('param-safe').setChecked(safe);
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toBeVisible();
  const panel = page.getByTestId('attack-panel');
  // The new run's panel, with no result yet (the previous run's panel is replaced).
  await expect(panel.getByTestId('attack-inference')).toHaveCount(0);
  await panel.getByTestId('attack-known').fill('1');
  await panel.getByTestId('attack-choose').selectOption('rarest');
  await panel.getByTestId('attack-target-row').fill('7');
  await panel.getByTestId('attack-run').click();
  const inference = panel.getByTestId('attack-inference');
  await expect(inference.getByTestId('attack-after')).toHaveCount(1);
  return { panel, inference };
}

test('the cover attack: plain disassociation proves an association across chunks, the safe variant none', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await page.getByTestId('file-input').setInputFiles('test/data/disassociation-cover.csv.gz');
  await expect(page.getByTestId('stat-transactions')).toHaveText('10');
  await page.getByTestId('tab-anonymize').click();

  const plain = await runAndAttack(page, false);
  // Knowing bread (its rarest item), two of bread's four rows are proven to hold apple: 1 in 2.
  await expect(plain.inference.getByTestId('attack-after')).toContainText('1 in 2');
  await expect(plain.inference).not.toContainText('the guarantee');
  await expect(plain.inference.locator('canvas')).toBeVisible();
  await plain.panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/cover-plain.png', fullPage: true });

  const safe = await runAndAttack(page, true);
  await expect(safe.inference.getByTestId('attack-after')).toContainText('never');
  await expect(safe.inference).toContainText('the guarantee: never');
  await expect(safe.inference.locator('td.warn')).toHaveCount(0);
  await safe.panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/cover-safe.png', fullPage: true });
  await safe.panel.screenshot({ path: 'test-results/cover-safe-panel.png' });
});
