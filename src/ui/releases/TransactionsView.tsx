/**
 * A `transactions` release (PTA, PatternKa): the equivalence class sizes and the largest classes
 * with the items they publish.
 */
import { useMemo } from 'react';
import { EChart } from '../widgets/EChart.tsx';
import { classSizeOption } from './classSizeOption.ts';
import type { ReleaseViewProps } from './types.ts';
import { useStagedSlice } from '../widgets/useStaged.ts';
import { itemList } from '../widgets/itemList.ts';

export function TransactionsView({ run }: ReleaseViewProps) {
  const { summary, record } = run;
  const k = Number(record.params.k);
  // A DP release's rows have no k: its classes are the distinct synthetic rows.
  const sizes = useMemo(
    () =>
      Number.isFinite(k)
        ? classSizeOption(summary.sizeHistogram, k)
        : classSizeOption(
            summary.sizeHistogram,
            k,
            'Distinct rows and their copies',
            'copies of each distinct row',
          ),
    [summary, k],
  );
  // The 200 largest classes, drawn 50 a task (useStaged.ts).
  const topClasses = useStagedSlice(summary.topClasses);
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
            {topClasses.map((c, i) => (
              <tr key={i}>
                <td>{c.size}</td>
                <td>{c.items.length ? itemList(c.items) : <span className="muted">(empty)</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
