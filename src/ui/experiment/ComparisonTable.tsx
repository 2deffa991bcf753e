/**
 * Every series at one value of the swept parameter as a table, best first (core/experiment/
 * comparison.ts): the mean with its standard error over queries and seeds, the seeds it averages,
 * the ranking's letters, and for each series the ones it cannot be told apart from (their paired
 * difference, seed by seed on the same queries, is within two standard errors), so that no series
 * reads as better than another that the measurements do not separate.
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
}: {
  comparison: Comparison;
  valueName: string;
  axis: string;
  at: string;
}) {
  const { series, pairs, known } = comparison;
  return (
    <div className="table-scroll comparison" data-testid="comparison-table">
      <p className="muted small">
        {valueName} at {axis} = {at}, best first.{' '}
        {known
          ? 'Series that share a letter cannot be told apart: their difference, paired seed by seed on the same queries, is within two standard errors.'
          : 'One seed of an exact value: nothing estimates the uncertainty, so no difference is marked (run more seeds).'}
      </p>
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
          {series.map((s, i) => {
            const same = series.filter((_, j) => j !== i && pairs[i][j]?.verdict === 'indistinguishable');
            const unknown = series.filter((_, j) => j !== i && pairs[i][j]?.verdict === 'unknown');
            return (
              <tr key={s.name} data-testid="comparison-row">
                <td className="num">{i + 1}</td>
                <td>{s.name}</td>
                <td className="num">
                  {formatValue(s.mean)}
                  {s.se !== undefined ? ` ± ${formatSe(s.se, s.mean)}` : ''}
                </td>
                <td className="num">{s.seeds}</td>
                <td className="num">{i === 0 ? '' : pairText(pairs[i][0])}</td>
                <td data-testid="comparison-letters">{s.letters}</td>
                <td>
                  {same.map((x) => x.name).join(', ') || (known ? '— (told apart from all)' : '')}
                  {unknown.length > 0 && (
                    <span className="muted"> (unknown: {unknown.map((x) => x.name).join(', ')})</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
