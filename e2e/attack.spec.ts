/**
 * The Attack panel (issue 39): on Check, Eve's attack on Ghinita Fig. 1a as it stands (Claire
 * singled out by Cream and Strawberries); after gray-cahd p = 2, before and after side by side, the
 * inference attack kept at 1 in 2, and after PTA k = 2 identity at most 1 in 2, its bound drawn.
 */
import { expect, test, type Page } from '@playwright/test';

async function openFig1a(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await page.getByTestId('sample-ghinita-fig1a').click();
  await expect(page.getByTestId('stat-transactions')).toHaveText('5');
}

test('Check: the input as it stands, Claire singled out by two of her items', async ({ page }) => {
  await openFig1a(page);
  await page.getByTestId('tab-check').click();
  const panel = page.getByTestId('attack-panel');
  await expect(panel).toBeVisible();
  // Claire is row 3 (Strawberries, Cream, Pregnancy Test); her rarest two items single her out.
  await panel.getByTestId('attack-choose').selectOption('rarest');
  await panel.getByTestId('attack-target-row').fill('3');
  await panel.getByTestId('attack-run').click();
  await expect(panel.getByTestId('attack-before')).toHaveCount(4);
  await expect(panel.getByTestId('attack-after')).toHaveCount(0);
  await expect(panel.getByTestId('attack-chart-identity').locator('canvas')).toBeVisible();
  await expect(panel.getByTestId('attack-target')).toContainText('left with 1 row');
  await expect(panel.getByTestId('attack-candidates-before').locator('li.attack-own')).toHaveCount(1);
  await expect(panel.getByTestId('attack-sentence')).toContainText(
    "An attacker who knows 2 of a person's items",
  );
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/attack-check.png', fullPage: true });
});

test('after gray-cahd p = 2: inference at most 1 in 2; after PTA k = 2: identity at most 1 in 2', async ({
  page,
}) => {
  await openFig1a(page);
  await page.getByTestId('tab-anonymize').click();
  await page.getByTestId('method-select').selectOption('gray-cahd');
  await page.getByTestId('param-p').fill('2');
  await page.getByTestId('sensitive-mode').selectOption('items');
  await page.getByTestId('sensitive-items').fill('Viagra, Pregnancy Test');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toBeVisible();
  const panel = page.getByTestId('attack-panel');
  await panel.getByTestId('attack-known').fill('1,2');
  await panel.getByTestId('attack-target-row').fill('3');
  await panel.getByTestId('attack-run').click();
  const inference = panel.getByTestId('attack-inference');
  await expect(inference.getByTestId('attack-after')).toHaveCount(2);
  await expect(inference.getByTestId('attack-after').last()).toContainText('1 in 2');
  await expect(inference).toContainText('(the guarantee: 1 in 2)');
  await expect(panel.getByTestId('attack-candidates-after')).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/attack-gray-cahd.png', fullPage: true });

  await page.getByTestId('method-select').selectOption('pta');
  await page.getByTestId('param-k').fill('2');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-row')).toHaveCount(2);
  const ptaPanel = page.getByTestId('attack-panel');
  await ptaPanel.getByTestId('attack-run').click();
  const identity = ptaPanel.getByTestId('attack-identity');
  await expect(identity.getByTestId('attack-after')).toHaveCount(4);
  for (const cell of await identity.getByTestId('attack-after').all())
    await expect(cell).not.toContainText('every time');
  await expect(identity).toContainText('the guarantee: 1 in 2');
  await expect(identity.locator('td.warn')).toHaveCount(0);
  await ptaPanel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/attack-pta.png', fullPage: true });
});

test("the stepper's attack step on Ghinita Fig. 1a: Eve's two items, her candidates drawn", async ({
  page,
}) => {
  await openFig1a(page);
  await page.getByTestId('tab-teach').click();
  await page.getByTestId('teach-method').selectOption('gray-cahd');
  await expect(page.getByTestId('teach-step')).toHaveText(/^step 1 of \d+$/);
  await page.getByTestId('teach-last').click();
  await expect(page.getByTestId('teach-title')).toHaveText('The release');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('teach-title')).toHaveText('The attack');
  await expect(page.getByTestId('teach-text')).toContainText("Eve knows Claire's Cream and Strawberries");
  await page.screenshot({ path: 'test-results/attack-stepper.png', fullPage: true });
});
