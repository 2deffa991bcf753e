/**
 * The Teach tab in a classroom (issue 40): Present mode fits the window (no scroll at 1280x720 on
 * Ghinita Fig. 1a step 3 and PTA Fig. 2 step 5, scaled up at 1920x1080), its text can be hidden;
 * predict mode asks before a step with a question and keeps a score; Back and Forward step; a link
 * opens its own sample and step whatever the browser held before, and a link to a file the browser
 * lacks says which file to load; the handout (`teach --deck`) opens offline with every step.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';

const GHINITA_STEP3 =
  '/#teach&sample=ghinita-fig1a&method=gray-cahd&order=input&sensitive-kind=items&sensitive=Viagra%2C+Pregnancy+Test&seed=1&step=3';
const PTA_STEP5 = '/#teach&sample=pta-fig2a&method=pta&k=3&segments=2&seed=1&step=5';

/** Present mode's stage lies inside the window and nothing scrolls. */
async function fitsTheWindow(page: Page): Promise<number> {
  const { width, height } = page.viewportSize()!;
  const stage = await page.locator('.present-stage').boundingBox();
  expect(stage).not.toBeNull();
  expect(stage!.x).toBeGreaterThanOrEqual(0);
  expect(stage!.y).toBeGreaterThanOrEqual(0);
  expect(stage!.x + stage!.width).toBeLessThanOrEqual(width + 1);
  expect(stage!.y + stage!.height).toBeLessThanOrEqual(height + 1);
  const scrolls = await page.getByTestId('stepper').evaluate((el) => ({
    stepper: el.scrollHeight - el.clientHeight,
    page:
      document.documentElement.scrollHeight > window.innerHeight && getComputedStyle(el).position !== 'fixed',
  }));
  expect(scrolls.stepper).toBeLessThanOrEqual(0);
  expect(scrolls.page).toBe(false);
  return Number(await page.getByTestId('teach-present-fit').getAttribute('data-scale'));
}

test('Present mode at 1280x720 fits Ghinita Fig. 1a step 3 and PTA Fig. 2 step 5; at 1920x1080 it scales up', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(GHINITA_STEP3);
  await expect(page.getByTestId('teach-step')).toHaveText('step 3 of 7');
  await page.getByTestId('teach-present').click();
  await expect(page.getByTestId('teach-text')).toBeVisible();
  await page.waitForTimeout(300);
  const small = await fitsTheWindow(page);
  await page.screenshot({ path: 'test-results/teach-present-ghinita-720.png' });
  await page.getByTestId('teach-present-text').click();
  await expect(page.getByTestId('teach-text')).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(await fitsTheWindow(page)).toBeGreaterThanOrEqual(small);
  await page.screenshot({ path: 'test-results/teach-present-ghinita-720-drawing.png' });
  await page.getByTestId('teach-present-text').click();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.waitForTimeout(300);
  expect(await fitsTheWindow(page)).toBeGreaterThan(small);
  await page.screenshot({ path: 'test-results/teach-present-ghinita-1080.png' });

  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(PTA_STEP5);
  await expect(page.getByTestId('teach-step')).toHaveText('step 5 of 29');
  await page.getByTestId('teach-present').click();
  await page.waitForTimeout(300);
  await fitsTheWindow(page);
  await page.screenshot({ path: 'test-results/teach-present-pta-720.png' });
});

test('predict mode hides the next step until the student commits, then shows the verdict and the score', async ({
  page,
}) => {
  await page.goto(GHINITA_STEP3.replace('step=3', 'step=2'));
  await expect(page.getByTestId('teach-title')).toHaveText('GraySort');
  await page.getByTestId('teach-predict').check();
  await expect(page.getByTestId('teach-score')).toHaveText('0 of 0 right');
  await page.getByTestId('teach-next').click();
  // Asked over step 2: step 3 (Claire's group) is not shown yet.
  await expect(page.getByTestId('teach-question')).toBeVisible();
  await expect(page.getByTestId('teach-step')).toHaveText('step 2 of 7');
  await expect(page.getByTestId('teach-title')).toHaveText('GraySort');
  await expect(page.getByTestId('teach-question-prompt')).toContainText('Claire holds Pregnancy Test');
  await page.screenshot({ path: 'test-results/teach-predict-question.png' });
  await page.locator('[data-testid="teach-choice"][data-choice="T4"]').click();
  await expect(page.getByTestId('teach-step')).toHaveText('step 3 of 7');
  await expect(page.getByTestId('teach-verdict')).toHaveAttribute('data-right', 'true');
  await expect(page.getByTestId('teach-score')).toHaveText('1 of 1 right');
  await page.screenshot({ path: 'test-results/teach-predict-verdict.png' });
  // A wrong answer counts as one asked, none right.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('teach-question')).toBeVisible();
  await page.locator('[data-testid="teach-choice"][data-choice="T5"]').click();
  await expect(page.getByTestId('teach-verdict')).toHaveAttribute('data-right', 'false');
  await expect(page.getByTestId('teach-score')).toHaveText('1 of 2 right');
});

