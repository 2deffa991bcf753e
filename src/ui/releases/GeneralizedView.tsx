/**
 * A `generalized` release (COAT): the item mapping, each generalized item with the items it stands
 * for (largest first), and the suppressed items. The rows themselves are in the downloads.
 */
import { useStagedSlice } from '../widgets/useStaged.ts';
import type { ReleaseViewProps } from './types.ts';
import { itemList } from '../widgets/itemList.ts';

export function GeneralizedView({ run: { summary } }: ReleaseViewProps) {
  // Up to 500 rows, drawn 50 a task (useStaged.ts).
  const generalized = useStagedSlice(summary.generalizedItems ?? []);
  return (
    <div className="chart class-table" style={{ height: 260 }} data-testid="generalized-view">
      <p>
        <b>{summary.generalizedItems?.length ?? 0}</b> generalized items ·{' '}
        <b>{summary.suppressed?.length ?? 0}</b> suppressed
        {summary.suppressed?.length ? `: ${itemList(summary.suppressed)}` : ''}
      </p>
      <table>
        <thead>
          <tr>
            <th>generalized item</th>
            <th>items it stands for</th>
          </tr>
        </thead>
        <tbody>
          {generalized.map((g) => (
            <tr key={g.label}>
              <td title={g.label}>{g.label.length > 60 ? `${g.label.slice(0, 57)}…` : g.label}</td>
              <td>
                {itemList(g.items)} <span className="muted">({g.items.length} items)</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
