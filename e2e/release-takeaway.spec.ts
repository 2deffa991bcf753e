/**
 * A release an analyst can take away (issue 16): a csv-basket file whose items are names with
 * spaces, commas and quotes; PTA and COAT run through their phases; the summary, the metrics with
 * their meanings and the rows before and after are shown; the csv-basket export downloads under
 * the input's name, loads back into the page, and Check confirms its guarantee; the runs survive
 * a reload with their files.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { runCheck } from './checkForm.ts';
import { WORK_MS, TEST_MS } from './limits.ts';

const ITEMS = [
  'whole milk',
  'other vegetables',
  'rolls/buns',
  'frozen vegetables',
  'cat food',
  'curd cheese',
  'bottled water',
  'tropical fruit',
  'crème fraîche',
  '"organic" eggs',
  'salt, coarse',
  'yogurt',
];

/** 300 baskets drawn with a fixed LCG, popular items first, written with CSV quoting. */
function groceries(): string {
  let state = 7;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const lines: string[] = [];
  for (let r = 0; r < 300; r++) {
    const basket = new Set<string>();
    const size = 1 + Math.floor(next() * 4);
    while (basket.size < size) basket.add(ITEMS[Math.floor(next() ** 1.6 * ITEMS.length)]);
    lines.push([...basket].map((t) => (/[",]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t)).join(','));
  }
  return lines.join('\n') + '\n';
}

async function run(page: Page, method: string, params: Record<string, string>): Promise<void> {
  await page.getByTestId('method-select').selectOption(method);
  for (const [name, value] of Object.entries(params)) await page.getByTestId(`param-${name}`).fill(value);
  const rows = await page.getByTestId('run-row').count();
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-row')).toHaveCount(rows + 1, { timeout: WORK_MS });
  await expect(page.getByTestId('run-verified')).toBeVisible();
}

/** Downloads the selected run's data as csv-basket and loads the file into the page. */
async function exportAndLoad(page: Page, expectedName: string): Promise<string> {
  await expect(page.getByTestId('export-format')).toHaveValue('csv-basket');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('download-data').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(expectedName);
  const text = readFileSync((await download.path())!, 'utf8');
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: expectedName, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await expect(page.getByTestId('dataset-item').filter({ hasText: expectedName })).toHaveClass(/active/);
  return text;
}

async function check(page: Page, model: string, level: string, m?: string): Promise<void> {
  await page.getByTestId('tab-check').click();
  await runCheck(page, model, level, m);
  await expect(page.getByTestId('check-verdict')).toHaveText('Holds');
}

test('PTA and COAT on multi-word items: phases, summary, rows before/after, export, check, reload', async ({
  page,
}) => {
  test.setTimeout(TEST_MS);
  await page.goto('/');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await page.getByTestId('file-input').setInputFiles({
    name: 'groceries.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(groceries()),
  });
  await expect(page.getByTestId('active-dataset-name')).toHaveText('groceries.csv');
  await expect(page.getByTestId('stat-items')).toHaveText('12');
  await page.getByTestId('tab-anonymize').click();

  // Every phase is reported while the run goes (the worker always passes a phase's start on).
  const phases = page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        const observer = new MutationObserver(() => {
          const phase = document.querySelector('[data-testid="run-progress"]')?.getAttribute('data-phase');
          if (phase && seen[seen.length - 1] !== phase) seen.push(phase);
          if (!document.querySelector('[data-testid="run-progress"]') && seen.length > 0) {
            observer.disconnect();
            resolve(seen);
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      }),
  );
  await run(page, 'pta', { k: '5' });
  expect(await phases).toContain('running');

  const detail = page.getByTestId('run-detail');
  await expect(page.getByTestId('summary-rows')).toContainText('300 rows before, 300 after');
  await expect(page.getByTestId('summary-items')).toContainText('12 distinct items before');
  await expect(page.getByTestId('summary-basket')).toContainText('items on average');
  await expect(page.getByTestId('summary-pairs')).toContainText('pairs held by at least 1% of the rows');
  await expect(page.getByTestId('summary-time')).toContainText('the whole run');
  await expect(page.getByTestId('row-example')).not.toHaveCount(0);
  await expect(page.getByTestId('row-examples')).toContainText('whole milk');
  await expect(page.getByTestId('metric-il_ratio')).toContainText('lower is better');
  await expect(page.getByTestId('run-total')).toHaveCount(1);
  await detail.screenshot({ path: 'test-results/release-takeaway-pta.png' });

  // The csv-basket export: one item a field, so `salt, coarse` and `"organic" eggs` stay whole.
  const ptaText = await exportAndLoad(page, 'groceries-pta-k5.csv');
  expect(ptaText).not.toContain('.csv.csv');
  await check(page, 'k-anonymity', '5');

  await page
    .getByTestId('dataset-select')
    .filter({ hasText: /^groceries\.csv$/ })
    .click();
  await page.getByTestId('tab-anonymize').click();
  await run(page, 'coat', { k: '5', m: '2' });
  await expect(page.getByTestId('summary-items')).toContainText('generalized items added');
  const coatText = await exportAndLoad(page, 'groceries-coat-k5-m2.csv');
  expect(coatText).toMatch(/"\(/); // generalized items such as "(cat food,curd cheese)" are one quoted field
  await check(page, 'km-anonymity', '5', '2');

  // Everything survives a reload: the datasets, and both runs with their files.
  await page.reload();
  await expect(page.getByTestId('dataset-item')).toHaveCount(4, { timeout: WORK_MS });
  await page
    .getByTestId('dataset-select')
    .filter({ hasText: /^groceries\.csv$/ })
    .click();
  await page.getByTestId('tab-anonymize').click();
  await expect(page.getByTestId('run-row')).toHaveCount(2);
  await page.getByTestId('run-row').first().click();
  await expect(page.getByTestId('summary-rows')).toContainText('300 rows before');
  await expect(page.getByTestId('row-examples')).toBeVisible();
  const again = page.waitForEvent('download');
  await page.getByTestId('download-data').click();
  expect(readFileSync((await (await again).path())!, 'utf8')).toBe(ptaText);
  await page.screenshot({ path: 'test-results/release-takeaway-reloaded.png', fullPage: true });
});
