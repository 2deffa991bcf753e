/**
 * Differential privacy that publishes useful data (issue 45), in the page: DiffPart at its defaults
 * on mushroom publishes no row, and the page says so (no bare green ✓; the box that measures what
 * would publish more); its release and audit, downloaded from the page, are read and verified by
 * the CLI's `evaluate` (the audit once carried a `rulesKey` evaluate refused); PrivBayes on the same
 * file publishes about as many rows, verified. Screenshots go to test-results/.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

async function saveDownload(page: Page, testId: string, path: string): Promise<void> {
  const downloading = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const download = await downloading;
  writeFileSync(path, readFileSync((await download.path())!));
}

test('DiffPart publishing nothing says so; its page audit is evaluated by the CLI; PrivBayes publishes', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.goto('/');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await page.getByTestId('file-input').setInputFiles('test/data/mushroom.dat.gz');
  await expect(page.getByTestId('stat-transactions')).toHaveText('8,124');
  await page.getByTestId('tab-anonymize').click();

  await page.getByTestId('method-select').selectOption('diffpart');
  await page.getByTestId('param-epsilon').fill('1');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toContainText('publishes little', { timeout: 120_000 });
  await expect(page.getByTestId('run-verified')).toHaveClass(/warn/);
  await expect(page.getByTestId('dp-little')).toContainText("0 rows for the input's 8,124");
  await expect(page.getByTestId('run-warnings')).toContainText('DP published little here');
  await page.getByTestId('dp-little').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/dp-publishes-little.png', fullPage: false });

  const dir = mkdtempSync(join(tmpdir(), 'dp-page-'));
  const data = join(dir, 'mushroom.dat');
  writeFileSync(data, gunzipSync(readFileSync('test/data/mushroom.dat.gz')));
  await saveDownload(page, 'download-json', join(dir, 'release.json'));
  await saveDownload(page, 'download-audit', join(dir, 'audit.json'));
  const evaluated = JSON.parse(
    execFileSync(
      'npx',
      [
        'tsx',
        'src/cli/main.ts',
        'evaluate',
        data,
        join(dir, 'release.json'),
        '--audit',
        join(dir, 'audit.json'),
      ],
      { encoding: 'utf8', timeout: 120_000 },
    ),
  ) as { verified: boolean; problems: string[] };
  expect(evaluated.problems).toEqual([]);
  expect(evaluated.verified).toBe(true);

  await page.getByTestId('method-select').selectOption('privbayes');
  await page.getByTestId('param-epsilon').fill('1');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-row')).toHaveCount(2, { timeout: 120_000 });
  await expect(page.getByTestId('run-verified')).toContainText('ledger within ε');
  await expect(page.getByTestId('run-verified')).not.toContainText('publishes little');
  await expect(page.getByTestId('run-detail')).toContainText('items modelled');
  await page.screenshot({ path: 'test-results/dp-privbayes.png', fullPage: true });
});
