/**
 * A DP step's ledger (Step.ledger): every charge so far with its mechanism, scale and ε, and the ε
 * they compose to against the budget, so the budget is seen to grow step by step.
 */
import { epsilonText } from '../../core/base/format.ts';
import type { LedgerShown } from '../../core/teach/trace.ts';

const short = (x: number) => Number(x.toPrecision(4));

export function LedgerTable({ ledger }: { ledger: LedgerShown }) {
  return (
    <table className="teach-candidates teach-ledger" data-testid="teach-ledger">
      <caption>
        ledger: ε spent {epsilonText(ledger.spent, ledger.budget)} of {ledger.budget}
      </caption>
      <thead>
        <tr>
          <th>charge</th>
          <th>mechanism</th>
          <th>scale</th>
          <th>ε</th>
        </tr>
      </thead>
      <tbody>
        {ledger.entries.map((e, i) => (
          <tr key={i} className={i === ledger.entries.length - 1 ? 'chosen' : ''}>
            <th>{e.label}</th>
            <td>{e.mechanism}</td>
            <td className="num">{e.scale.length > 12 ? short(scaleValue(e.scale)) : e.scale}</td>
            <td className="num">{epsilonText(e.epsilon)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An exact scale "n/d" as a number (for display only). */
function scaleValue(scale: string): number {
  const [n, d] = scale.split('/').map(Number);
  return d ? n / d : n;
}
