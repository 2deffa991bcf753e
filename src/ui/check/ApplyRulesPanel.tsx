/**
 * Apply saved rules (DESIGN.md sec. 7) to the dataset of the Check tab: the rules of a run of this
 * session or a rules file saved before (`Rules (JSON)` of a run, `anonymize --rules-out`). The batch
 * is generalized, suppressed or published by class as the run did, and the outcome is checked with
 * the verifier of its kind: whether the guarantee still holds, the level it offers, the offenders.
 */
import { useMemo, useState } from 'react';
import type { AppliedRulesResult } from '../../../workers/engineTypes.ts';
import { isEngineError } from '../../../workers/engineTypes.ts';
import { pool } from '../engineClient.ts';
import type { DatasetEntry } from '../load/datasetStore.ts';
import { useRuns } from '../anonymize/runStore.ts';
import { download, fileStem } from '../widgets/download.ts';
import { TextFileButton } from '../widgets/TextFileButton.tsx';
import { distinctLabels } from '../widgets/distinctLabels.ts';

const FILE = 'file';

export function ApplyRulesPanel({ dataset }: { dataset: DatasetEntry }) {
  const allRuns = useRuns((s) => s.runs);
  const runs = useMemo(() => allRuns.filter((r) => r.rules), [allRuns]);
  const [source, setSource] = useState(FILE);
  // Two runs of one method and setting on one dataset are numbered apart.
  const ruleLabels = distinctLabels(
    runs.map(
      (r) =>
        `rules of ${r.record.method} on ${r.datasetName} (${Object.entries(r.record.params)
          .filter(([, v]) => String(v).length < 20 && v !== '')
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')})`,
    ),
  );
  const [file, setFile] = useState<{ name: string; json: string | Blob } | null>(null);
  /** The run's audit beside a rules file: it holds the key of k-anonymity rules' fingerprints. */
  const [auditFile, setAuditFile] = useState<{ name: string; text: string } | null>(null);
  const [newItems, setNewItems] = useState<'suppress' | 'keep'>('suppress');
  const [result, setResult] = useState<AppliedRulesResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const rules = (): { name: string; json: string | Blob; audit?: string | Blob } | null => {
    if (source === FILE) return file && { ...file, ...(auditFile && { audit: auditFile.text }) };
    const run = runs.find((r) => r.id === source);
    return run
      ? { name: `${run.record.method} on ${run.datasetName}`, json: run.rules!, audit: run.files.audit }
      : null;
  };
  const apply = async () => {
    const chosen = rules();
    if (!chosen) return;
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(
        await pool.run((api) =>
          api.applyRules(dataset.id, chosen.json, chosen.name, { newItems }, chosen.audit),
        ),
      );
    } catch (e) {
      setError(isEngineError(e) || e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const base = `${fileStem(dataset.name)}-${result?.rules.method ?? 'rules'}-applied`;

  return (
    <section className="apply-rules" data-testid="apply-rules-panel">
      <h2>Apply saved rules to {dataset.name}</h2>
      <p className="muted small">
        The rules of a k^m, COAT or k-anonymity run say what it did to each item (and, for k-anonymity, to
        each row). Applied to a new batch of the same shape they treat it alike; the check below says whether
        the guarantee still holds on it.
      </p>
      <div className="actions">
        <select data-testid="apply-rules-source" value={source} onChange={(e) => setSource(e.target.value)}>
          <option value={FILE}>a rules file…</option>
          {runs.map((r, i) => (
            <option key={r.id} value={r.id}>
              {ruleLabels[i]}
            </option>
          ))}
        </select>
        {source === FILE && (
          <>
            <TextFileButton
              label={file ? file.name : 'Choose rules.json…'}
              accept=".json"
              testId="apply-rules-file"
              onText={(name, text) => setFile({ name, json: text })}
            />
            <TextFileButton
              label={auditFile ? auditFile.name : 'and its audit (k-anonymity rules: the key)…'}
              accept=".json"
              testId="apply-audit-file"
              onText={(name, text) => setAuditFile({ name, text })}
            />
          </>
        )}
        <label>
          new items{' '}
          <select
            data-testid="apply-new-items"
            value={newItems}
            onChange={(e) => setNewItems(e.target.value as 'suppress' | 'keep')}
          >
            <option value="suppress">suppressed (unless the hierarchy places them)</option>
            <option value="keep">kept as they are</option>
          </select>
        </label>
        <button
          type="button"
          className="primary"
          data-testid="apply-rules"
          disabled={busy || !rules()}
          onClick={() => void apply()}
        >
          {busy ? 'Applying…' : 'Apply and check'}
        </button>
      </div>
      {error && (
        <div className="error" role="alert" data-testid="apply-error">
          {error}
        </div>
      )}
      {result && (
        <div className={`check-result ${result.check.holds ? 'ok' : 'bad'}`} data-testid="apply-result">
          <p>
            <strong data-testid="apply-verdict">
              {result.check.holds ? 'The guarantee holds' : 'The guarantee does not hold'}
            </strong>{' '}
            on {dataset.name} treated by the rules of {result.rules.method}: {result.check.guarantee}.{' '}
            {result.check.offered !== null && (
              <>
                The outcome offers <span data-testid="apply-offered">{result.check.offered}</span>.
              </>
            )}
          </p>
          <p className="apply-report small" data-testid="apply-report">
            {result.report.rows.toLocaleString()} rows; items kept {result.report.kept}, generalized{' '}
            {result.report.generalized}, suppressed {result.report.suppressed}.
            {result.report.newItems > 0 &&
              ` ${result.report.newItems} item(s) new to the rules (${result.report.newExamples.join(', ')}${
                result.report.newItems > result.report.newExamples.length ? ', …' : ''
              }): ${result.report.newByHierarchy} placed by the hierarchy, ${result.report.newSuppressed} suppressed.`}
            {result.report.seenRows !== undefined &&
              ` ${result.report.seenRows} row(s) took the class they took in the run, ${result.report.joinedRows} joined a class by the run's rule.`}
            {(result.report.rowsGainingItems ?? 0) > 0 &&
              ` ${result.report.rowsGainingItems} row(s) are published with items they do not hold (their class's published value holds them): by design of the rules, this tells nothing about the row and is no offence; it costs accuracy only.`}
            {result.report.keyMissing &&
              " The rules' fingerprints are keyed and the run's audit (which holds the key) was not given: no row could be recognised as one the run saw."}
          </p>
          {result.check.problems.length > 0 && (
            <>
              <p>Offenders, the worst first:</p>
              <ol className="problems" data-testid="apply-problems">
                {result.check.problems.map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
              </ol>
            </>
          )}
          <div className="actions">
            {result.files.map((file) => (
              <button
                key={file.suffix}
                type="button"
                data-testid={`apply-download-data${file.suffix}`}
                title={file.description}
                onClick={() => download(`${base}${file.suffix}.${file.extension}`, file.blob)}
              >
                {file.suffix === '' ? `Treated batch (${result.format})` : `Generalized items (CSV)`}
              </button>
            ))}
            <button type="button" onClick={() => download(`${base}-release.json`, result.release)}>
              Release (JSON)
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
