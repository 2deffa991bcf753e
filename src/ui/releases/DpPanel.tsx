/**
 * What a `differential-privacy` run spent and where its noise came from (release/dpSummary.ts): a
 * warning when the noise was seeded (reproducible, so not for publication), the ledger's total
 * against the asked ε, its charges by mechanism and the first entries (each epsilon computed from
 * its sensitivity and scale), and, for DiffPart, its partitions and largest leaf partitions, noisy
 * and true. Shown for any DP release, whatever its kind.
 */
import { epsilonText } from '../../core/base/format.ts';
import type { DpView } from '../../core/release/dpSummary.ts';
import { itemList } from '../widgets/itemList.ts';

const MECHANISM_WORDS: Record<string, string> = {
  'discrete-laplace': 'discrete Laplace noise on counts',
  exponential: 'exponential mechanism',
  'exponential-monotone': 'exponential mechanism (monotone score)',
};

export function DpPanel({ dp }: { dp: DpView }) {
  const { ledger, noise } = dp;
  return (
    <div className="dp-panel" data-testid="dp-panel">
      <h4>Privacy budget</h4>
      {noise.reproducible ? (
        <p className="error" data-testid="dp-noise" role="note">
          <strong>Not for publication:</strong> {noise.note}.
        </p>
      ) : (
        <p className="small" data-testid="dp-noise">
          {noise.note}.
        </p>
      )}
      <p data-testid="dp-ledger-total">
        ε spent:{' '}
        <b
          title={`exactly ${ledger.total} in the release's ledger (each charge's exact ε rounded up to a double)`}
        >
          {epsilonText(ledger.total, ledger.epsilon)}
        </b>{' '}
        of the ε = {ledger.epsilon} asked, over {ledger.entryCount.toLocaleString('en')} charge
        {ledger.entryCount === 1 ? '' : 's'} (
        {ledger.byMechanism
          .map((m) => `${m.count.toLocaleString('en')} × ${MECHANISM_WORDS[m.mechanism]}`)
          .join(', ')}
        ). Charges on disjoint transactions compose in parallel: the total is the largest sum along one path.
      </p>
      <details>
        <summary>
          The ledger{ledger.entryCount > ledger.entries.length ? ` (first ${ledger.entries.length})` : ''}
        </summary>
        <table className="ledger" data-testid="dp-ledger">
          <thead>
            <tr>
              <th>#</th>
              <th>what was noised</th>
              <th>mechanism</th>
              <th>sensitivity</th>
              <th>scale</th>
              <th>ε</th>
              <th>scope</th>
            </tr>
          </thead>
          <tbody>
            {ledger.entries.map((e) => (
              <tr key={e.id}>
                <td className="number">{e.id}</td>
                <td>{e.label}</td>
                <td>{e.mechanism}</td>
                <td className="number">{e.sensitivity}</td>
                <td className="number">{e.scale}</td>
                <td className="number" title={String(e.epsilon)}>
                  {epsilonText(e.epsilon)}
                </td>
                <td>{e.scope || 'all rows'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      {dp.partitions && (
        <>
          <p className="small" data-testid="dp-partitions">
            {dp.partitions.count.toLocaleString('en')} partitions kept by their noisy counts (
            {dp.partitions.splits.toLocaleString('en')} split further,{' '}
            {dp.partitions.leaves.toLocaleString('en')} leaf partitions, each published as its itemset
            repeated its noisy count).
          </p>
          <details>
            <summary>The largest leaf partitions, noisy and true</summary>
            <table className="ledger" data-testid="dp-leaves">
              <thead>
                <tr>
                  <th>itemset</th>
                  <th>noisy count (published rows)</th>
                  <th>true count (private)</th>
                </tr>
              </thead>
              <tbody>
                {dp.partitions.largestLeaves.map((p, i) => (
                  <tr key={i}>
                    <td>{itemList(p.items)}</td>
                    <td className="number">{p.count.toLocaleString('en')}</td>
                    <td className="number">{p.trueCount.toLocaleString('en')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </div>
  );
}
