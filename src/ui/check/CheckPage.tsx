/**
 * Check a dataset one already has against a privacy model, with the verifiers every release
 * passes: is it k-anonymous, k^m-anonymous, l-diverse for a column split, and what privacy degree
 * does it offer for chosen sensitive items? The answer names the worst offenders first. Below,
 * saved rules applied to the dataset, with the same check of the outcome (ApplyRulesPanel.tsx).
 */
import { useState } from 'react';
import type { CheckRequest, CheckResult, OffendingGroup } from '../../core/check/types.ts';
import { parseColumnSplit } from '../../core/check/columnSplit.ts';
import { isEngineError } from '../../../workers/engineTypes.ts';
import { pool } from '../engineClient.ts';
import { SensitiveField } from '../widgets/SensitiveField.tsx';
import { parseSensitiveChoice, type SensitiveKind } from '../widgets/sensitiveChoice.ts';
import type { DatasetEntry } from '../load/datasetStore.ts';
import { Field } from '../widgets/Field.tsx';
import { ApplyRulesPanel } from './ApplyRulesPanel.tsx';
import { itemList } from '../widgets/itemList.ts';

type Model = CheckRequest['model'];
const MODELS: [Model, string][] = [
  ['k-anonymity', 'k-anonymity (identical rows)'],
  ['km-anonymity', 'k^m-anonymity (itemsets of up to m items)'],
  ['l-diversity', 'l-diversity over a column split'],
  ['p-degree', 'privacy degree p for sensitive items'],
];

export function CheckPage({ dataset }: { dataset: DatasetEntry }) {
  const [model, setModel] = useState<Model>('k-anonymity');
  const [level, setLevel] = useState(2);
  const [m, setM] = useState(2);
  const [columns, setColumns] = useState('');
  const [sensitiveKind, setSensitiveKind] = useState<SensitiveKind>('top');
  const [sensitive, setSensitive] = useState('5');
  const [result, setResult] = useState<CheckResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const request = (): CheckRequest => {
    switch (model) {
      case 'k-anonymity':
        return { model, k: level };
      case 'km-anonymity':
        return { model, k: level, m };
      case 'l-diversity':
        return { model, l: level, columns: columns.trim() === '' ? [] : parseColumnSplit(columns) };
      case 'p-degree':
        return {
          model,
          p: level,
          seed: 1,
          sensitive: parseSensitiveChoice(sensitiveKind, sensitive),
        };
    }
  };

  const check = async () => {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const r = request();
      setResult(await pool.run((api) => api.check(dataset.id, r)));
    } catch (e) {
      setError(isEngineError(e) || e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const letter = model === 'l-diversity' ? 'l' : model === 'p-degree' ? 'p' : 'k';
  return (
    <section className="panel check" data-testid="check-page">
      <p className="muted small">
        Is {dataset.name}, published as it stands, already private? The same verifiers check it that check
        every release.
      </p>
      <div className="experiment-form">
        <Field label="Model">
          <select data-testid="check-model" value={model} onChange={(e) => setModel(e.target.value as Model)}>
            {MODELS.map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field label={letter}>
          <input
            type="number"
            min={1}
            data-testid="check-level"
            value={level}
            onChange={(e) => setLevel(Number(e.target.value))}
          />
        </Field>
        {model === 'km-anonymity' && (
          <Field label="m">
            <input
              type="number"
              min={1}
              max={4}
              data-testid="check-m"
              value={m}
              onChange={(e) => setM(Number(e.target.value))}
            />
          </Field>
        )}
        {model === 'l-diversity' && (
          <label className="field wide">
            <span>
              Column split: one column per line, items separated by commas; the first line is what an attacker
              knows. Empty: one column per attribute name (relational items read column=value).
            </span>
            <textarea
              data-testid="check-columns"
              rows={4}
              value={columns}
              onChange={(e) => setColumns(e.target.value)}
            />
          </label>
        )}
        {model === 'p-degree' && (
          <SensitiveField
            kind={sensitiveKind}
            text={sensitive}
            onChange={(kind, text) => {
              setSensitiveKind(kind);
              setSensitive(text);
            }}
            testIdPrefix="check-sensitive"
            randomLabel="m at random (seed 1)"
          />
        )}
      </div>
      <div className="actions">
        <button
          type="button"
          className="primary"
          data-testid="run-check"
          disabled={busy}
          onClick={() => void check()}
        >
          {busy ? 'Checking…' : 'Check'}
        </button>
      </div>
      {error && (
        <div className="error" role="alert" data-testid="check-error">
          {error}
        </div>
      )}
      {result && (
        <div className={`check-result ${result.holds ? 'ok' : 'bad'}`} data-testid="check-result">
          <p>
            <strong data-testid="check-verdict">{result.holds ? 'Holds' : 'Does not hold'}</strong> for{' '}
            {letter} = {level}. The data offers {letter} ={' '}
            <span data-testid="check-offered">{formatLevel(result.offered)}</span>.
          </p>
          <p className="muted small">{result.reading}</p>
          {result.problems.length > 0 && (
            <>
              <p>Worst offenders first:</p>
              <ol className="problems" data-testid="check-problems">
                {result.problems.map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
              </ol>
            </>
          )}
          {result.offendingGroups && result.offendingGroups.length > 0 && (
            <OffendingGroups groups={result.offendingGroups} />
          )}
        </div>
      )}
      <ApplyRulesPanel dataset={dataset} />
    </section>
  );
}

/** What the groups below p hold: the QID items their rows share and the sensitive items among them. */
function OffendingGroups({ groups }: { groups: OffendingGroup[] }) {
  return (
    <div className="table-scroll">
      <table className="runs offending-groups" data-testid="offending-groups">
        <caption>
          The groups below p, lowest degree first: an attacker who knows a person's QID items finds their
          group, and a sensitive item held by a large share of it.
        </caption>
        <thead>
          <tr>
            <th>group</th>
            <th>degree</th>
            <th>rows</th>
            <th>QID items every row holds</th>
            <th>sensitive items (rows holding each)</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g, i) => (
            <tr key={i} data-testid="offending-group">
              <td className="num">{g.group}</td>
              <td className="num">{formatLevel(g.degree)}</td>
              <td className="num">{g.rows.toLocaleString()}</td>
              <td>{g.qid.length > 0 ? itemList(g.qid) : <span className="muted">(none)</span>}</td>
              <td>
                {Object.entries(g.sensitive)
                  .map(([item, count]) => `${item} (${count})`)
                  .join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function formatLevel(value: number): string {
  if (value === Infinity) return '∞ (nothing to link)';
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}
