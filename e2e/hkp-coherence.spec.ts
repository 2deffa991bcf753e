/**
 * (h,k,p)-coherence in the page: its example sample opens on the Teach tab with its settings (the
 * moles, the size-1 mole g, the MOLE-tree, each suppression with its MM/IL), and the Check page
 * checks the example as it stands against the model, naming its moles.
 */
import { expect, test } from '@playwright/test';

test('teach and check (h,k,p)-coherence on its example', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('sample-hkp-example').click();
  await expect(page.getByTestId('stat-transactions')).toHaveText('12');
  await page.getByTestId('tab-teach').click();
  await expect(page.getByTestId('teach-step')).toHaveText(/^step 1 of \d+$/);
  await expect(page.getByTestId('teach-title')).toHaveText('Public and private items');
  await page.getByTestId('teach-next').click();
  await expect(page.getByTestId('teach-title')).toHaveText('Minimal moles');
  await page.getByTestId('teach-next').click();
  await page.getByTestId('teach-next').click();
  await page.getByTestId('teach-next').click();
  await expect(page.getByTestId('teach-title')).toHaveText('Suppress f');
  await expect(page.getByTestId('teach-text')).toContainText('MM/IL = 3/6');
  await page.screenshot({ path: 'test-results/hkp-teach.png', fullPage: true });

  await page.getByTestId('tab-check').click();
  await page.getByTestId('check-model').selectOption('hkp-coherence');
  await page.getByTestId('check-level').fill('2');
  await page.getByTestId('check-hkp-p').fill('2');
  await page.getByTestId('check-h').fill('0.6');
  await page.getByTestId('check-sensitive-kind').selectOption('items');
  await page.getByTestId('check-sensitive').fill('HIV, Diabetes');
  await page.getByTestId('run-check').click();
  await expect(page.getByTestId('check-verdict')).toHaveText('Does not hold');
  await expect(page.getByTestId('check-offered')).toHaveText('1');
  await expect(page.getByTestId('check-problems')).toContainText(
    'HIV is held by 2 of the 2 rows holding {a, d} (1.000 > h = 0.6)',
  );
  await page.screenshot({ path: 'test-results/hkp-check.png', fullPage: true });
});
