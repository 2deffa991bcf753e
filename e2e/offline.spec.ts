/**
 * Offline after one visit (workers/serviceWorker.ts): the network goes away, the page reloads from
 * the service worker's cache, still cross-origin isolated, loads samples, runs gray-cahd and pta and
 * downloads an export; every request the page and its workers make is answered by the service
 * worker, and none reaches the network.
 */
import { expect, test, type Request } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { WORK_MS } from './limits.ts';

test('after one visit: offline reload, samples, gray-cahd, pta and an export, nothing fetched', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: WORK_MS });
  await expect(page.getByTestId('stat-transactions')).toHaveText('10,000');

  await context.setOffline(true);
  const requests: Request[] = [];
  const failed: string[] = [];
  context.on('request', (request) => requests.push(request));
  context.on('requestfailed', (request) => failed.push(request.url()));
  await page.reload();

  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await expect(page.getByTestId('isolation-status')).toContainText('cross-origin isolated');
  await expect(page.getByTestId('offline-ready')).toBeVisible();

  // A paper's worked example opens the form on its own method and settings: run it as it stands.
  for (const [sample, file, method, guarantee] of [
    ['ghinita-fig1a', 'ghinita-fig1a.csv', 'gray-cahd', 'degree ≥ p'],
    ['pta-fig2a', 'pta-fig2a.arff', 'pta', 'every class ≥ k'],
  ]) {
    await page.getByTestId(`sample-${sample}`).click();
    await page.getByTestId('tab-overview').click();
    await expect(page.getByTestId('active-dataset-name')).toHaveText(file);
    await page.getByTestId('tab-anonymize').click();
    await expect(page.getByTestId('method-select')).toHaveValue(method);
    await page.getByTestId('run-method').click();
    await expect(page.getByTestId('run-verified')).toContainText(guarantee);
  }

  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('download-data').click();
  const download = await downloadPromise;
  expect(readFileSync((await download.path())!, 'utf8').split('\n').length).toBeGreaterThan(10);

  // Every request of the page, its workers and the downloads: answered by the service worker
  // (or never a network request at all: blob: and data: URLs), none made by it to the network.
  expect(requests.length).toBeGreaterThan(5);
  const fromNetwork: string[] = [];
  for (const request of requests) {
    const url = request.url();
    if (url.startsWith('blob:') || url.startsWith('data:')) continue;
    const response = await request.response();
    if (request.serviceWorker() || !response?.fromServiceWorker()) fromNetwork.push(url);
  }
  expect(fromNetwork).toEqual([]);
  expect(failed).toEqual([]);
  await page.screenshot({ path: 'test-results/offline.png', fullPage: true });
});

/**
 * The build (dist/) served on a free loopback port like a host would, with one difference the test
 * controls: `deploy()` makes the next request for the service worker return a new version of it.
 */
async function deployment() {
  let version = 0;
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.webmanifest': 'application/manifest+json',
  };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const file = join('dist', normalize(path === '/' ? '/index.html' : path));
    let body: string | Buffer;
    try {
      body = readFileSync(file);
    } catch {
      response.writeHead(404).end();
      return;
    }
    if (path === '/serviceWorker.js') body = `${body.toString()}\n// version ${version}\n`;
    response
      .writeHead(200, {
        'Content-Type': types[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    deploy: () => void version++,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a newly deployed version waits for the user: update prompt, then the new version', async ({ page }) => {
  const host = await deployment();
  try {
    const registration = () =>
      page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return { active: r?.active?.state ?? null, waiting: r?.waiting !== null && r?.waiting !== undefined };
      });
    // A returning user: the page comes from the installed version.
    await page.goto(host.url);
    // Installing means fetching every file of the app once: allow a slow, shared machine.
    await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: WORK_MS });
    await page.reload();
    await expect(page.getByTestId('offline-ready')).toBeVisible();
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    host.deploy();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(page.getByTestId('update-prompt')).toBeVisible();
    // Until the user says yes, the running version stays in charge and the new one waits.
    expect(await registration()).toEqual({ active: 'activated', waiting: true });
    await page.getByTestId('update-now').click();
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    await expect(page.getByTestId('offline-ready')).toBeVisible();
    await expect.poll(registration).toEqual({ active: 'activated', waiting: false });
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  } finally {
    await host.close();
  }
});
