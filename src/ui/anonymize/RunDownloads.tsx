/**
 * What an analyst takes away from a run (DESIGN.md sec. 4): the anonymized data in the input's own
 * format or another the release kind allows (the release-viewer registry says which), the release
 * JSON, and, set apart, the private audit. Files are named after the input, the method and its
 * parameters (`groceries-pta-k5.csv`). The data is written by a worker when the run is shown (not
 * while the analyst waits for the run): from the release the worker that made it keeps, else from
 * the release JSON (after a reload); what was written is kept for the page's session. A release of
 * AUTO_WRITE_BELOW published items or more is written when asked (a button): on 480,189
 * Netflix-shaped rows the csv-long tables are 1.8 GB, which the analyst may not want, written
 * while the next run wants the workers.
 */
import { useEffect, useState } from 'react';
import type { MethodInfo } from '../../core/methods/types.ts';
import { exportFileName, releaseBaseName } from '../../core/release/export/fileName.ts';
import type { ExportFormat } from '../../core/release/export/types.ts';
import { isEngineError, type RunFile } from '../../../workers/engineTypes.ts';
import { pool } from '../engineClient.ts';
import { RELEASE_VIEWERS } from '../releases/registry.ts';
import { download } from '../widgets/download.ts';
import type { RunEntry } from './runStore.ts';

/** A run's data in each format asked for: its files, or why it could not be written. */
type Written = Partial<Record<ExportFormat, RunFile[] | string>>;

/** Published item occurrences under which the data is written as soon as the run is shown. */
const AUTO_WRITE_BELOW = 10_000_000;

/** What was written for each run shown in this session (by run id). */
const writtenByRun = new Map<string, Written>();

/** The run's data in `format`: from the release its worker keeps, else from the release JSON. */
async function writeData(run: RunEntry, format: ExportFormat): Promise<RunFile[]> {
  const kept = await pool.run((api) => api.exportKept(run.releaseKey, format), undefined, run.slot);
  return kept ?? (await pool.run((api) => api.exportRelease(run.files.release, format)));
}

export function RunDownloads({ run, method }: { run: RunEntry; method: MethodInfo | undefined }) {
  const { record, files } = run;
  const { downloads } = RELEASE_VIEWERS[run.summary.kind];
  const formats = [files.exportFormat, ...downloads.formats.filter((f) => f !== files.exportFormat)];
  const [format, setFormat] = useState<ExportFormat>(files.exportFormat);
  const [written, setWritten] = useState<Written>(
    () => writtenByRun.get(run.id) ?? (files.exports ? { [files.exportFormat]: files.exports } : {}),
  );
  const base = releaseBaseName(
    run.datasetName,
    record.method,
    method?.params ?? [],
    record.params,
    record.seed,
  );

  const write = (next: ExportFormat) => {
    if (written[next]) return;
    const settle = (outcome: RunFile[] | string) =>
      setWritten((w) => {
        const now = { ...w, [next]: outcome };
        writtenByRun.set(run.id, now);
        return now;
      });
    void writeData(run, next).then(settle, (error: unknown) =>
      settle(isEngineError(error) ? error.message : String(error)),
    );
  };
  const choose = (next: ExportFormat) => {
    setFormat(next);
    if (asked) write(next);
  };
  const occurrences = Math.round(record.summary.rows_after * record.summary.avg_items_after);
  const [asked, setAsked] = useState(occurrences < AUTO_WRITE_BELOW || written[format] !== undefined);
  // The default format is written as soon as the run is shown, unless it is large. (The component
  // is keyed by run.)
  useEffect(() => {
    if (asked) write(files.exportFormat);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const current = written[format];

  return (
    <div className="downloads" data-testid="run-downloads">
      <div className="download-group">
        <h4>Anonymized data</h4>
        <p className="muted small">{downloads.about}</p>
        <label className="inline">
          Format{' '}
          <select
            data-testid="export-format"
            value={format}
            onChange={(e) => choose(e.target.value as ExportFormat)}
          >
            {formats.map((f) => (
              <option key={f} value={f}>
                {f}
                {f === files.exportFormat ? ' (default)' : ''}
              </option>
            ))}
          </select>
        </label>
        {typeof current === 'string' && (
          <p className="error-reason" data-testid="export-error">
            {current}
          </p>
        )}
        {current === undefined && asked && <p className="muted small">Writing {format}…</p>}
        {current === undefined && !asked && (
          <p className="small">
            <button
              type="button"
              data-testid="write-data"
              onClick={() => {
                setAsked(true);
                write(format);
              }}
            >
              Write as {format}
            </button>{' '}
            <span className="muted">
              {occurrences.toLocaleString('en')} published items: the files are large, written when asked.
            </span>
          </p>
        )}
        {Array.isArray(current) && (
          <ul className="file-list">
            {current.map((file) => {
              const name = exportFileName(base, file);
              return (
                <li key={file.suffix}>
                  <button
                    type="button"
                    data-testid={`download-data${file.suffix}`}
                    onClick={() => download(name, file.blob)}
                  >
                    {name}
                  </button>{' '}
                  <span className="muted small">{file.description}</span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="download-group">
        <h4>Release (JSON)</h4>
        <p className="muted small">The published form with its header (method, parameters, seed).</p>
        <button
          type="button"
          data-testid="download-json"
          onClick={() => download(`${base}-release.json`, files.release)}
        >
          {base}-release.json
        </button>
      </div>
      <div className="download-group private">
        <h4>Audit (private)</h4>
        <p className="small">
          {run.summary.dp
            ? 'Holds the true counts beside the noisy ones (true partition sizes, or the true supports and top k), so that verifiers and metrics can be rechecked. Never publish it: it undoes the noise.'
            : 'Links every published row to its input row, so verifiers and metrics can be rechecked. Never publish it.'}
        </p>
        <button
          type="button"
          data-testid="download-audit"
          onClick={() => download(`${base}-audit-private.json`, files.audit)}
        >
          {base}-audit-private.json
        </button>
        {run.rules && (
          <>
            <p className="small" data-testid="rules-note">
              The rules: what this run did to each item, to apply to the next batch of the same shape (Check
              tab).{' '}
              {run.rulesPrivate ? (
                <>
                  <b>Private:</b> the file {run.rulesPrivate}.
                  {run.summary.kind === 'transactions' &&
                    ' Its fingerprints are keyed: the key is in the audit, which applying them to the same rows needs.'}
                </>
              ) : (
                'They say nothing the release does not publish (items kept and generalized, the hierarchy).'
              )}
            </p>
            <button
              type="button"
              data-testid="download-rules"
              onClick={() => download(`${base}-rules${run.rulesPrivate ? '-private' : ''}.json`, run.rules!)}
            >
              {base}-rules{run.rulesPrivate ? '-private' : ''}.json
            </button>
          </>
        )}
      </div>
    </div>
  );
}
