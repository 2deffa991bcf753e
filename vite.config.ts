/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { HANG_LIMIT_MS } from './test/limits.ts';

/**
 * Cross-origin isolation: with these two headers the page gets `crossOriginIsolated === true`
 * and with it SharedArrayBuffer, which the worker pool needs to share one dataset without copies.
 * Offline, the service worker (workers/serviceWorker.ts) sets them on what it serves.
 */
const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * The app works offline after one visit (vite-plugin-pwa, Workbox): the service worker precaches
 * every built file; the manifest makes it installable. Updates wait for the user's yes
 * (`registerType: 'prompt'`, src/ui/offline/OfflineStatus.tsx). No service worker in `npm run dev`.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'workers',
  filename: 'serviceWorker.ts',
  registerType: 'prompt',
  injectRegister: false,
  injectManifest: {
    // The manifest and its icons are added by the plugin itself.
    globPatterns: ['**/*.{js,css,html,csv,arff}'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  },
  manifest: {
    name: 'TxAnon Workbench',
    short_name: 'TxAnon',
    description:
      'Anonymize transactional data (baskets, click streams, code sets) in your browser, offline: nothing is uploaded.',
    theme_color: '#1d2330',
    background_color: '#f4f6fa',
    display: 'standalone',
    start_url: '.',
    icons: [
      { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  },
});

export default defineConfig({
  plugins: [react(), pwa],
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  worker: { format: 'es' },
  build: { chunkSizeWarningLimit: 2000 },
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    environment: 'node',
    // Hang guards sized for a loaded 2-core box, never speed checks (test/limits.ts).
    testTimeout: HANG_LIMIT_MS,
    hookTimeout: HANG_LIMIT_MS,
  },
});
