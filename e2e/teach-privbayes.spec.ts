/**
 * PrivBayes stepped in the page (issue 45), on the 10-row DP sample: the row count with its noise,
 * the network growing pick by pick (each candidate pair with its R score and chance, the one drawn
 * marked), each marginal's true and noisy counts, the ledger growing; then the Anonymize form's
 * "Step through it" link for PrivBayes. Screenshots: test-results/teach-privbayes-pick.png and
 * teach-privbayes-marginal.png.
 */
import { expect, test } from '@playwright/test';

test('PrivBayes steps through its network, its noisy marginals and its ledger', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.getByTestId('sample-dp-baskets').click();
  await expect(page.getByTestId('stat-transactions')).toHaveText('10');
  await page.getByTestId('tab-teach').click();
  await page.getByTestId('teach-method').selectOption('privbayes');
  await page.getByTestId('param-epsilon').fill('10');
  await page.getByTestId('param-degree').fill('1');
  await expect(page.getByTestId('teach-title')).toHaveText(/^How many rows: \d+$/);
  await expect(page.getByTestId('teach-text')).toContainText('drawn from seed');
  await expect(page.getByTestId('teach-ledger')).toBeVisible();

  // Forward to the second pick: a network of three nodes, candidates with R and chance.
  for (let i = 0; i < 4; i++) await page.getByTestId('teach-next').click();
  await expect(page.getByTestId('teach-title')).toHaveText(/^Node X3: .+ given \{.+\}$/);
  await expect(page.getByTestId('teach-candidates')).toContainText('chance %');
  await expect(page.getByTestId('teach-candidates')).toContainText('R');
  await expect(page.getByTestId('teach-state')).toContainText('X3');
  await page.screenshot({ path: 'test-results/teach-privbayes-pick.png', fullPage: true });

  // On to the first marginal: its four cells with their true and noisy counts.
  while (!((await page.getByTestId('teach-title').textContent()) ?? '').startsWith('Noisy counts of'))
    await page.getByTestId('teach-next').click();
  await expect(page.getByTestId('teach-candidates')).toContainText('true count');
  await expect(page.getByTestId('teach-candidates')).toContainText('noisy count');
  await page.screenshot({ path: 'test-results/teach-privbayes-marginal.png', fullPage: true });
  await page.getByTestId('teach-last').click();
  await expect(page.getByTestId('teach-title')).toHaveText('The release');

  // The Anonymize form offers the stepper for PrivBayes on this file.
  await page.getByTestId('tab-anonymize').click();
  await page.getByTestId('method-select').selectOption('privbayes');
  await page.getByTestId('teach-link').click();
  await expect(page.getByTestId('teach-method')).toHaveValue('privbayes');
  await expect(page.getByTestId('teach-title')).toHaveText(/^How many rows: \d+$/);
});
