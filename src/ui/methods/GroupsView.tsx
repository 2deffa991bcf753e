/**
 * A `groups` release (privacy degree p, Ghinita Fig. 1d): group sizes, and the groups that hold
 * sensitive items with their QID rows published exactly and their sensitive items as counts.
 * The table shows at most 200 groups and 50 rows each (the summary is cut in the worker), so the
 * page stays light whatever the data size; the full release is in the downloads.
 */
import { useMemo } from 'react';
import type { ReleaseSummary } from '../../core/release/summary.ts';
import { EChart } from '../components/EChart.tsx';
import { classSizeOption } from '../components/charts.ts';

export function GroupsView({ summary, p }: { summary: ReleaseSummary; p: number }) {
  const sizes = useMemo(
    () =>
      classSizeOption(summary.sizeHistogram, p, 'Group sizes', `transactions per group (p = ${p})`, 'groups'),
    [summary, p],
  );
  return (
    <div className="charts" data-testid="groups-view">
      <EChart option={sizes} testId="chart-group-sizes" height={260} />
      <div className="chart class-table" style={{ height: 260 }} data-testid="groups-table">
        <table>
          <thead>
            <tr>
              <th>rows</th>
              <th>sensitive items (counts)</th>
              <th>QID rows, published exactly</th>
            </tr>
          </thead>
          <tbody>
            {summary.firstGroups?.map((g, i) => (
              <tr key={i}>
                <td>{g.size}</td>
                <td>
                  {Object.entries(g.sensitive)
                    .map(([s, c]) => `${s}: ${c}`)
                    .join(', ') || <span className="muted">none</span>}
                </td>
                <td>
                  {g.qid.map((row, r) => (
                    <div key={r}>
                      {row.length ? row.join(' ') : <span className="muted">(no QID item)</span>}
                    </div>
                  ))}
                  {g.size > g.qid.length && <span className="muted">… {g.size - g.qid.length} more</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
