/**
 * The teaching stepper in the page, one test per paper: open the worked example, step to the end
 * and back, check the counter and one intermediate state, then open the link of step 3 in a fresh
 * page and land on step 3. Screenshots of a stepper mid-way and of the presentation mode.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { WORK_MS } from './limits.ts';

/** Opens a sample, then the Teach tab; the stepper shows its first step. */
async function openExample(page: Page, sample: string, transactions: string): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await page.getByTestId(`sample-${sample}`).click();
  await expect(page.getByTestId('stat-transactions')).toHaveText(transactions);
  await page.getByTestId('tab-teach').click();
  await expect(page.getByTestId('teach-step')).toHaveText(/^step 1 of \d+$/);
}

/** The number of steps the counter names. */
async function stepCount(page: Page): Promise<number> {
  return Number(/of (\d+)/.exec((await page.getByTestId('teach-step').textContent()) ?? '')![1]);
}

/** Next to the end with the button, back to the start with the ← key; every step has its text and cite. */
async function walkThrough(page: Page): Promise<number> {
  const count = await stepCount(page);
  expect(count).toBeGreaterThanOrEqual(3);
  for (let i = 2; i <= count; i++) {
    await page.getByTestId('teach-next').click();
    await expect(page.getByTestId('teach-step')).toHaveText(`step ${i} of ${count}`);
    await expect(page.getByTestId('teach-text')).not.toBeEmpty();
    await expect(page.getByTestId('teach-cite')).not.toBeEmpty();
  }
  await expect(page.getByTestId('teach-next')).toBeDisabled();
  await expect(page.getByTestId('teach-title')).toHaveText('The release');
  for (let i = count - 1; i >= 1; i--) {
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('teach-step')).toHaveText(`step ${i} of ${count}`);
  }
  await expect(page.getByTestId('teach-prev')).toBeDisabled();
  return count;
}

/** Step 3's address, opened in a fresh page of a fresh browser context: it lands on step 3. */
async function linkOfStep3(page: Page, browser: Browser, count: number, title: string): Promise<void> {
  await page.getByTestId('teach-last').click();
  await page.getByTestId('teach-first').click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('teach-step')).toHaveText(`step 3 of ${count}`);
  await expect(page.getByTestId('teach-title')).toHaveText(title);
  const url = page.url();
  expect(url).toContain('#teach&');
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(url);
  await expect(other.getByTestId('teach-step')).toHaveText(`step 3 of ${count}`);
  await expect(other.getByTestId('teach-title')).toHaveText(title);
  await fresh.close();
}

