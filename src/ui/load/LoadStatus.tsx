/** The load in progress (with Cancel) and the last load error, with its file, line and column. */
import { useWorkbench } from './datasetStore.ts';

export function LoadProgress() {
  const loading = useWorkbench((s) => s.loading);
  const cancel = useWorkbench((s) => s.cancelLoad);
  if (!loading) return null;
  const fraction = loading.total > 0 ? loading.done / loading.total : 0;
  return (
    <div className="progress" data-testid="load-progress">
      <span>
        Loading <b>{loading.name}</b>
        {loading.total > 0 &&
          ` — ${(loading.done / 1e6).toFixed(1)} of ${(loading.total / 1e6).toFixed(1)} MB`}
      </span>
      <progress max={1} value={fraction} />
      <button type="button" onClick={cancel} data-testid="cancel-load">
        Cancel
      </button>
    </div>
  );
}

export function LoadError() {
  const error = useWorkbench((s) => s.error);
  const dismiss = useWorkbench((s) => s.dismissError);
  if (!error) return null;
  return (
    <div className="error" role="alert" data-testid="load-error">
      <div>
        <strong>Could not load {error.file ?? 'the data'}</strong>
        {error.line !== undefined && (
          <span data-testid="load-error-position">
            {' '}
            — line {error.line}, column {error.column}
          </span>
        )}
        <div className="error-reason">{error.reason ?? error.message}</div>
        <small className="muted">The datasets already loaded are unchanged.</small>
      </div>
      <button type="button" onClick={dismiss} aria-label="dismiss">
        ×
      </button>
    </div>
  );
}
