/**
 * The alternatives a step weighed (Step.candidates): one line each with the numbers that decided,
 * the one chosen marked, why another was passed over in its note.
 */
import type { Candidate } from '../../core/teach/trace.ts';

export function CandidatesTable({ candidates }: { candidates: readonly Candidate[] }) {
  const keys = [...new Set(candidates.flatMap((c) => Object.keys(c.values)))];
  const notes = candidates.some((c) => c.note);
  const chosen = candidates.some((c) => c.chosen !== undefined);
  return (
    <table className="teach-candidates" data-testid="teach-candidates">
      <thead>
        <tr>
          {chosen && <th aria-label="chosen" />}
          <th>considered</th>
          {keys.map((key) => (
            <th key={key}>{key}</th>
          ))}
          {notes && <th />}
        </tr>
      </thead>
      <tbody>
        {candidates.map((c, i) => (
          <tr key={i} className={c.chosen ? 'chosen' : ''}>
            {chosen && <td className="mark">{c.chosen ? '✓' : ''}</td>}
            <th>{c.label}</th>
            {keys.map((key) => (
              <td key={key} className={typeof c.values[key] === 'number' ? 'num' : ''}>
                {c.values[key] ?? ''}
              </td>
            ))}
            {notes && <td className="note">{c.note ?? ''}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
