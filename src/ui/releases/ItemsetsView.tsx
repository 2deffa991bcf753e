/**
 * An `itemsets` release (PrivBasis): the published itemsets by rank with their noisy supports
 * beside the true ones and whether each is among the true top k, and the true top-k itemsets the
 * release missed. The true supports come from the audit: the analyst's own, never published.
 */
import { useMemo } from 'react';
import { EChart } from '../widgets/EChart.tsx';
import { itemList } from '../widgets/itemList.ts';
import { itemsetsOption } from './itemsetsOption.ts';
import type { ReleaseViewProps } from './types.ts';

export function ItemsetsView({ run }: ReleaseViewProps) {
  const itemsets = run.summary.dp?.itemsets;
  const missed = run.summary.dp?.missed ?? [];
  const option = useMemo(() => (itemsets ? itemsetsOption(itemsets) : null), [itemsets]);
  if (!itemsets || !option) return <p className="muted">No itemsets to show.</p>;
  const k = Number(run.record.params.k);
  return (
    <div className="charts itemsets-view" data-testid="itemsets-view">
      <EChart
        option={option}
        testId="chart-itemsets"
        height={300}
        exportName={`${run.record.method}-itemsets`}
      />
      <div className="chart class-table">
        <table data-testid="itemsets-table">
          <thead>
            <tr>
              <th>rank</th>
              <th>itemset</th>
              <th>noisy support</th>
              <th>true support</th>
              <th>in the true top {k}</th>
            </tr>
          </thead>
          <tbody>
            {itemsets.map((s, i) => (
              <tr key={i} className={s.inTopK ? '' : 'changed'}>
                <td className="number">{i + 1}</td>
                <td>{itemList(s.items)}</td>
                <td className="number">{s.support.toLocaleString('en')}</td>
                <td className="number">{s.trueSupport.toLocaleString('en')}</td>
                <td>{s.inTopK ? 'yes' : 'no'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="small" data-testid="itemsets-missed">
          {missed.length === 0
            ? `Every itemset of the true top ${k} is published.`
            : `${missed.length} of the true top ${k} are not published: ${missed
                .slice(0, 10)
                .map((s) => `{${s.items.join(', ')}} (${s.support.toLocaleString('en')} rows)`)
                .join('; ')}${missed.length > 10 ? '; …' : ''}.`}
        </p>
      </div>
    </div>
  );
}
