/**
 * Running k-anonymity methods from the page: PTA on its worked example (its steps: e2e/teach.spec.ts),
 * PatternKa on the synthetic sample; each run verified, with its command and downloads.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { WORK_MS } from './limits.ts';

/** Opens the page, loads a sample (null: the default one), checks its size and picks a method. */
async function openMethod(
  page: Page,
  sample: string | null,
  transactions: string,
  method: string,
): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  if (sample) await page.getByTestId(`sample-${sample}`).click();
  await expect(page.getByTestId('stat-transactions')).toHaveText(transactions);
  await page.getByTestId('tab-anonymize').click();
  await page.getByTestId('method-select').selectOption(method);
}

test('PTA on the paper example: a link to its steps, verified run, downloads', async ({ page }) => {
  await openMethod(page, 'pta-fig2a', '13', 'pta');
  await page.getByTestId('param-k').fill('3');
  await page.getByTestId('param-segments').fill('2');
  await expect(page.getByTestId('teach-link')).toHaveAttribute('href', /method=pta&k=3&segments=2/);
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-row')).toHaveCount(1);
  await expect(page.getByTestId('run-verified')).toBeVisible();
  await expect(page.getByTestId('run-command')).toContainText(
    'anonymize pta-fig2a.arff --method pta --k 3 --segments 2',
  );
  await expect(page.getByTestId('chart-class-sizes').locator('canvas')).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('download-json').click();
  const download = await downloadPromise;
  const release = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(release).toMatchObject({
    format: 'txanon-release/1',
    method: 'pta',
    kind: 'transactions',
    params: { k: 3, segments: 2 },
  });
  expect(release.transactions).toHaveLength(13);
  // The tab's memory, as the browser measures it, shows beside the run (and in its detail).
  await expect(page.getByTestId('run-tab-memory')).toHaveText(/^[\d,]+ MB$/, { timeout: WORK_MS });
  await expect(page.getByTestId('run-detail-memory')).toContainText(/tab memory after the run: [\d,]+ MB/);
  await page.screenshot({ path: 'test-results/pta-run.png', fullPage: true });
});

test('PatternKa on the synthetic sample, then an impossible k is a clear error', async ({ page }) => {
  await openMethod(page, null, '10,000', 'patternka');
  await page.getByTestId('param-k').fill('10');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-row')).toHaveCount(1, { timeout: WORK_MS });
  await expect(page.getByTestId('run-verified')).toBeVisible();
  await expect(page.getByTestId('run-table')).toContainText('gcp');
  await page.screenshot({ path: 'test-results/patternka-run.png', fullPage: true });
  await page.getByTestId('param-k').fill('20000');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-error')).toContainText('at least k = 20000 transactions');
  await expect(page.getByTestId('run-row')).toHaveCount(1);
});

test('multi-anatomy on Table I(A): l-diverse buckets, item partition, phi² heatmap, rules', async ({
  page,
}) => {
  await openMethod(page, 'anatomy-table1a', '10', 'multi-anatomy');
  await page.getByTestId('param-l').fill('2');
  await page.getByTestId('param-columns').fill('2');
  await page.getByTestId('metric-rules').check();
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toContainText('every bucket column l-diverse');
  await expect(page.getByTestId('item-columns').locator('li')).toHaveCount(2);
  await expect(page.getByTestId('chart-phi-heatmap').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('run-table')).toContainText('ar');
  // The data download is the long table of DESIGN.md sec. 4: every cell of the 10 rows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-data').click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split('\n');
  expect(lines[0]).toBe('bucket,row,column,item');
  expect(new Set(lines.slice(1).map((line) => line.split(',')[1]))).toEqual(
    new Set(Array.from({ length: 10 }, (_, i) => String(i + 1))),
  );
  await page.screenshot({ path: 'test-results/multi-anatomy.png', fullPage: true });
});

