/**
 * "Take a sample" (issue 40): a file of the user's own too large for a lesson is stepped through
 * on n of its transactions over its m most frequent items, drawn with the trace's seed in the
 * worker (core/data/teachingSample.ts); the trace says how, and so does the page.
 */
import { DEFAULT_SAMPLE } from '../../core/teach/trace.ts';

export function SampleControl({
  rows,
  items,
  limit,
  onChange,
}: {
  /** 0: the whole file. */
  rows: number;
  items: number;
  limit: number;
  onChange: (rows: number, items: number) => void;
}) {
  const on = rows > 0;
  const whole = (text: string, max: number) => Math.max(1, Math.min(max, Math.floor(Number(text)) || 1));
  return (
    <div className="teach-sample small" data-testid="teach-sample-control">
      <label>
        <input
          type="checkbox"
          data-testid="teach-sample"
          checked={on}
          onChange={(e) =>
            onChange(e.target.checked ? DEFAULT_SAMPLE.rows : 0, e.target.checked ? DEFAULT_SAMPLE.items : 0)
          }
        />{' '}
        Take a sample
      </label>
      {on && (
        <>
          <label>
            {' '}
            of{' '}
            <input
              type="number"
              data-testid="teach-sample-rows"
              min={1}
              max={limit}
              value={rows}
              onChange={(e) => onChange(whole(e.target.value, limit), items)}
            />{' '}
            transactions
          </label>
          <label>
            {' '}
            over the{' '}
            <input
              type="number"
              data-testid="teach-sample-items"
              min={1}
              max={1000}
              value={items}
              onChange={(e) => onChange(rows, whole(e.target.value, 1000))}
            />{' '}
            most frequent items (drawn with the seed)
          </label>
        </>
      )}
    </div>
  );
}
