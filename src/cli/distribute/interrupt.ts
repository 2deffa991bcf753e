/**
 * SIGINT, SIGTERM and SIGHUP while distribute's engine runs (issue 42): every cleanup registered
 * runs (the engine's: the Slurm array cancelled with scancel, the local and Dask process groups
 * ended; the driver's: the temporary work directory with the raw partitions and their audits
 * removed), then the process ends by the same signal (outputFiles.ts's endBySignal), so a shell
 * sees it killed. The cleanups are synchronous: nothing else runs after a signal.
 */
import { endBySignal } from '../outputFiles.ts';

type Cleanup = (signal: NodeJS.Signals) => void;

const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const cleanups: Cleanup[] = [];

const onSignal = (signal: NodeJS.Signals) => {
  // The last registered first: the engine's jobs end before their directory goes.
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      cleanup(signal);
    } catch {
      // a cleanup that fails must not keep the others from running
    }
  }
  endBySignal(signal);
};

/** Runs `cleanup` on a signal until the returned function is called. */
export function onInterrupt(cleanup: Cleanup): () => void {
  if (cleanups.length === 0) for (const s of SIGNALS) process.on(s, onSignal);
  cleanups.push(cleanup);
  return () => {
    const at = cleanups.indexOf(cleanup);
    if (at >= 0) cleanups.splice(at, 1);
    if (cleanups.length === 0) for (const s of SIGNALS) process.off(s, onSignal);
  };
}

/** Ends a detached child's whole process group (the child and everything it started). */
export function killGroup(pid: number | undefined, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}
