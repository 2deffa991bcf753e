/**
 * A method's extra (teaching trace or tool) computed in a worker for the given request, again
 * whenever the request changes; the result's type is the one the method's core folder names.
 */
import { useEffect, useState } from 'react';
import type { ExtraRequest } from '../../core/run/runExtra.ts';
import { pool } from '../engineClient.ts';

export function useMethodExtra<T>(
  datasetId: string,
  request: ExtraRequest,
): { value: T | null; error: string | null } {
  const [state, setState] = useState<{ value: T | null; error: string | null }>({ value: null, error: null });
  const key = JSON.stringify(request);
  useEffect(() => {
    let live = true;
    const parsed = JSON.parse(key) as ExtraRequest;
    pool
      .run((api) => api.extra(datasetId, parsed))
      .then((value) => live && setState({ value: value as T, error: null }))
      .catch((e: { message?: string }) => live && setState({ value: null, error: e.message ?? String(e) }));
    return () => {
      live = false;
    };
  }, [datasetId, key]);
  return state;
}
