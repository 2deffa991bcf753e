/** Fills COAT's privacy constraints with Pgen's maximal infrequent itemsets (Alg. 4) and says how many. */
import { useState } from 'react';
import { pool } from '../../engineClient.ts';

export function PgenButton({
  datasetId,
  k,
  onConstraints,
}: {
  datasetId: string;
  k: number;
  onConstraints: (c: string[][]) => void;
}) {
  const [count, setCount] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const generate = async () => {
    setBusy(true);
    try {
      const constraints = await pool.run((api) => api.pgen(datasetId, k));
      setCount(constraints.length);
      onConstraints(constraints);
    } finally {
      setBusy(false);
    }
  };
  return (
    <p className="pgen">
      <button type="button" data-testid="pgen-button" disabled={busy} onClick={() => void generate()}>
        Privacy constraints from Pgen (k = {k})
      </button>{' '}
      {count !== null && (
        <span data-testid="pgen-count">
          Pgen produced {count.toLocaleString()} constraints (maximal infrequent itemsets); m set to 0 to use
          them.
        </span>
      )}
    </p>
  );
}
