/**
 * The transactions-table drawing (TableDrawing: PTA's classes, PatternKa's groups, COAT's and
 * Apriori's generalized rows, every `transactions` or `generalized` release): one line per row, its
 * items as chips, its class or group as a coloured mark with the group's note in a legend above.
 * Changed rows and items are yellow.
 */
import type { ReactElement } from 'react';
import type { TableDrawing } from '../../../core/teach/trace.ts';
import { groupColour } from './palette.ts';
import type { ViewerProps } from './types.ts';

/**
 * A row's items as one text, items joined by a thin dot; only the items the step changed are
 * elements of their own (marked): 300 rows of 37 items stay 300 text nodes, not 11,000 elements.
 */
function itemsOf(items: readonly string[], changed: ReadonlySet<string>) {
  if (items.length === 0) return <span className="muted">∅</span>;
  const parts: (string | ReactElement)[] = [];
  let text = '';
  items.forEach((item, i) => {
    const gap = i > 0 ? ' · ' : '';
    if (!changed.has(item)) {
      text += gap + item;
      return;
    }
    parts.push(text + gap);
    text = '';
    parts.push(
      <mark key={i} className="chip changed">
        {item}
      </mark>,
    );
  });
  parts.push(text);
  return parts;
}

export function TableViewer({ state, changed }: ViewerProps<TableDrawing>) {
  const groups = state.groups ?? [];
  const grouped = state.rows.some((row) => row.group !== undefined);
  return (
    <div className="teach-table-wrap" data-kind="table">
      {groups.length > 0 && (
        <ul className="teach-legend">
          {groups.map((g, i) => (
            <li key={g.id} className={changed.has(g.id) ? 'changed' : ''}>
              <span className="swatch" style={{ background: groupColour(i) }} />
              <b>{g.label}</b>
              {g.note && <span className="muted"> {g.note}</span>}
            </li>
          ))}
        </ul>
      )}
      <table className="teach-table">
        <tbody>
          {state.rows.map((row) => (
            <tr
              key={row.id}
              data-row={row.label}
              className={changed.has(row.id) ? 'changed' : ''}
              style={row.group !== undefined ? { borderLeftColor: groupColour(row.group) } : undefined}
            >
              <th>{row.label}</th>
              {grouped && (
                <td className="group-cell">
                  {row.group !== undefined && (
                    <span className="group-mark" style={{ background: groupColour(row.group) }}>
                      {groups[row.group]?.label ?? `G${row.group + 1}`}
                    </span>
                  )}
                </td>
              )}
              <td className="items">{itemsOf(row.items, changed)}</td>
              {row.note !== undefined && <td className="note mono">{row.note}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {state.caption && <p className="muted small">{state.caption}</p>}
    </div>
  );
}