test('Ghinita Fig. 1: gray-cahd steps through GraySort (Fig. 1c) and CAHD; the link of step 3 reopens it', async ({
  page,
  browser,
}) => {
  await openExample(page, 'ghinita-fig1a', '5');
  await expect(page.getByTestId('teach-method')).toHaveValue('gray-cahd');
  await expect(page.getByTestId('teach-limit')).toContainText('up to 300 transactions');
  const count = await walkThrough(page);
  await page.getByTestId('teach-next').click();
  await expect(page.getByTestId('teach-title')).toHaveText('GraySort');
  await expect(page.getByTestId('teach-cite')).toContainText("the paper's Fig. 1c");
  // Fig. 1c: Andrea, Claire, Bob, David, Ellen (the paper's names for T4, T3, T1, T2, T5).
  await expect(page.getByTestId('teach-state').locator('[data-kind="matrix"]')).toHaveAttribute(
    'data-rows',
    'Andrea Claire Bob David Ellen',
  );
  await expect(page.getByTestId('teach-candidates')).toContainText('1100');
  await page.getByTestId('teach-next').click();
  await expect(page.getByTestId('teach-title')).toHaveText('Group G1 for Claire');
  await page.screenshot({ path: 'test-results/teach-ghinita-midway.png', fullPage: true });
  // Play at half a second a step runs to the release and stops there.
  await page.getByTestId('teach-speed').selectOption('500');
  await page.getByTestId('teach-play').click();
  await expect(page.getByTestId('teach-play')).toHaveText('⏸ Pause');
  await expect(page.getByTestId('teach-step')).toHaveText(`step ${count} of ${count}`, { timeout: WORK_MS });
  await expect(page.getByTestId('teach-play')).toHaveText('▶ Play');
  await page.getByTestId('teach-first').click();
  await page.getByTestId('teach-next').click();
  await page.getByTestId('teach-next').click();
  await page.getByTestId('teach-present').click();
  await expect(page.getByTestId('stepper')).toHaveClass(/presenting/);
  await page.screenshot({ path: 'test-results/teach-ghinita-presenting.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('stepper')).not.toHaveClass(/presenting/);
  await linkOfStep3(page, browser, count, 'Group G1 for Claire');
});

test('PTA Figs. 2-7: the loop of least IL (Fig. 5) and the classes (Fig. 7); the link of step 3 reopens it', async ({
  page,
  browser,
}) => {
  await openExample(page, 'pta-fig2a', '13');
  await expect(page.getByTestId('teach-method')).toHaveValue('pta');
  const count = await walkThrough(page);
  // Fig. 5: the loop from T8, the path (T8, T6, T1, T10, T11, T13, T3) and back to T8.
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('teach-title')).toHaveText('The loop of least IL in segment 1');
  await expect(page.getByTestId('teach-state').locator('[data-kind="pairs"]')).toHaveAttribute(
    'data-path',
    'T8 T6 T1 T10 T11 T13 T3',
  );
  await page.screenshot({ path: 'test-results/teach-pta-midway.png', fullPage: true });
  await page.getByTestId('teach-present').click();
  await page.screenshot({ path: 'test-results/teach-pta-presenting.png' });
  await page.keyboard.press('Escape');
  await linkOfStep3(page, browser, count, '2 segments');
});

test('COAT Example 4.1: generalize b with a, suppress d, generalize g with h; the link of step 3 reopens it', async ({
  page,
  browser,
}) => {
  await openExample(page, 'coat-fig1a', '10');
  await expect(page.getByTestId('teach-method')).toHaveValue('coat');
  const count = await walkThrough(page);
  await page.getByTestId('teach-next').click();
  await page.getByTestId('teach-next').click();
  await expect(page.getByTestId('teach-title')).toHaveText('Generalize b with a');
  await expect(page.getByTestId('teach-cite')).toContainText('Example 4.1');
  // (a,b) is published in 7 rows (Theorem 3.1).
  await expect(page.getByTestId('teach-state').locator('.chip', { hasText: '(a,b)' })).toHaveCount(7);
  await page.screenshot({ path: 'test-results/teach-coat-midway.png', fullPage: true });
  await linkOfStep3(page, browser, count, 'Generalize b with a');
});

test('the anatomy paper, Table I(A): phi², PAM and the buckets of multi-anatomy; the link of step 3 reopens it', async ({
  page,
  browser,
}) => {
  await openExample(page, 'anatomy-table1a', '10');
  await expect(page.getByTestId('teach-method')).toHaveValue('multi-anatomy');
  const count = await walkThrough(page);
  await page.getByTestId('teach-next').click();
  await expect(page.getByTestId('teach-state').locator('[data-kind="pairs"]')).toBeVisible();
  for (let i = 0; i < 2; i++) await page.getByTestId('teach-next').click();
  await expect(page.getByTestId('teach-title')).toHaveText('Bucket B1 closes');
  await expect(page.getByTestId('teach-state').locator('table.bucket')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/teach-anatomy-midway.png', fullPage: true });
  // On a projector a bucket's caption ("B1 · 4 rows") grows with the rest of the step.
  const caption = page.getByTestId('teach-state').locator('table.bucket caption').first();
  const size = () => caption.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const normal = await size();
  await page.getByTestId('teach-present').click();
  expect(await size()).toBeGreaterThanOrEqual(normal * 1.4);
  await page.keyboard.press('Escape');
  await linkOfStep3(page, browser, count, 'Item partition into 2 columns');
});

test('PatternKa on Ghinita Fig. 1a (k = 2): a group per longest pattern; the link of step 3 reopens it', async ({
  page,
  browser,
}) => {
  await openExample(page, 'ghinita-fig1a', '5');
  await page.getByTestId('teach-method').selectOption('patternka');
  await page.getByTestId('param-k').fill('2');
  await expect(page.getByTestId('teach-step')).toHaveText('step 1 of 5');
  const count = await walkThrough(page);
  await page.getByTestId('teach-next').click();
  await expect(page.getByTestId('teach-title')).toHaveText('Group G1 by {Wine, Meat}');
  await expect(page.getByTestId('teach-state').locator('tr.changed')).toHaveCount(3);
  await linkOfStep3(page, browser, count, 'Group G2 by {Strawberries}');
});

test("the Anonymize form's link steps through its method; the user's own file within the limit, and one above it refused with the limit said", async ({
  page,
}, testInfo) => {
  await openExample(page, 'ghinita-fig1a', '5');
  await page.getByTestId('tab-anonymize').click();
  await page.getByTestId('method-select').selectOption('rcm-cahd');
  await page.getByTestId('teach-link').click();
  await expect(page.getByTestId('teach-method')).toHaveValue('rcm-cahd');
  await page.getByTestId('teach-next').click();
  await expect(page.getByTestId('teach-cite')).toContainText("the paper's Fig. 1b");
  // The synthetic sample (10,000 rows) is above the limit.
  await page.getByTestId('dataset-item').first().click();
  await expect(page.getByTestId('teach-refused')).toContainText('more than the 300 the stepper draws');
  // A file of the user's: 40 baskets, PTA at k = 4 with 2 segments.
  const file = testInfo.outputPath('baskets.dat');
  writeFileSync(
    file,
    Array.from({ length: 40 }, (_, r) => `${r % 5} ${(r * 7) % 11} ${((r * 3) % 4) + 20}`).join('\n') + '\n',
  );
  await page.getByTestId('tab-overview').click();
  await page.getByTestId('file-input').setInputFiles(file);
  await expect(page.getByTestId('stat-transactions')).toHaveText('40');
  await page.getByTestId('tab-teach').click();
  await page.getByTestId('teach-method').selectOption('pta');
  await page.getByTestId('param-k').fill('4');
  await page.getByTestId('param-segments').fill('2');
  await expect(page.getByTestId('teach-limit')).toContainText('baskets.dat has 40');
  await expect(page.getByTestId('teach-step')).toHaveText(/^step 1 of \d+$/);
  await page.getByTestId('teach-last').click();
  await expect(page.getByTestId('teach-title')).toHaveText('The release');
  await expect(page.getByTestId('teach-state').locator('tr[data-row]')).toHaveCount(40);
  expect(page.url()).toContain('dataset=baskets.dat&method=pta&k=4&segments=2');
});

test("a p-degree method on a paper's 10-row example steps through at once: the largest p it admits, or the paper's own, said beside the stepper", async ({
  page,
}) => {
  // Ghinita Fig. 1a: a p-degree method chosen after another model starts from the paper's p = 2.
  await openExample(page, 'ghinita-fig1a', '5');
  await page.getByTestId('teach-method').selectOption('patternka');
  await page.getByTestId('teach-method').selectOption('lsh');
  await expect(page.getByTestId('teach-step')).toHaveText(/^step 1 of \d+$/);
  await expect(page.getByTestId('teach-degree')).toContainText(
    'p = 2, the privacy degree the paper gives Ghinita Fig. 1a (Ghinita, Kalnis, Tao Sec. 3 and Fig. 1d)',
  );
  await expect(page.getByTestId('param-p')).toHaveValue('2');

  // COAT Fig. 1a opens with COAT; nn with the default p = 10 would be refused (every sensitive
  // item in at most n/p = 1 of the 10 rows), and Ghinita's sensitive items are none of COAT's.
  await page.getByTestId('tab-overview').click();
  await page.getByTestId('sample-coat-fig1a').click();
  await expect(page.getByTestId('stat-transactions')).toHaveText('10');
  await page.getByTestId('tab-teach').click();
  await expect(page.getByTestId('teach-method')).toHaveValue('coat');
  await page.getByTestId('teach-method').selectOption('nn');
  await expect(page.getByTestId('teach-step')).toHaveText(/^step 1 of \d+$/);
  await expect(page.getByTestId('teach-degree')).toContainText(
    'p = 2, the largest privacy degree the 10 rows of coat-fig1a.csv admit with 3 sensitive items from the support band, in place of the default p = 10',
  );
  await expect(page.getByTestId('param-p')).toHaveValue('2');
  expect(page.url()).not.toContain('&p=');
  await page.screenshot({ path: 'test-results/teach-degree-coat.png', fullPage: true });
  // Another p-degree method keeps it a choice of the page, not a p the teacher set.
  await page.getByTestId('teach-method').selectOption('anatomy');
  await expect(page.getByTestId('teach-degree')).toContainText('p = 2, the largest privacy degree');
  const count = await walkThrough(page);
  expect(count).toBeGreaterThanOrEqual(3);
  // A p the teacher sets is theirs: p = 10 by hand is refused with its reason, no choice said.
  await page.getByTestId('param-p').fill('10');
  await expect(page.getByTestId('teach-error')).toContainText('choose fewer items or a smaller p');
  await expect(page.getByTestId('teach-degree')).toHaveCount(0);
});
