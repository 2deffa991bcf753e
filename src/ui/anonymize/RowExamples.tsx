/** A few input rows beside what the release publishes for them (rowExamples.ts in core). */
import type { RowExample } from '../../core/metrics/summary/rowExamples.ts';
import { itemList } from '../widgets/itemList.ts';

const items = (tokens: readonly string[]) =>
  tokens.length === 0 ? <span className="muted">(empty)</span> : itemList(tokens);

export function RowExamples({ examples }: { examples: readonly RowExample[] }) {
  if (examples.length === 0) return null;
  return (
    <table className="row-examples" data-testid="row-examples">
      <thead>
        <tr>
          <th>input row</th>
          <th>before</th>
          <th>published</th>
        </tr>
      </thead>
      <tbody>
        {examples.map((e) => (
          <tr key={e.row} data-testid="row-example" className={e.changed ? 'changed' : ''}>
            <td className="number">{(e.row + 1).toLocaleString('en')}</td>
            <td>{items(e.before)}</td>
            <td>
              {items(e.after)}
              {e.note && <div className="muted small">{e.note}</div>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
