/**
 * COAT step by step on a small dataset (Loukides et al., Example 4.1): each privacy constraint COAT
 * takes up, the item it picks, and whether it generalizes it (with which partner) or suppresses it.
 * Computed in a worker by the same code as the run.
 */
import type { CoatTeachingStep } from '../../../core/methods/coat/trace.ts';
import type { MethodFormProps } from '../types.ts';
import { useMethodExtra } from '../useMethodExtra.ts';

export function CoatTeachingView({ datasetId, request }: MethodFormProps) {
  const { value: steps, error } = useMethodExtra<CoatTeachingStep[]>(datasetId, {
    ...request,
    extra: 'teach',
  });
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
