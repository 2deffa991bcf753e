/**
 * Check a dataset one already has against a privacy model, with the verifiers every release
 * passes: is it k-anonymous, k^m-anonymous, l-diverse for a column split, and what privacy degree
 * does it offer for chosen sensitive items? The answer names the worst offenders first, under the
 * question it answers (model and levels as they were asked), and is marked stale as soon as the form
 * or the dataset no longer asks that question (issue 32: after a k^m check, switching the model to
 * p-degree read "Does not hold for p = 2" above the k^m offenders). An exported groups or buckets
 * release is checked as what it is (core/check/checkExport.ts), a disassociated release's table with
 * the disassociation model (core/check/checkDisassociatedExport.ts). Below, saved rules applied to the
 * dataset, with the same check of the outcome (ApplyRulesPanel.tsx).
 */
import { useRef, useState } from 'react';
import { proxy } from 'comlink';
import { CHECK_PHASES, type CheckPhase } from '../../core/check/types.ts';
import { CancelledError } from '../../../workers/pool.ts';
import { PhaseProgress } from '../widgets/PhaseProgress.tsx';
import type { CheckRequest, CheckResult, OffendingGroup } from '../../core/check/types.ts';
import { parseColumnSplit } from '../../core/check/columnSplit.ts';
import { isEngineError } from '../../../workers/engineTypes.ts';
import { pool } from '../engineClient.ts';
import { SensitiveField } from '../widgets/SensitiveField.tsx';
import { parseSensitiveChoice, type SensitiveKind } from '../widgets/sensitiveChoice.ts';
import type { DatasetEntry } from '../load/datasetStore.ts';
import { Field } from '../widgets/Field.tsx';
import { ApplyRulesPanel } from './ApplyRulesPanel.tsx';
import { AttackPanel } from '../attack/AttackPanel.tsx';
import { itemList } from '../widgets/itemList.ts';
import { sensitiveTableName } from '../../core/data/exportLayout.ts';

type Model = CheckRequest['model'];
const MODELS: [Model, string][] = [
  ['k-anonymity', 'k-anonymity (identical rows)'],
  ['km-anonymity', 'k^m-anonymity (itemsets of up to m items)'],
  ['l-diversity', 'l-diversity over a column split'],
  ['p-degree', 'privacy degree p for sensitive items'],
  ['hkp-coherence', '(h,k,p)-coherence (public and private items)'],
  ['disassociation', 'disassociation (the rows as one record chunk)'],
];

