/** Says whether the page is cross-origin isolated (shared memory, a pool of workers) or not. */
import { isolated, pool } from '../engineClient.ts';

export function IsolationNotice() {
  return isolated ? (
    <span
      className="badge ok"
      data-testid="isolation-status"
      title="SharedArrayBuffer available: every worker reads the same data"
    >
      cross-origin isolated · {pool.size} worker{pool.size === 1 ? '' : 's'}
    </span>
  ) : (
    <span
      className="badge warn"
      data-testid="isolation-status"
      title="The host does not send COOP/COEP headers"
    >
      not cross-origin isolated: one worker, data copied instead of shared
    </span>
  );
}
