/**
 * A `groups` release (privacy degree p, Ghinita Fig. 1d): group sizes, and every group with its QID
 * rows published exactly and its sensitive items as counts, in a virtualised table that fetches the
 * rows in view from the worker keeping the release.
 */
import { useMemo } from 'react';
import { EChart } from '../widgets/EChart.tsx';
import { classSizeOption } from './classSizeOption.ts';
import type { ReleaseViewProps } from './types.ts';
import { GroupRowsTable } from './GroupRowsTable.tsx';

export function GroupsView({ run }: ReleaseViewProps) {
  const { summary, releaseKey, slot } = run;
  const p = Number(run.record.params.p);
  const sizes = useMemo(
    () =>
      classSizeOption(summary.sizeHistogram, p, 'Group sizes', `transactions per group (p = ${p})`, 'groups'),
    [summary, p],
  );
  return (
    <div className="charts" data-testid="groups-view">
      <EChart option={sizes} testId="chart-group-sizes" height={260} />
      <GroupRowsTable key={releaseKey} releaseKey={releaseKey} slot={slot} />
    </div>
  );
}
