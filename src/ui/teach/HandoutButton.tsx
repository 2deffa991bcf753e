/**
 * The page's handout button: the same trace's handout (core/teach/deck.ts, as `teach --deck`
 * writes it), made in a worker and saved as one self-contained HTML file.
 */
import { useState } from 'react';
import type { ExtraRequest } from '../../core/run/runExtra.ts';
import { pool } from '../engineClient.ts';

export function HandoutButton({
  datasetId,
  request,
  name,
}: {
  datasetId: string;
  request: Omit<ExtraRequest, 'extra'>;
  name: string;
}) {
  const [state, setState] = useState<'idle' | 'making' | string>('idle');
  const make = () => {
    setState('making');
    pool
      .run((api) => api.extra(datasetId, { ...request, extra: 'deck' }))
      .then((html) => {
        const url = URL.createObjectURL(new Blob([html as string], { type: 'text/html' }));
        const a = document.createElement('a');
        a.href = url;
        a.download = name;
        a.click();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        setState('idle');
      })
      .catch((e: { message?: string }) => setState(e.message ?? String(e)));
  };
  return (
    <button
      type="button"
      data-testid="teach-deck"
      onClick={make}
      disabled={state === 'making'}
      title={
        state.length > 8
          ? state
          : 'One HTML file: a step a printed page, the answers at the end; works offline'
      }
    >
      {state === 'making' ? 'Making the handout…' : 'Handout (HTML)'}
    </button>
  );
}
