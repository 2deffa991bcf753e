/**
 * Beside multi-anatomy's form: which l-diversity reading is in force (release/diversity.ts) and,
 * on request, whether the setting is feasible; when it is not, the settings that are (a smaller l,
 * fewer columns, the distinct reading), each one click away (the `feasibility` tool of
 * core/methods/multi-anatomy).
 */
import { useState } from 'react';
import { describeReading, diversityOf } from '../../../core/release/diversity.ts';
import type { Feasibility } from '../../../core/methods/multi-anatomy/feasibility.ts';
import { pool } from '../../engineClient.ts';
import type { MethodFormProps } from '../types.ts';

export function DiversityTools({ datasetId, request, setParams }: MethodFormProps) {
  const [result, setResult] = useState<{ key: string; value?: Feasibility; error?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const reading = diversityOf(request.params);
  const key = JSON.stringify(request.params);
  const check = async () => {
    setBusy(true);
    try {
      const value = (await pool.run((api) =>
        api.extra(datasetId, { ...request, extra: 'feasibility' }),
      )) as Feasibility;
      setResult({ key, value });
    } catch (e) {
      setResult({ key, error: (e as { message?: string }).message ?? String(e) });
    } finally {
      setBusy(false);
    }
  };
  const current = result?.key === key ? result : null;
  return (
    <div className="diversity-tools" data-testid="diversity-tools">
      <p className="muted small" data-testid="diversity-reading">
        l-diversity in force: {describeReading(reading)}.
      </p>
      <button type="button" data-testid="feasibility-button" disabled={busy} onClick={() => void check()}>
        {busy ? 'Checking…' : 'Is this setting feasible?'}
      </button>
      {current?.error && <p className="error small">{current.error}</p>}
      {current?.value && <Verdict feasibility={current.value} setParams={setParams} />}
    </div>
  );
}

function Verdict({
  feasibility: f,
  setParams,
}: {
  feasibility: Feasibility;
  setParams: MethodFormProps['setParams'];
}) {
  if (f.feasible)
    return (
      <p className="small" data-testid="feasibility-verdict">
        Feasible: l = {f.l} with {f.columns} columns (these columns allow l up to {f.largestL[f.reading]}).
      </p>
    );
  const other = f.reading === 'frequency' ? 'distinct' : 'frequency';
  return (
    <div className="small" data-testid="feasibility-verdict">
      <p>
        Not feasible: with {f.columns} columns this data allows l up to {f.largestL[f.reading]} under this
        reading ({f.largestL[other]} under the {other} one). Feasible instead:
      </p>
      <ul>
        {f.largestL[f.reading] >= 2 && (
          <li>
            <button type="button" data-testid="use-l" onClick={() => setParams({ l: f.largestL[f.reading] })}>
              l = {f.largestL[f.reading]}
            </button>{' '}
            with these {f.columns} columns
          </li>
        )}
        {f.fewerColumns !== undefined && (
          <li>
            <button
              type="button"
              data-testid="use-columns"
              onClick={() => setParams({ columns: f.fewerColumns! })}
            >
              {f.fewerColumns} column{f.fewerColumns > 1 ? 's' : ''}
            </button>{' '}
            at l = {f.l} (items grouped by the same phi² + PAM partition)
          </li>
        )}
        {f.reading === 'frequency' && f.largestL.distinct >= f.l && (
          <li>
            <button
              type="button"
              data-testid="use-distinct"
              onClick={() => setParams({ diversity: 'distinct' })}
            >
              the distinct reading
            </button>{' '}
            (the paper’s Example 5: at least l different values per column) at l = {f.l}
          </li>
        )}
      </ul>
    </div>
  );
}