export function CheckPage({ dataset }: { dataset: DatasetEntry }) {
  // A disassociated release's table is checked with its own model (the others do not read it).
  const [model, setModel] = useState<Model>(
    dataset.loaded.layout === 'disassociated' ? 'disassociation' : 'k-anonymity',
  );
  const [level, setLevel] = useState(2);
  const [m, setM] = useState(2);
  const [h, setH] = useState(0.5);
  const [knownP, setKnownP] = useState(2);
  const [columns, setColumns] = useState('');
  const [sensitiveKind, setSensitiveKind] = useState<SensitiveKind>('top');
  const [sensitive, setSensitive] = useState('5');
  const [lSensitiveKind, setLSensitiveKind] = useState<SensitiveKind>('band');
  const [lSensitive, setLSensitive] = useState('1');
  /** The answer, with the question it answers: the request (as a key) and the dataset. */
  const [answer, setAnswer] = useState<{
    result: CheckResult;
    key: string;
    question: string;
    datasetId: string;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The check under way: its stage (checkDataset.ts's phases) and when it began; null: none. */
  const [checking, setChecking] = useState<{ phase: CheckPhase; startedAt: number } | null>(null);
  const running = useRef<AbortController | null>(null);
  const busy = checking !== null;

  const request = (): CheckRequest => {
    switch (model) {
      case 'k-anonymity':
        return { model, k: level };
      case 'km-anonymity':
      case 'disassociation':
        return { model, k: level, m };
      case 'l-diversity':
        if (layout) return { model, l: level, columns: [] };
        if (columns.trim() === '' && !byAttribute)
          return {
            model,
            l: level,
            columns: [],
            sensitive: parseSensitiveChoice(lSensitiveKind, lSensitive),
            seed: 1,
          };
        return { model, l: level, columns: columns.trim() === '' ? [] : parseColumnSplit(columns) };
      case 'p-degree':
        return {
          model,
          p: level,
          seed: 1,
          sensitive: parseSensitiveChoice(sensitiveKind, sensitive),
        };
      case 'hkp-coherence':
        return {
          model,
          h,
          k: level,
          p: knownP,
          seed: 1,
          sensitive: parseSensitiveChoice(sensitiveKind, sensitive),
        };
    }
  };

  const layout = dataset.loaded.layout;
  // Relational data reads its columns from its items; basket data takes sensitive items.
  const byAttribute = dataset.loaded.format === 'relational';
  /** The form's question as a key (a form that cannot be read yet is a question of its own). */
  const currentKey = (() => {
    try {
      return `${dataset.id} ${JSON.stringify(request())}`;
    } catch {
      return `${dataset.id} (unreadable form)`;
    }
  })();

  const check = async () => {
    const controller = new AbortController();
    running.current = controller;
    setChecking({ phase: 'grouping', startedAt: performance.now() });
    setError(null);
    setAnswer(null);
    try {
      const r = request();
      const key = `${dataset.id} ${JSON.stringify(r)}`;
      const question = `${describeQuestion(r)} on ${dataset.label}`;
      const result = await pool.run((api) => {
        if (layout === 'groups' && !dataset.companion)
          throw new Error(
            `${dataset.name} is a groups export: its sensitive counts, ${sensitiveTableName(dataset.name)}, were not loaded with it. Choose both files together.`,
          );
        if (layout)
          return api.checkExport(
            layout,
            [
              { name: dataset.name, blob: sourceBlob(dataset) },
              ...(dataset.companion ? [dataset.companion] : []),
            ],
            r,
          );
        return api.check(
          dataset.id,
          r,
          proxy((phase: CheckPhase) => {
            if (running.current === controller) setChecking((c) => c && { ...c, phase });
          }),
        );
      }, controller.signal);
      setAnswer({ result, key, question, datasetId: dataset.id });
    } catch (e) {
      // Cancelled: the worker was replaced; the form stays as it was, with no answer.
      if (!(e instanceof CancelledError))
        setError(isEngineError(e) || e instanceof Error ? e.message : String(e));
    } finally {
      if (running.current === controller) {
        running.current = null;
        setChecking(null);
      }
    }
  };

  const letter = model === 'l-diversity' ? 'l' : model === 'p-degree' ? 'p' : 'k';
  const result = answer?.result ?? null;
  const answeredLetter = result?.model === 'l-diversity' ? 'l' : result?.model === 'p-degree' ? 'p' : 'k';
  const stale = answer !== null && answer.key !== currentKey;
  return (
    <section className="panel check" data-testid="check-page">
      <p className="muted small">
        Is {dataset.label}, published as it stands, already private? The same verifiers check it that check
        every release.
      </p>
      {layout && (
        <p className="note small" data-testid="check-layout">
          {layout === 'groups'
            ? 'A groups export: its guarantee is a privacy degree p, read from the published counts (p-degree below).'
            : layout === 'disassociated'
              ? 'A disassociated release (its release file, or its table cluster,rows,chunk,subrecord,item): its guarantee is k^m-anonymity of every record chunk, each item in one chunk of its cluster (disassociation below); covers across chunks are counted.'
              : 'A buckets export: its guarantee is l-diversity per bucket (l-diversity below).'}
        </p>
      )}
      <div className="experiment-form">
        <Field label="Model">
          <select data-testid="check-model" value={model} onChange={(e) => setModel(e.target.value as Model)}>
            {MODELS.map(([id, label]) => (
              <option key={id} value={id}>
                {id === 'disassociation' && layout === 'disassociated'
                  ? "disassociation (the release's chunks)"
                  : label}
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
        {(model === 'km-anonymity' || model === 'disassociation') && (
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
        {model === 'l-diversity' && !layout && !byAttribute && (
          <SensitiveField
            kind={lSensitiveKind}
            text={lSensitive}
            onChange={(kind, text) => {
              setLSensitiveKind(kind);
              setLSensitive(text);
            }}
            testIdPrefix="check-l-sensitive"
            randomLabel="m at random (seed 1)"
            legend="Sensitive items (one column; every other item is what an attacker knows), or a column split below"
          />
        )}
        {model === 'l-diversity' && !layout && (
          <label className="field wide">
            <span>
              Column split: one column per line, items separated by commas; the first line is what an attacker
              knows. Empty:{' '}
              {byAttribute
                ? 'one column per attribute name (items read column=value)'
                : 'the sensitive items above against the rest'}
              .
            </span>
            <textarea
              data-testid="check-columns"
              rows={4}
              value={columns}
              onChange={(e) => setColumns(e.target.value)}
            />
          </label>
        )}
        {model === 'hkp-coherence' && (
          <>
            <Field label="p">
              <input
                type="number"
                min={1}
                max={4}
                data-testid="check-hkp-p"
                value={knownP}
                onChange={(e) => setKnownP(Number(e.target.value))}
              />
            </Field>
            <Field label="h">
              <input
                type="number"
                min={0.001}
                max={1}
                step={0.05}
                data-testid="check-h"
                value={h}
                onChange={(e) => setH(Number(e.target.value))}
              />
            </Field>
          </>
        )}
        {(model === 'p-degree' || model === 'hkp-coherence') && !layout && (
          <SensitiveField
            kind={sensitiveKind}
            text={sensitive}
            onChange={(kind, text) => {
              setSensitiveKind(kind);
              setSensitive(text);
            }}
            testIdPrefix="check-sensitive"
            randomLabel="m at random (seed 1)"
            {...(model === 'hkp-coherence' && {
              legend: 'Private items (every other item is public: what an attacker may know)',
            })}
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
      {checking && (
        <PhaseProgress
          phases={CHECK_PHASES}
          phase={checking.phase}
          startedAt={checking.startedAt}
          onCancel={() => running.current?.abort()}
          testIdPrefix="check"
        />
      )}
      {error && (
        <div className="error" role="alert" data-testid="check-error">
          {error}
        </div>
      )}
      {result && answer && (
        <div
          className={`check-result ${result.holds ? 'ok' : 'bad'}${stale ? ' stale' : ''}`}
          data-testid="check-result"
        >
          {stale && (
            <p className="stale-note" role="status" data-testid="check-stale">
              {answer.datasetId === dataset.id ? 'The form has changed' : 'The dataset has changed'}: this
              answer is for {answer.question}. Press Check to answer the new question.
            </p>
          )}
          <p>
            <strong data-testid="check-verdict">{result.holds ? 'Holds' : 'Does not hold'}</strong> for{' '}
            {answer.question}. It offers {answeredLetter} ={' '}
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
      <AttackPanel key={dataset.id} datasetId={dataset.id} />
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

/** The question a request asks, in words: `k^m-anonymity, k = 2, m = 1`. */
function describeQuestion(request: CheckRequest): string {
  switch (request.model) {
    case 'k-anonymity':
      return `k-anonymity, k = ${request.k}`;
    case 'km-anonymity':
      return `k^m-anonymity, k = ${request.k}, m = ${request.m}`;
    case 'l-diversity':
      return `l-diversity, l = ${request.l}`;
    case 'p-degree':
      return `privacy degree p = ${request.p}`;
    case 'hkp-coherence':
      return `(h,k,p)-coherence, h = ${request.h}, k = ${request.k}, p = ${request.p}`;
    case 'disassociation':
      return `disassociation, k = ${request.k}, m = ${request.m}`;
  }
}

/** The file a dataset was loaded from (an export's main table), as the worker reads it again. */
function sourceBlob(dataset: DatasetEntry): Blob {
  if (!dataset.file) throw new Error(`${dataset.name}: the file is no longer at hand; load it again`);
  return dataset.file;
}

function formatLevel(value: number): string {
  if (value === Infinity) return '∞ (nothing to link)';
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}
