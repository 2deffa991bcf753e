/**
 * PTA step by step on a small dataset (Lin et al., Figs. 2-7): the Gray-sorted rows, and for each
 * segment the Hamming matrix, the loop PrimTSP keeps, the mapped groups with centres and IL, and
 * the equivalence classes. Computed in a worker by the same code as the run.
 */
import type { PtaTeachingTrace } from '../../../core/methods/pta/trace.ts';
import type { MethodFormProps } from '../types.ts';
import { useMethodExtra } from '../useMethodExtra.ts';

export function PtaTeachingView({ datasetId, request }: MethodFormProps) {
  const { value: trace, error } = useMethodExtra<PtaTeachingTrace>(datasetId, { ...request, extra: 'teach' });
  const { k, segments } = request.params;
  if (error) return <p className="muted">Teaching view: {error}</p>;
  if (!trace) return null;
  return (
    <details className="teaching" open data-testid="pta-teaching">
      <summary>
        PTA step by step (k = {String(k)}, {String(segments || 'auto')} segments) — Lin et al., Sec. 5
      </summary>
      <div className="teaching-grid">
        <div>
          <h4>Gray-sorted rows (Fig. 2c)</h4>
          <table className="bits">
            <thead>
              <tr>
                <th />
                {trace.columns.map((c) => (
                  <th key={c}>{c}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {trace.sorted.map((r) => (
                <tr key={r.name}>
                  <th>{r.name}</th>
                  {[...r.bits].map((b, i) => (
                    <td key={i} className={b === '1' ? 'on' : ''}>
                      {b}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {trace.segments.map((s, index) => (
          <div key={index} className="teaching-segment" data-testid="pta-segment">
            <h4>
              Segment {index + 1}: {s.rows.join(', ')}
            </h4>
            <p>
              Hamming matrix (Fig. 4), loop of least IL (Fig. 5):{' '}
              <b data-testid="pta-loop">{s.loop.path.join(' → ')}</b> (IL {s.loop.il})
            </p>
            <table className="bits">
              <thead>
                <tr>
                  <th />
                  {s.rows.map((r) => (
                    <th key={r}>{r}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {s.matrix.map((row, i) => (
                  <tr key={i}>
                    <th>{s.rows[i]}</th>
                    {row.map((d, j) => (
                      <td key={j}>{i === j ? '∞' : d}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            <p>Mapped groups with majority-vote centres (Fig. 6):</p>
            <ul className="compact">
              {s.groups.map((g) => (
                <li key={g.around}>
                  around {g.around}: {'{'}
                  {g.members.join(', ')}
                  {'}'} centre {g.center}, IL {g.il}
                </li>
              ))}
            </ul>
            <p>Equivalence classes (Fig. 7):</p>
            <ul className="compact" data-testid="pta-classes">
              {s.classes.map((c, i) => (
                <li key={i}>
                  C{i + 1} = {'{'}
                  {c.members.join(', ')}
                  {'}'} centre {c.center}, IL {c.il}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </details>
  );
}
