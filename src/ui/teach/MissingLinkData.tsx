/**
 * A stepper's link names a loaded file this browser does not hold (issue 40): the page says which
 * file to load; the link's method, parameters and step stand until a file of that name is loaded.
 */
import { useTeach } from './teachStore.ts';

export function MissingLinkData() {
  const missing = useTeach((s) => s.missing);
  if (!missing) return <p className="muted">Drop a file or pick a sample to begin.</p>;
  return (
    <p className="note" role="note" data-testid="teach-missing">
      This link steps through the file <strong>{missing}</strong>, which this browser does not hold. Load{' '}
      {missing} (drop it on the page or use Load) and the linked step opens; nothing else is needed.
    </p>
  );
}
