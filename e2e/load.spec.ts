/**
 * The foundation in a real Chromium: the page is cross-origin isolated, opens on the built-in
 * sample, shows a dropped FIMI file's stats and charts, and keeps it when a malformed file fails.
 */
import { expect, test, type Page } from '@playwright/test';

async function dropFile(page: Page, name: string, content: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ([fileName, text]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], fileName, { type: 'text/plain' }));
      return transfer;
    },
    [name, content] as const,
  );
  await page.dispatchEvent('[data-testid=drop-zone]', 'drop', { dataTransfer });
}

const consoleErrors: string[] = [];

test.beforeEach(async ({ page }) => {
  consoleErrors.length = 0;
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.goto('/');
});

test('opens on the built-in sample, cross-origin isolated', async ({ page }) => {
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await expect(page.getByTestId('isolation-status')).toContainText('cross-origin isolated');
  await expect(page.getByTestId('stat-transactions')).toHaveText('10,000');
  await expect(page.getByTestId('chart-risk')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('drop a FIMI file, see stats and charts; a malformed file errors and the first stays', async ({
  page,
}) => {
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  const fimi = ['1 2 3', '2 3', '1 3 4 5', '', '5 5 6', '7'].join('\n') + '\n';
  await dropFile(page, 'small.dat', fimi);
  await expect(page.getByTestId('active-dataset-name')).toHaveText('small.dat');
  await expect(page.getByTestId('stat-transactions')).toHaveText('6');
  await expect(page.getByTestId('stat-items')).toHaveText('7');
  await expect(page.getByTestId('stat-max-length')).toHaveText('4');
  await expect(page.getByTestId('stat-empty')).toHaveText('1');
  await expect(page.getByTestId('load-warnings')).toContainText('1 warning');
  for (const chart of ['chart-top-items', 'chart-rank-frequency', 'chart-lengths', 'chart-risk']) {
    await expect(page.getByTestId(chart).locator('canvas')).toBeVisible();
  }
  await page.screenshot({ path: 'test-results/overview-small.png', fullPage: true });

  await dropFile(page, 'broken.dat', '1 2 3\n4 5 x\n');
  await expect(page.getByTestId('load-error')).toContainText('broken.dat');
  await expect(page.getByTestId('load-error-position')).toContainText('line 2, column 5');
  await expect(page.getByTestId('dataset-item')).toHaveCount(2);
  await expect(page.getByTestId('active-dataset-name')).toHaveText('small.dat');
  await expect(page.getByTestId('stat-transactions')).toHaveText('6');
  await page.screenshot({ path: 'test-results/error-kept.png', fullPage: true });
});

test('switch between datasets; an unterminated CSV quote and a bad ARFF row name their lines', async ({
  page,
}) => {
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await dropFile(page, 'basket.csv', 'bread,milk\n"eggs,butter\n');
  await expect(page.getByTestId('load-error-position')).toContainText('line 2, column 1');
  await dropFile(
    page,
    'rows.arff',
    '@relation r\n@attribute a {0,1}\n@attribute b {0,1}\n@data\n1,0\n1,0,1\n',
  );
  await expect(page.getByTestId('load-error-position')).toContainText('line 6, column 5');
  await dropFile(page, 'basket.csv', 'bread,milk\neggs,"butter, salted"\nmilk\n');
  await expect(page.getByTestId('stat-transactions')).toHaveText('3');
  await expect(page.getByTestId('dataset-item')).toHaveCount(2);
  await page.getByTestId('dataset-select').first().click();
  await expect(page.getByTestId('stat-transactions')).toHaveText('10,000');
});

test("the papers' worked examples load as samples", async ({ page }) => {
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await page.getByTestId('sample-ghinita-fig1a').click();
  await expect(page.getByTestId('stat-transactions')).toHaveText('5');
  await expect(page.getByTestId('stat-items')).toHaveText('6');
  await page.getByTestId('sample-pta-fig2a').click();
  await expect(page.getByTestId('stat-transactions')).toHaveText('13');
  await expect(page.getByTestId('stat-items')).toHaveText('5');
  await page.getByTestId('sample-anatomy-table1a').click();
  await expect(page.getByTestId('stat-transactions')).toHaveText('10');
  await page.getByTestId('sample-coat-fig1a').click();
  await expect(page.getByTestId('stat-items')).toHaveText('8');
  await expect(page.getByTestId('dataset-item')).toHaveCount(5);
  expect(consoleErrors).toEqual([]);
});