test('multi-anatomy says which l-diversity reading is in force and offers a feasible setting', async ({
  page,
}) => {
  await openMethod(page, 'anatomy-table1a', '10', 'multi-anatomy');
  await expect(page.getByTestId('diversity-reading')).toContainText('frequency');
  await page.getByTestId('param-l').fill('4');
  await page.getByTestId('param-columns').fill('3');
  await page.getByTestId('feasibility-button').click();
  await expect(page.getByTestId('feasibility-verdict')).toContainText('Not feasible');
  await page.screenshot({ path: 'test-results/multi-anatomy-feasibility.png', fullPage: true });
  await page.getByTestId('use-l').click();
  await expect(page.getByTestId('param-l')).toHaveValue('2');
  await page.getByTestId('feasibility-button').click();
  await expect(page.getByTestId('feasibility-verdict')).toContainText('Feasible: l = 2');
  await page.getByTestId('param-diversity').selectOption('distinct');
  await expect(page.getByTestId('diversity-reading')).toContainText('distinct');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toContainText('every bucket column l-diverse');
});

test('the KL options: queries and r set on the form reach the run and its command', async ({ page }) => {
  await openMethod(page, 'ghinita-fig1a', '5', 'gray-cahd');
  await page.getByTestId('param-p').fill('2');
  await page.getByTestId('metric-queries').fill('50');
  await page.getByTestId('metric-r').fill('2');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toBeVisible();
  await expect(page.getByTestId('run-table')).toContainText('±');
  await expect(page.getByTestId('run-detail')).toContainText('--queries 50 --r 2');
});

test('gray-cahd on Ghinita Fig. 1a with Viagra and Pregnancy Test sensitive; an impossible p explains itself', async ({
  page,
}) => {
  await openMethod(page, 'ghinita-fig1a', '5', 'gray-cahd');
  await page.getByTestId('param-p').fill('2');
  await page.getByTestId('sensitive-mode').selectOption('items');
  await page.getByTestId('sensitive-items').fill('Viagra, Pregnancy Test');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toContainText('every group has degree ≥ p');
  await expect(page.getByTestId('groups-table')).toContainText('Pregnancy Test: 1');
  await expect(page.getByTestId('run-table')).toContainText('kl');
  await page.screenshot({ path: 'test-results/gray-cahd.png', fullPage: true });
  await page.getByTestId('param-p').fill('6');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-error')).toContainText('largest feasible p is 5');
  // Another p-degree method starts from the same p (and rcm-cahd from the same alpha).
  await page.getByTestId('param-p').fill('3');
  await page.getByTestId('param-alpha').fill('2');
  await page.getByTestId('method-select').selectOption('rcm-cahd');
  await expect(page.getByTestId('param-p')).toHaveValue('3');
  await expect(page.getByTestId('param-alpha')).toHaveValue('2');
  await page.getByTestId('method-select').selectOption('nn');
  await expect(page.getByTestId('param-p')).toHaveValue('3');
});

test('COAT on its Fig. 1 with the paper constraints: (a,b) and (g,h) generalized, d suppressed', async ({
  page,
}) => {
  await openMethod(page, 'coat-fig1a', '10', 'coat');
  await page.getByTestId('param-k').fill('5');
  await page.getByTestId('param-m').fill('0');
  await page.getByTestId('param-constraints').fill('a,b,c\nd,e,f,g,h');
  await page.getByTestId('param-utility').fill('a,b\nc\nd\ne,f,g,h');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toContainText('every privacy constraint holds');
  await expect(page.getByTestId('generalized-view')).toContainText('suppressed: d');
  await expect(page.getByTestId('generalized-view')).toContainText('a · b');
  await expect(page.getByTestId('generalized-view')).toContainText('g · h');
  // Beside a long meaning, a metric's name ("ul_suppression") and "lower is better" keep one line
  // each: the table once squeezed them to a letter's width ("bette/r", "ul_sup/pressi/on").
  const lines = await page
    .getByTestId('metric-meanings')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [row.querySelector('td b')!, row.children[2]].map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return range.getClientRects().length;
        }),
      ),
    );
  expect(lines.length).toBeGreaterThanOrEqual(2);
  for (const [name, better] of lines) expect([name, better]).toEqual([1, 1]);
  await page.screenshot({ path: 'test-results/coat.png', fullPage: true });
});

