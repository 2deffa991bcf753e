/**
 * COAT step by step on a small dataset (Loukides et al., Example 4.1): each privacy constraint COAT
 * takes up, the item it picks, and whether it generalizes it (with which partner) or suppresses it.
 * Computed in a worker by the same code as the run.
 */
import { useEffect, useState } from 'react';
import type { CoatTeachingStep } from '../../../core/methods/coat/trace.ts';
import { pool } from '../../engineClient.ts';

export function CoatTeachingView({
  datasetId,
  params,
}: {
  datasetId: string;
  params: Record<string, number | string | boolean>;
}) {
  const [steps, setSteps] = useState<CoatTeachingStep[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(params);
  useEffect(() => {
    let live = true;
    pool
      .run((api) => api.coatTrace(datasetId, JSON.parse(key)))
      .then((s) => live && (setSteps(s), setError(null)))
      .catch((e: { message?: string }) => live && (setSteps(null), setError(e.message ?? String(e))));
    return () => {
      live = false;
    };
  }, [datasetId, key]);
  if (error) return <p className="muted">Teaching view: {error}</p>;
  if (!steps) return null;
  return (
    <details className="teaching" open data-testid="coat-teaching">
      <summary>COAT step by step — Loukides et al., Example 4.1</summary>
      {steps.length === 0 ? (
        <p>Every privacy constraint already holds: nothing to generalize or suppress.</p>
      ) : (
        <ol className="compact" data-testid="coat-steps">
          {steps.map((s, i) => (
            <li key={i}>
              constraint {'{'}
              {s.constraint.join(',')}
              {'}'}:{' '}
              {s.action === 'generalize'
                ? `generalize ${s.item} with ${s.with} → ${s.result}`
                : `suppress ${s.item}`}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
