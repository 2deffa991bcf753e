/**
 * A method's teaching trace for a request, computed in a worker (the engine's `extra` endpoint,
 * `teach`), again when the request changes: after a short pause (typing a parameter asks once),
 * and a stale answer is dropped when a newer request is out. Never computed on the main thread.
 */
import { useEffect, useState } from 'react';
import type { ExtraRequest } from '../../core/run/runExtra.ts';
import type { Trace } from '../../core/teach/trace.ts';
import { pool } from '../engineClient.ts';

/** Milliseconds a request must stay unchanged before its trace is asked for. */
const SETTLE_MS = 150;

export type TraceState =
  | { status: 'idle' }
  | { status: 'loading'; key: string }
  | { status: 'ready'; key: string; trace: Trace }
  | { status: 'error'; key: string; message: string };

export function useTrace(datasetId: string | null, request: Omit<ExtraRequest, 'extra'> | null): TraceState {
  const key = datasetId && request ? JSON.stringify([datasetId, request]) : '';
  const [state, setState] = useState<TraceState>({ status: 'idle' });
  useEffect(() => {
    if (!key) return;
    let live = true;
    const [id, parsed] = JSON.parse(key) as [string, Omit<ExtraRequest, 'extra'>];
    const timer = setTimeout(() => {
      pool
        .run((api) => api.extra(id, { ...parsed, extra: 'teach' }))
        .then((trace) => live && setState({ status: 'ready', key, trace: trace as Trace }))
        .catch(
          (e: { message?: string }) =>
            live && setState({ status: 'error', key, message: e.message ?? String(e) }),
        );
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key]);
  if (!key) return { status: 'idle' };
  // Another request's trace is never shown for this one, not even during the pause.
  return state.status !== 'idle' && state.key === key ? state : { status: 'loading', key };
}
