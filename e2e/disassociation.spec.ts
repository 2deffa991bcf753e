/**
 * Disassociation in the page (issue 41): the paper's example loaded, the method run with k = 3,
 * m = 2, clusters of at most 5 rows; the release viewer shows the clusters with their record
 * chunks and term chunks, the verifier's guarantee in words, and topk among the metrics one can
 * ask for; the safe variant runs from the same form. A screenshot goes to test-results/.
 */
import { expect, test } from '@playwright/test';

test('disassociation: clusters, record chunks and term chunks of the paper example', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await page.getByTestId('file-input').setInputFiles('public/samples/disassociation-fig1a.csv');
  await expect(page.getByTestId('stat-transactions')).toHaveText('10');
  await page.getByTestId('tab-anonymize').click();
  await page.getByTestId('method-select').selectOption('disassociation');
  await page.getByTestId('param-k').fill('3');
  await page.getByTestId('param-m').fill('2');
  await page.getByTestId('param-maxCluster').fill('5');
  await page.getByTestId('run-method').click();
  await expect(page.getByTestId('run-verified')).toContainText('every record chunk k^m-anonymous');
  const view = page.getByTestId('disassociated-view');
  await expect(view).toBeVisible();
  await expect(page.getByTestId('disassociated-counts')).toContainText('3 clusters');
  await expect(page.getByTestId('cluster-1')).toContainText('term chunk');
  await expect(page.getByTestId('cluster-1').locator('table')).not.toHaveCount(0);
  await view.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/disassociation-view.png', fullPage: true });
  await page.getByTestId('first-clusters').screenshot({ path: 'test-results/disassociation-clusters.png' });
});
