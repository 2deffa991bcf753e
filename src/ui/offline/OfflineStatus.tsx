/**
 * The workbench offline: registers the service worker (workers/serviceWorker.ts, built by
 * vite-plugin-pwa), says "available offline" once it holds every file of the app, and asks before
 * a newly deployed version takes over (the running page keeps its version until the user says yes).
 * In `npm run dev` there is no service worker and nothing shows.
 */
import { useEffect, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

export function OfflineStatus() {
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
