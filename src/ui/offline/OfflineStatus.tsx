/**
 * The workbench offline: registers the service worker (workers/serviceWorker.ts, built by
 * vite-plugin-pwa), says "available offline" once it holds every file of the app, and asks before
 * a newly deployed version takes over (the running page keeps its version until the user says yes).
 * On a first visit it registers once the page's start is over (startSettled.ts), so that storing
 * the app's files does not compete with the first dataset's load and charts; a page the service
 * worker already controls registers at once (a check for a new version, little work).
 * In `npm run dev` there is no service worker and nothing shows.
 */
import { useEffect, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useStartSettled } from './startSettled.ts';

export function OfflineStatus() {
  const settled = useStartSettled();
  const controlled = typeof navigator !== 'undefined' && navigator.serviceWorker?.controller != null;
  return settled || controlled ? <ServiceWorkerStatus /> : null;
}

function ServiceWorkerStatus() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // `ready` resolves once a service worker is active, i.e. it has cached every file.
    void navigator.serviceWorker?.ready.then(() => setReady(true));
  }, []);
  return (
    <>
      {ready && (
        <span
          className="badge ok"
          data-testid="offline-ready"
          title="Every file of the workbench is stored in this browser: it opens and works with no network, and your data never leaves this machine."
        >
          available offline
        </span>
      )}
      {needRefresh && (
        <div className="update-prompt" role="status" data-testid="update-prompt">
          A new version of the workbench is available.
          <button
            type="button"
            className="primary"
            data-testid="update-now"
            onClick={() => void updateServiceWorker(true)}
          >
            Reload to update
          </button>
          <button type="button" data-testid="update-later" onClick={() => setNeedRefresh(false)}>
            Later
          </button>
          <small>Loaded datasets and experiments come back after the reload.</small>
        </div>
      )}
    </>
  );
}