test('COAT with Pgen constraints generated in the page', async ({ page }) => {
  await openMethod(page, 'coat-fig1a', '10', 'coat');
  await page.getByTestId('param-k').fill('2');
  // The example opens with Example 4.1's utility partition, too tight for these constraints.
  await page.getByTestId('param-utility').fill('');
  await page.getByTestId('pgen-button').click();
  await expect(page.getByTestId('pgen-count')).toContainText('Pgen produced');
  await expect(page.getByTestId('param-m')).toHaveValue('0');
  await expect(page.getByTestId('param-constraints')).toHaveValue(/^\[\[/);
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toContainText('every privacy constraint holds');
});

test('the groups of a 10,000-row release scroll in a virtualised table fed by the worker', async ({
  page,
}) => {
  await openMethod(page, null, '10,000', 'nn');
  await page.getByTestId('param-p').fill('5');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toBeVisible({ timeout: WORK_MS });
  const table = page.getByTestId('groups-table');
  await expect(table).toHaveAttribute('data-total', '10000');
  // Only the rows in view (plus a margin) are in the page, never all 10,000.
  const shown = await page.getByTestId('group-row').count();
  expect(shown).toBeGreaterThan(10);
  expect(shown).toBeLessThan(100);
  const firstRow = page.getByTestId('group-row').first().locator('span');
  await expect(firstRow.nth(0)).toHaveText('1'); // group 1
  await expect(firstRow.nth(1)).toHaveText('5'); // of p = 5 rows
  await expect(firstRow.nth(2)).toHaveText(/^\d+: 1(, \d+: 1)*$/); // each sensitive item once
  // Scrolled to the end: the last group is the rest of the rows, published as one group.
  await table.evaluate((element) => (element.scrollTop = element.scrollHeight));
  // The rows of the last page arrive from the worker; the last row sits at 9,999 row heights.
  await expect
    .poll(() =>
      page
        .getByTestId('group-row')
        .last()
        .evaluate((row) => Number.parseInt((row as HTMLElement).style.top)),
    )
    .toBe(9999 * 22);
  expect(await page.getByTestId('group-row').count()).toBeLessThan(100);
  await page.screenshot({ path: 'test-results/groups-virtual.png', fullPage: true });
});

test("a paper's worked example opens with the paper's settings, ready to run", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await page.getByTestId('sample-ghinita-fig1a').click();
  await expect(page.getByTestId('stat-transactions')).toHaveText('5');
  await page.getByTestId('tab-anonymize').click();
  await expect(page.getByTestId('method-select')).toHaveValue('gray-cahd');
  await expect(page.getByTestId('param-p')).toHaveValue('2');
  await expect(page.getByTestId('sensitive-items')).toHaveValue('Viagra, Pregnancy Test');
  await expect(page.getByTestId('example-settings')).toContainText('sensitive: Viagra, Pregnancy Test');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toContainText('every group has degree ≥ p');
  // Another example brings its own settings; the synthetic sample keeps what the form holds.
  await page.getByTestId('sample-pta-fig2a').click();
  await expect(page.getByTestId('method-select')).toHaveValue('pta');
  await expect(page.getByTestId('param-k')).toHaveValue('3');
  await expect(page.getByTestId('param-segments')).toHaveValue('2');
  await page.getByTestId('dataset-item').first().click();
  await expect(page.getByTestId('method-select')).toHaveValue('pta');
  await expect(page.getByTestId('example-settings')).toHaveCount(0);
  // The items Ghinita's example named are not items of this data: the default choice is back.
  await page.getByTestId('method-select').selectOption('gray-cahd');
  await expect(page.getByTestId('sensitive-mode')).toHaveValue('band');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toContainText('every group has degree ≥ p');
  await page.screenshot({ path: 'test-results/example-settings.png', fullPage: true });
});

test('the memory budget is a setting: a run past it refuses naming a budget that fits, which then runs', async ({
  page,
}) => {
  await openMethod(page, null, '10,000', 'apriori-km');
  await page.getByTestId('param-k').fill('50');
  await page.getByTestId('memory-mb').fill('1');
  await page.getByTestId('run-method').click();
  const error = page.getByTestId('run-error');
  await expect(error).toContainText('above the memory budget of 1 MiB');
  const fits = /a memory budget of (\d+) MiB \(--memory-mb \1\) would fit/.exec(
    (await error.textContent()) ?? '',
  );
  expect(fits).not.toBeNull();
  await page.getByTestId('anonymize-panel').screenshot({ path: 'test-results/memory-budget.png' });
  await page.getByTestId('memory-mb').fill(fits![1]);
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-row')).toHaveCount(1, { timeout: WORK_MS });
  await expect(page.getByTestId('run-verified')).toBeVisible();
});
