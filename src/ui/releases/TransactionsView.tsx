/**
 * A `transactions` release (PTA, PatternKa): the equivalence class sizes and the largest classes
 * with the items they publish.
 */
import { useMemo } from 'react';
import { EChart } from '../widgets/EChart.tsx';
import { classSizeOption } from './classSizeOption.ts';
import type { ReleaseViewProps } from './types.ts';

export function TransactionsView({ run }: ReleaseViewProps) {
  const { summary, record } = run;
  const k = Number(record.params.k);
  const sizes = useMemo(() => classSizeOption(summary.sizeHistogram, k), [summary, k]);
  return (
    <div className="charts">
      <EChart option={sizes} testId="chart-class-sizes" height={240} />
      <div className="chart class-table" data-testid="class-table">
        <table>
          <thead>
            <tr>
              <th>rows</th>
              <th>published items (largest classes first)</th>
            </tr>
          </thead>
          <tbody>
            {summary.topClasses.map((c, i) => (
              <tr key={i}>
                <td>{c.size}</td>
                <td>{c.items.length ? c.items.join(' ') : <span className="muted">(empty)</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
