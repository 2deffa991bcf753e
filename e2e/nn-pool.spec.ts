/**
 * nn and lsh in the page run their queries on the worker pool (as many workers as hardware
 * threads; shared/p-degree/speculativeGroups.ts): the release downloaded from the page is byte for
 * byte the one the CLI writes in one thread (`--workers 1`) from the command the page shows.
 */
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WORK_MS } from './limits.ts';

const cli = (args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
const SAMPLE = 'T10I4D10KN1000-seed1';

for (const method of ['nn', 'lsh']) {
  test(`${method} on the page's pool publishes the release of the CLI in one thread`, async ({ page }) => {
    await page.goto('/');
    expect(await page.evaluate(() => navigator.hardwareConcurrency)).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('stat-transactions')).toHaveText('10,000');
    await page.getByTestId('tab-anonymize').click();
    await page.getByTestId('method-select').selectOption(method);
    await page.getByTestId('param-p').fill('4');
    await page.getByTestId('run-method').click();
    await expect(page.getByTestId('run-verified')).toBeVisible({ timeout: WORK_MS });
    const command = (await page.getByTestId('run-command').textContent())!;
    expect(command).toContain(`--method ${method} --p 4`);
    const downloading = page.waitForEvent('download');
    await page.getByTestId('download-json').click();
    const fromPage = readFileSync((await (await downloading).path())!, 'utf8');
    // The sample, written as the README says, and the page's command in one thread.
    const dir = mkdtempSync(join(tmpdir(), 'txanon-nnpool-'));
    cli([
      ...'generate --D 10000 --T 10 --I 4 --N 1000 --L 2000 --seed 1 --out'.split(' '),
      join(dir, SAMPLE),
    ]);
    const args = command.replace(/^txanon /, '').split(' ');
    const inDir = (arg: string) =>
      ['release.json', 'audit.json', SAMPLE].includes(arg) ? join(dir, arg) : arg;
    cli([...args.map(inDir), '--workers', '1']);
    expect(fromPage.trim()).toBe(readFileSync(join(dir, 'release.json'), 'utf8').trim());
  });
}
