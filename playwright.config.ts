import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.ts';
import { TEST_MS } from './e2e/limits.ts';

/** `E2E_PORT` lets two checkouts run their e2e tests at once; 4173 (vite preview's own) by default. */
const port = Number(process.env.E2E_PORT ?? 4173);

/**
 * e2e tests drive Debian's Chromium (/usr/bin/chromium); Playwright never downloads a browser.
 * They run against the production build served by `vite preview`, which sends COOP/COEP.
 */
export default defineConfig({
  testDir: 'e2e',
  // Hang guards sized for a loaded 2-core box (e2e/limits.ts, test/limits.ts); the default wait of
  // an assertion too, since a busy page answers late.
  timeout: TEST_MS,
  expect: { timeout: 30_000 },
  retries: 0,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // The tab's memory (performance.measureUserAgentSpecificMemory) answered at once, not at
      // Chromium's next garbage collection (up to 20 s): the page shows it beside each run.
      args: [...CHROMIUM_ARGS, '--enable-blink-features=ForceEagerMeasureMemory'],
    },
    viewport: { width: 1400, height: 1000 },
  },
  webServer: {
    command: `npx vite preview --port ${port} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}`,
    // Never another server's build: a `vite preview` left on this port by another checkout (or an
    // earlier run) would be tested in place of this one's, silently. A taken port is an error.
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
