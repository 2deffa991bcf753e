/** A few input rows beside what the release publishes for them (rowExamples.ts in core). */
import type { RowExample } from '../../core/metrics/summary/rowExamples.ts';
import { readBuiltNodeLabel } from '../../core/data/hierarchy/builtLabel.ts';
import { itemList } from '../widgets/itemList.ts';

const items = (tokens: readonly string[]) =>
  tokens.length === 0 ? <span className="muted">(empty)</span> : itemList(tokens);

/** The first published item that is a built hierarchy's node, such as `(8495 +624)`. */
function firstBuiltLabel(examples: readonly RowExample[]): string | undefined {
  for (const e of examples) for (const token of e.after) if (readBuiltNodeLabel(token)) return token;
  return undefined;
}

/** A sentence that reads a built node's label in words, where rows show it without the item table. */
function BuiltLabelNote({ label }: { label: string }) {
  const parts = readBuiltNodeLabel(label);
  if (!parts) return null;
  return (
    <p className="muted small" data-testid="built-label-note">
      <b>{label}</b> is a generalized item: item {parts.first} and the {parts.more.toLocaleString('en')} items
      after it in the order of the hierarchy the workbench built ({(parts.more + 1).toLocaleString('en')}{' '}
      items in all; no hierarchy was given). The run&apos;s <code>-generalized.csv</code> download lists every
      label with the items it covers.
    </p>
  );
}

export function RowExamples({ examples }: { examples: readonly RowExample[] }) {
  if (examples.length === 0) return null;
  const builtLabel = firstBuiltLabel(examples);
  return (
    <>
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
      {builtLabel && <BuiltLabelNote label={builtLabel} />}
    </>
  );
}
