/**
 * A `buckets` release (multi-dimension anatomy): the item partition as column lists, bucket sizes
 * and the first buckets as published (each column permuted within its bucket).
 */
import { useMemo } from 'react';
import { EChart } from '../widgets/EChart.tsx';
import { classSizeOption } from './classSizeOption.ts';
import type { ReleaseViewProps } from './types.ts';
import { itemList } from '../widgets/itemList.ts';

export function BucketsView({ run }: ReleaseViewProps) {
  const { summary } = run;
  const l = Number(run.record.params.l);
  const sizes = useMemo(
    () => classSizeOption(summary.sizeHistogram, l, 'Bucket sizes', `rows per bucket (l = ${l})`, 'buckets'),
    [summary, l],
  );
  return (
    <div className="buckets-view" data-testid="buckets-view">
      <h4>Item partition (Sec. IV.A: phi² + PAM)</h4>
      <ol className="columns-list" data-testid="item-columns">
        {summary.columns?.map((tokens, c) => (
          <li key={c}>
            <b>column {c + 1}</b> ({tokens.length} items): {itemList(tokens.slice(0, 60))}
            {tokens.length > 60 ? ' …' : ''}
          </li>
        ))}
      </ol>
      <div className="charts">
        <EChart option={sizes} testId="chart-bucket-sizes" height={420} />
      </div>
      <h4>First buckets as published</h4>
      <div className="bucket-tables">
        {summary.firstBuckets?.slice(0, 6).map((bucket, b) => (
          <table key={b} className="bits bucket">
            <caption>
              bucket {b + 1} · {bucket.size} rows
            </caption>
            <thead>
              <tr>
                {bucket.columns.map((_, c) => (
                  <th key={c}>column {c + 1}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: bucket.size }, (_, r) => (
                <tr key={r}>
                  {bucket.columns.map((values, c) => (
                    <td key={c}>{values[r].length ? itemList(values[r]) : '∅'}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </div>
  );
}
