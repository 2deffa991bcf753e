/**
 * The Attack panel (DESIGN.md sec. 8, issue 39): the attacks each model defends against, run in a
 * worker (engineAttacks.ts) on the input as it stands (Check) or on a run's release (Anonymize):
 * the attacker's knowledge (how many items, which), before and after per number of known items
 * with the bound as a line, one plain sentence per attack, and one target chosen by the user with
 * the candidates the attacker is left with, the target's own highlighted.
 */
import { useState } from 'react';
import type { AttackResult, AttackSide, KnownChoice } from '../../core/attack/types.ts';
import { KNOWN_CHOICES } from '../../core/attack/types.ts';
import type { AttackAnswer } from '../../../workers/engineAttacks.ts';
import { isEngineError } from '../../../workers/engineTypes.ts';
import { pool } from '../engineClient.ts';
import { EChart } from '../widgets/EChart.tsx';
import { Field } from '../widgets/Field.tsx';
import { attackOption, attackSentence, oneIn } from './attackText.ts';
import { TargetCandidates } from './TargetCandidates.tsx';

const TARGETS = 2000;

/** A side's mean, its 95% upper bound and its worst target; no figure when no row could be attacked. */
function sideText(result: AttackResult, side: AttackSide): string {
  if (result.targets === 0) return 'no target (no row holds that many items)';
  return `${(100 * side.rate).toFixed(1)}% (${(100 * side.upper95).toFixed(1)}%) · ${oneIn(side.worst)}`;
}

export function AttackPanel({
  datasetId,
  files,
}: {
  datasetId: string;
  /** A run's release and audit; absent: the input alone. */
  files?: { release: Blob; audit: Blob };
}) {
  const [known, setKnown] = useState('1,2,3,4');
  const [choose, setChoose] = useState<KnownChoice>('random');
  const [row, setRow] = useState(1);
  const [targetKnown, setTargetKnown] = useState(2);
  const [answer, setAnswer] = useState<AttackAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const list = known
        .split(',')
        .map((s) => Number(s.trim()))
        .filter((m) => Number.isInteger(m) && m >= 1 && m <= 64);
      if (list.length === 0) throw new Error('Known items: one or more whole numbers, e.g. 1,2,3,4');
      const result = await pool.run((api) =>
        api.attack(datasetId, {
          known: list,
          choose,
          targets: TARGETS,
          seed: 1,
          ...files,
          target: { row: row - 1, known: targetKnown },
        }),
      );
      setAnswer(result);
    } catch (e) {
      setError(isEngineError(e) || e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const byAttack = new Map<string, AttackResult[]>();
  for (const result of answer?.report.attacks ?? [])
    byAttack.set(result.attack, [...(byAttack.get(result.attack) ?? []), result]);
  return (
    <section className="attack-panel" data-testid="attack-panel">
      <h4>Attack {files ? 'this release' : 'the input as it stands'}</h4>
      <p className="muted small">
        An attacker who knows some of a person&apos;s items looks for them in what is published. The attack
        gives a lower bound on the risk, not a proof of safety; the guarantee is the model&apos;s bound for
        the worst target.
      </p>
      <div className="attack-form">
        <Field label="items the attacker knows">
          <input
            value={known}
            onChange={(e) => setKnown(e.target.value)}
            data-testid="attack-known"
            size={10}
          />
        </Field>
        <Field label="which items">
          <select
            value={choose}
            onChange={(e) => setChoose(e.target.value as KnownChoice)}
            data-testid="attack-choose"
          >
            {KNOWN_CHOICES.map((c) => (
              <option key={c} value={c}>
                {c === 'random' ? 'at random' : c === 'rarest' ? 'its rarest' : 'its most frequent'}
              </option>
            ))}
          </select>
        </Field>
        <Field label="one target: row">
          <input
            type="number"
            min={1}
            value={row}
            onChange={(e) => setRow(Math.max(1, Number(e.target.value) || 1))}
            data-testid="attack-target-row"
          />
        </Field>
        <Field label="knowing">
          <input
            type="number"
            min={1}
            max={64}
            value={targetKnown}
            onChange={(e) => setTargetKnown(Math.max(1, Number(e.target.value) || 1))}
            data-testid="attack-target-known"
          />
        </Field>
        <button type="button" onClick={run} disabled={busy} data-testid="attack-run">
          {busy ? 'Attacking…' : 'Run the attack'}
        </button>
      </div>
      {error && (
        <p className="error" data-testid="attack-error">
          {error}
        </p>
      )}
      {answer?.note && <p className="note small">{answer.note}</p>}
      {[...byAttack].map(([attack, results]) => (
        <div key={attack} className="attack-result" data-testid={`attack-${attack}`}>
          <EChart
            option={attackOption(results, `${attack}: before and after`)}
            testId={`attack-chart-${attack}`}
            height={300}
            exportName={`attack-${attack}`}
          />
          <table className="attack-table">
            <thead>
              <tr>
                <th>known</th>
                <th>targets</th>
                <th>input: mean (95% upper) · worst</th>
                {files && <th>release: mean (95% upper) · worst</th>}
                {files && <th>guarantee</th>}
                {files && <th>holds</th>}
              </tr>
            </thead>
            <tbody>
              {results.map((r) => (
                <tr key={String(r.known)}>
                  <td>{r.known ?? 'whole row'}</td>
                  <td>{r.targets.toLocaleString('en')}</td>
                  <td data-testid="attack-before">{sideText(r, r.before)}</td>
                  {files && <td data-testid="attack-after">{r.after ? sideText(r, r.after) : '–'}</td>}
                  {files && <td>{r.bound === null ? 'none claimed' : oneIn(r.bound)}</td>}
                  {files && (
                    <td className={r.holds === false ? 'warn' : undefined}>
                      {r.holds === null ? '–' : r.holds ? 'yes' : 'NO'}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="attack-sentence" data-testid="attack-sentence">
            {attackSentence(results.find((r) => r.known === 2 && r.targets > 0) ?? results[0])}
          </p>
        </div>
      ))}
      {answer?.target && <TargetCandidates target={answer.target} published={files !== undefined} />}
    </section>
  );
}