test('Back and Forward step through the steps', async ({ page }) => {
  await page.goto(GHINITA_STEP3.replace('step=3', 'step=1'));
  await expect(page.getByTestId('teach-step')).toHaveText('step 1 of 7');
  await page.getByTestId('teach-next').click();
  await page.getByTestId('teach-next').click();
  await expect(page.getByTestId('teach-step')).toHaveText('step 3 of 7');
  await page.goBack();
  await expect(page.getByTestId('teach-step')).toHaveText('step 2 of 7');
  await page.goBack();
  await expect(page.getByTestId('teach-step')).toHaveText('step 1 of 7');
  await page.goForward();
  await expect(page.getByTestId('teach-step')).toHaveText('step 2 of 7');
});

test("a link opens its own sample and step in a browser whose last sample was another; a missing file's name is said", async ({
  page,
}) => {
  // The browser's last visit: COAT's sample, stepped to its end.
  await page.goto('/');
  await page.getByTestId('sample-coat-fig1a').click();
  await expect(page.getByTestId('stat-transactions')).toHaveText('10');
  await page.getByTestId('tab-teach').click();
  await expect(page.getByTestId('teach-step')).toHaveText(/^step 1 of \d+$/);
  await page.getByTestId('teach-last').click();
  // Then the link of PTA's step 5, in a new tab of the same browser: PTA's 29 steps, step 5.
  const other = await page.context().newPage();
  await other.goto(PTA_STEP5);
  await expect(other.getByTestId('teach-step')).toHaveText('step 5 of 29');
  await expect(other.getByTestId('teach-method')).toHaveValue('pta');
  await other.waitForTimeout(1500);
  await expect(other.getByTestId('teach-step')).toHaveText('step 5 of 29');
  await other.close();
  // A link to a file this browser never loaded.
  const fresh = await page.context().browser()!.newContext();
  const lost = await fresh.newPage();
  await lost.goto('/#teach&dataset=my-baskets.dat&method=pta&k=3&segments=2&seed=1&step=4');
  await expect(lost.getByTestId('teach-missing')).toContainText('my-baskets.dat');
  await lost.screenshot({ path: 'test-results/teach-missing-file.png' });
  await fresh.close();
});

test('the handout of PTA on Fig. 2 opens with the network off and holds every step, drawings inline', async ({
  browser,
}, testInfo) => {
  const deck = testInfo.outputPath('pta-deck.html');
  execFileSync(
    'npm',
    [
      'run',
      '-s',
      'cli',
      '--',
      'teach',
      'public/samples/pta-fig2a.arff',
      '--method',
      'pta',
      '--k',
      '3',
      '--segments',
      '2',
      '--seed',
      '1',
      '--out',
      testInfo.outputPath('pta.json'),
      '--deck',
      deck,
    ],
    { stdio: 'pipe' },
  );
  expect(statSync(deck).size).toBeLessThan(2 * 1024 * 1024);
  const offline = await browser.newContext({ offline: true });
  const requests: string[] = [];
  await offline.route('**/*', (route) => {
    if (route.request().url().startsWith('file:')) return route.continue();
    requests.push(route.request().url());
    return route.abort();
  });
  const page = await offline.newPage();
  await page.goto(`file://${deck}`);
  await expect(page.locator('section.step')).toHaveCount(29);
  await expect(page.locator('section.step svg')).toHaveCount(29);
  await expect(page.locator('section.step h2').first()).toContainText('Step 1 of 29');
  await expect(page.locator('#answers li')).toHaveCount(await page.locator('.question').count());
  expect(await page.locator('.question').count()).toBeGreaterThanOrEqual(10);
  expect(requests).toEqual([]);
  await page.screenshot({ path: 'test-results/teach-deck-pta.png' });
  await offline.close();
});

test("the page's handout button saves the same trace's handout", async ({ page }) => {
  await page.goto(GHINITA_STEP3);
  await expect(page.getByTestId('teach-step')).toHaveText('step 3 of 7');
  const download = page.waitForEvent('download');
  await page.getByTestId('teach-deck').click();
  const file = await (await download).path();
  const html = readFileSync(file, 'utf8');
  expect(html.match(/<section class="step"/g)).toHaveLength(7);
  expect(html).toContain('Group G1 for Claire');
  expect(html).not.toMatch(/<script|\bsrc=|\bhref=/);
});
