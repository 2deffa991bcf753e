/**
 * A disassociated release's table loaded back in the page and checked as what it is (issue 41):
 * the CLI disassociates the ten crafted baskets of test/data/disassociation-cover.csv.gz (k = 3, m = 2)
 * and exports the table (`cluster,rows,chunk,subrecord,item`); the page recognises it on load, and
 * the Check tab verifies its chunks with the disassociation model through the worker
 * (core/check/checkDisassociatedExport.ts, the code `txanon check` runs): it holds at k = 3,
 * offers 4 (bread's four sub-records), counts the plain release's cover, fails at k = 5, and refuses
 * another model with the one it publishes for. Screenshot: test-results/check-disassociated.png.
 */
import { expect, test } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliSpawned } from '../test/cliSpawned.ts';
import { disassociatedExportArgs } from '../test/exportRuns.ts';
import { runCheck } from './checkForm.ts';

function disassociatedTable(dir: string, name: string, safe: boolean): string {
  const table = join(dir, name);
  const run = cliSpawned(
    ...disassociatedExportArgs('test/data/disassociation-cover.csv.gz', join(dir, `${name}.json`), table),
    ...(safe ? ['--safe'] : []),
    ...['--export-format', 'csv-long', '--quiet'],
  );
  expect(run.code, run.stderr).toBe(0);
  return table;
}

test("a disassociated release's table loads back as one, and Check verifies its chunks", async ({ page }) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'txanon-e2e-disassociated-'));
  const plain = disassociatedTable(dir, 'dis-plain.csv', false);
  const safe = disassociatedTable(dir, 'dis-safe.csv', true);

  await page.goto('/');
  await expect(page.getByTestId('stat-transactions')).toBeVisible();
  await page.getByTestId('file-input').setInputFiles(plain);
  await expect(page.getByTestId('active-dataset-name')).toHaveText('dis-plain.csv');
  await expect(page.getByTestId('layout-note')).toContainText('disassociated release');
  await page.getByTestId('tab-check').click();
  await expect(page.getByTestId('check-layout')).toContainText('disassociated release');
  // The model it publishes for is the form's own.
  await expect(page.getByTestId('check-model')).toHaveValue('disassociation');
  await runCheck(page, 'disassociation', '3', '2');
  await expect(page.getByTestId('check-verdict')).toHaveText('Holds');
  await expect(page.getByTestId('check-offered')).toHaveText('4');
  const result = page.getByTestId('check-result');
  await expect(result).toContainText(
    'A disassociated release (dis-plain.csv): 1 cluster(s), 2 record chunk(s)',
  );
  await expect(result).toContainText('1 cluster(s) have a cover');
  await page.screenshot({ path: 'test-results/check-disassociated.png', fullPage: true });

  // Above what the chunks offer: apple's and bread's chunks are named.
  await runCheck(page, 'disassociation', '5', '2');
  await expect(page.getByTestId('check-verdict')).toHaveText('Does not hold');
  await expect(page.getByTestId('check-problems').locator('li').first()).toContainText('k^m');

  // Another model: refused, naming the one the release publishes for.
  await runCheck(page, 'k-anonymity', '2');
  await expect(page.getByTestId('check-error')).toContainText('check it with the disassociation model');

  // The safe variant's table: no cover.
  await page.getByTestId('file-input').setInputFiles(safe);
  await page.getByTestId('tab-overview').click();
  await expect(page.getByTestId('active-dataset-name')).toHaveText('dis-safe.csv');
  await page.getByTestId('tab-check').click();
  await runCheck(page, 'disassociation', '3', '2');
  await expect(page.getByTestId('check-verdict')).toHaveText('Holds');
  await expect(page.getByTestId('check-result')).not.toContainText('have a cover');
});

test('its release file and its Parquet table load back as the release too, and Check verifies them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'txanon-e2e-disassociated-forms-'));
  const run = cliSpawned(
    'anonymize',
    'test/data/disassociation-cover.csv.gz',
    ...['--method', 'disassociation', '--k', '3', '--m', '2', '--maxCluster', '10', '--quiet'],
    ...[
      '--out',
      join(dir, 'dis.json'),
      '--export',
      join(dir, 'dis.parquet'),
      '--export-format',
      'parquet-long',
    ],
  );
  expect(run.code, run.stderr).toBe(0);

  await page.goto('/');
  await expect(page.getByTestId('stat-transactions')).toBeVisible();
  for (const name of ['dis.json', 'dis.parquet']) {
    await page.getByTestId('file-input').setInputFiles(join(dir, name));
    await page.getByTestId('tab-overview').click();
    await expect(page.getByTestId('active-dataset-name')).toHaveText(name);
    await expect(page.getByTestId('layout-note')).toContainText('disassociated release');
    // Read as the table: 13 lines (10 sub-record items and 3 term items) of relational rows.
    await expect(page.getByTestId('stat-transactions')).toHaveText('13');
    await page.getByTestId('tab-check').click();
    await expect(page.getByTestId('check-model')).toHaveValue('disassociation');
    await runCheck(page, 'disassociation', '3', '2');
    await expect(page.getByTestId('check-verdict')).toHaveText('Holds');
    await expect(page.getByTestId('check-offered')).toHaveText('4');
    await expect(page.getByTestId('check-result')).toContainText(`A disassociated release (${name})`);
    await expect(page.getByTestId('check-result')).toContainText('1 cluster(s) have a cover');
    await page.screenshot({
      path: `test-results/check-disassociated-${name.replace('.', '-')}.png`,
      fullPage: true,
    });
    await runCheck(page, 'disassociation', '5', '2');
    await expect(page.getByTestId('check-verdict')).toHaveText('Does not hold');
  }
});
