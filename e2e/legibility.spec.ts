/**
 * Charts an analyst can read whatever the numbers: a results file whose metric lies around 1e-45
 * (which ECharts alone draws with no y labels) and where some seeds failed. The rendered SVG export
 * is read back: the y axis is labelled and says its scale, and the partial means say so.
 */
import { expect, test } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function record(method: string, p: number, seed: number, ul: number) {
  return {
    method,
    params: { p },
    seed,
    sensitive: [],
    verified: true,
    problems: [],
    metrics: { ul },
    runtime_ms: 5 + p + seed,
    peak_bytes: null,
    notes: {},
    command: '',
  };
}

test('values around 1e-45 get labelled axes; means over fewer seeds than ran are marked', async ({
  page,
}) => {
  const runs = [];
  for (const p of [20, 40, 80])
    for (const seed of [1, 2, 3]) {
      runs.push(record('gray-cahd', p, seed, (1 + p / 100 + seed / 100) * 1e-45));
      if (p === 80 && seed > 1) runs.push({ method: 'nn', params: { p }, seed, error: 'infeasible p' });
      else runs.push(record('nn', p, seed, (2 + p / 100) * 1e-45));
    }
  const file = join(mkdtempSync(join(tmpdir(), 'txanon-e2e-tiny-')), 'tiny.json');
  writeFileSync(file, JSON.stringify({ format: 'txanon-results/1', runs }));

  await page.goto('/');
  await page.getByTestId('tab-results').click();
  await page.getByTestId('results-file').setInputFiles(file);
  await expect(page.getByTestId('chart-metric')).toHaveAttribute('data-points', '6');
  await expect(page.getByTestId('results-summary')).toContainText('2 failed');
  const svg = page.waitForEvent('download');
  await page.getByTestId('chart-metric-svg').click();
  const text = readFileSync((await (await svg).path())!, 'utf8');
  expect(text).toContain('ul (× 1e-45)');
  expect(text).toContain('some seeds failed');
  // The y axis has tick labels: numbers from 1 to 3 (the values over 1e-45; p is 20 to 80).
  const labels = [...text.matchAll(/<text[^>]*>([\d.]+)<\/text>/g)].map((m) => Number(m[1]));
  expect(labels.filter((v) => v >= 0.5 && v <= 3.5).length).toBeGreaterThanOrEqual(3);
  await page.getByTestId('chart-metric').screenshot({ path: 'test-results/tiny-values.png' });
});
