/**
 * A `groups` release (privacy degree p, Ghinita Fig. 1d): group sizes, and every group with its QID
 * rows published exactly and its sensitive items as counts, in a virtualised table that fetches the
 * rows in view from the worker keeping the release.
 */
import { useMemo } from 'react';
import type { ReleaseSummary } from '../../core/release/summary.ts';
import { EChart } from '../components/EChart.tsx';
import { classSizeOption } from '../components/charts.ts';
import { GroupRowsTable } from './GroupRowsTable.tsx';

export function GroupsView({
  summary,
  p,
  releaseKey,
  slot,
}: {
  summary: ReleaseSummary;
  p: number;
  releaseKey: string;
  slot: number | undefined;
}) {
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
