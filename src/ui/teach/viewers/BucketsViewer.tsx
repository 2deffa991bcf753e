/**
 * The buckets drawing (BucketsDrawing: multi-dimension anatomy, anatomy paper Table I(D)-(E)): the
 * item partition into columns, then each bucket as a small table, a line per row with its value
 * (its items) in every column. Changed buckets and rows are yellow.
 */
import type { BucketsDrawing } from '../../../core/teach/trace.ts';
import type { ViewerProps } from './types.ts';

const value = (items: readonly string[]) => (items.length === 0 ? '∅' : items.join(', '));

export function BucketsViewer({ state, changed }: ViewerProps<BucketsDrawing>) {
  return (
    <div className="teach-buckets" data-kind="buckets">
      <p className="columns">
        {state.columns.map((items, c) => (
          <span key={c}>
            <b>C{c + 1}</b> = {'{'}
            {items.join(', ')}
            {'}'}
          </span>
        ))}
      </p>
      <div className="bucket-cards">
        {state.buckets.map((bucket) => (
          <table
            key={bucket.id}
            className={`bucket${changed.has(bucket.id) ? ' changed' : ''}`}
            data-bucket={bucket.label}
          >
            <caption>
              <b>{bucket.label}</b> · {bucket.rows.length} rows{bucket.note ? ` · ${bucket.note}` : ''}
            </caption>
            <thead>
              <tr>
                <th />
                {state.columns.map((_, c) => (
                  <th key={c}>C{c + 1}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {bucket.rows.map((row) => (
                <tr key={row.id} className={changed.has(row.id) ? 'changed' : ''}>
                  <th>{row.label}</th>
                  {row.values.map((items, c) => (
                    <td key={c}>{value(items)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      {state.caption && <p className="muted small">{state.caption}</p>}
    </div>
  );
}
