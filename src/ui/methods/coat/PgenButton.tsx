/** Fills COAT's privacy constraints with Pgen's maximal infrequent itemsets (Alg. 4) and says how many. */
import { useState } from 'react';
import { pool } from '../../engineClient.ts';
import type { MethodFormProps } from '../types.ts';

export function PgenButton({ datasetId, request, setParams }: MethodFormProps) {
  const [count, setCount] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const generate = async () => {
    setBusy(true);
    try {
      // COAT's `pgen` tool (core/methods/coat) answers with the itemsets as tokens.
      const constraints = (await pool.run((api) =>
        api.extra(datasetId, { ...request, extra: 'pgen' }),
      )) as string[][];
      setCount(constraints.length);
      setParams({ constraints: JSON.stringify(constraints), m: 0 });
    } finally {
      setBusy(false);
    }
  };
  return (
    <p className="pgen">
      <button type="button" data-testid="pgen-button" disabled={busy} onClick={() => void generate()}>
        Privacy constraints from Pgen (k = {String(request.params.k)})
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
