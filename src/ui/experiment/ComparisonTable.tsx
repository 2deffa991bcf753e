/**
 * Every series at one value of the swept parameter as a table, best first (core/experiment/
 * comparison.ts): the mean with its standard error over queries and seeds, the seeds it averages,
 * the ranking's letters, and for each series the ones it cannot be told apart from (their paired
 * difference, seed by seed on the same queries, is within two standard errors), so that no series
 * reads as better than another that the measurements do not separate. When the runs mix privacy
 * models (`modelName` given), one table per model: each ranked, paired and lettered within itself.
 */
import type { Comparison } from '../../core/experiment/comparison.ts';
import { formatSe, formatValue } from '../widgets/metricText.ts';

function pairText(pair: Comparison['pairs'][number][number]): string {
  if (!pair) return '';
  const sign = pair.difference >= 0 ? '+' : '−';
  const se = pair.se === undefined ? '' : ` ± ${(2 * pair.se).toPrecision(2)}`;
  return `${sign}${Math.abs(pair.difference).toPrecision(3)}${se}`;
}

export function ComparisonTable({
  comparison,
  valueName,
  axis,
  at,
  modelName,
}: {
  comparison: Comparison;
  valueName: string;
  axis: string;
  at: string;
  /** When the runs mix privacy models: a model's name, for the heading of its table. */
  modelName?: (group: string) => string;
}) {
  const { known } = comparison;
  const groups = [...new Set(comparison.series.map((s) => s.group))];
  return (
    <div className="table-scroll comparison" data-testid="comparison-table">
      <p className="muted small">
        {valueName} at {axis} = {at}, best first
        {modelName
          ? ', within each privacy model (the same level is not the same privacy across models)'
          : ''}
        .{' '}
        {known
          ? 'Series that share a letter cannot be told apart: their difference, paired seed by seed on the same queries, is within two standard errors.'
          : 'One seed of an exact value: nothing estimates the uncertainty, so no difference is marked (run more seeds).'}
      </p>
      {groups.map((group) => (
        <GroupTable
          key={group}
          comparison={comparison}
          group={group}
          heading={modelName ? modelName(group) : undefined}
          valueName={valueName}
        />
      ))}
    </div>
  );
}

/** The series of one group (every series when the runs are not split), ranked from 1. */
function GroupTable({
  comparison,
  group,
  heading,
  valueName,
}: {
  comparison: Comparison;
  group: string;
  heading?: string;
  valueName: string;
}) {
  const { pairs, known } = comparison;
  const indices = comparison.series.flatMap((s, i) => (s.group === group ? [i] : []));
  const series = indices.map((i) => comparison.series[i]);
  const first = indices[0];
  return (
    <>
      {heading && (
        <h4 className="small" data-testid="comparison-model">
          {heading}
        </h4>
      )}
      <table className="runs">
        <thead>
          <tr>
            <th>rank</th>
            <th>series</th>
            <th title="mean over seeds ± its standard error over queries and seeds">{valueName}</th>
            <th>seeds</th>
            <th title="this series minus the first one, paired seed by seed on the same queries, ± 2 standard errors">
              vs {series[0]?.name} (paired)
            </th>
            <th title="series sharing a letter cannot be told apart">group</th>
            <th>cannot be told apart from</th>
          </tr>
        </thead>
        <tbody>
          {indices.map((i, rank) => {
            const s = comparison.series[i];
            const others = indices.filter((j) => j !== i);
            const same = others.filter((j) => pairs[i][j]?.verdict === 'indistinguishable');
            const unknown = others.filter((j) => pairs[i][j]?.verdict === 'unknown');
            const names = (js: number[]) => js.map((j) => comparison.series[j].name).join(', ');
            return (
              <tr key={s.name} data-testid="comparison-row">
                <td className="num">{rank + 1}</td>
                <td>{s.name}</td>
                <td className="num">
                  {formatValue(s.mean)}
                  {s.se !== undefined ? ` ± ${formatSe(s.se, s.mean)}` : ''}
                </td>
                <td className="num">{s.seeds}</td>
                <td className="num">{i === first ? '' : pairText(pairs[i][first])}</td>
                <td data-testid="comparison-letters">{s.letters}</td>
                <td>
                  {names(same) || (known ? '— (told apart from all)' : '')}
                  {unknown.length > 0 && <span className="muted"> (unknown: {names(unknown)})</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
