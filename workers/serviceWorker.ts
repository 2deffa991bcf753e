/**
 * The service worker: the workbench opens and works with no network after one visit. Workbox
 * precaches every built file (the page, its chunks, the engine worker, the samples, the icons; the
 * list is injected at build time by vite-plugin-pwa) and answers every request for them from the
 * cache, a navigation with the cached page.
 *
 * Cross-origin isolation (SharedArrayBuffer for the worker pool) needs COOP/COEP on the page and
 * its workers. A response from the cache carries the headers the server sent when it was cached;
 * this worker sets COOP, COEP and CORP on every response it serves, so the page is isolated offline
 * too, and even on a host that sends no such headers.
 *
 * Updates wait for the user: a new version installs beside the running one and takes over when the
 * page's update prompt posts SKIP_WAITING (src/ui/offline/OfflineStatus.tsx).
 */
import { clientsClaim } from 'workbox-core';
import {
  addPlugins,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare global {
  interface Window {
    /** The precache list vite-plugin-pwa injects at build time (it looks for `self.__WB_MANIFEST`). */
    __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  }
}

/** The part of ServiceWorkerGlobalScope used here (the DOM typings of the project have none). */
interface ServiceWorkerScope {
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}
const scope = self as unknown as ServiceWorkerScope;

export const ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** The response with the isolation headers set (a cached response's own headers cannot be changed). */
function isolated(response: Response): Response {
  if (response.type === 'opaque' || response.status === 0) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

addPlugins([{ handlerWillRespond: async ({ response }) => isolated(response) }]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html')));

scope.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void scope.skipWaiting();
});
// The first visit's page is controlled at once (a chunk it loads later comes from the cache too).
clientsClaim();
