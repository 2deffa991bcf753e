/**
 * A run that ends with what an analyst takes away (the page and the CLI; sweeps need only the
 * record): runMethod, then the publishing phase: the viewer's summary, a few rows before and after,
 * the release JSON, the private audit, the run's rules, and the release written as data (DESIGN.md sec. 4
 * "Exported data") in the input's own format or the one asked for. `total_ms` then covers it all.
 * The files are streamed (writeJson.ts, export/): the release JSON and the audit into the sinks
 * given, the data when its ExportFile is written.
 */
import type { Dataset } from '../data/dataset.ts';
import { rowExamples, type RowExample } from '../metrics/summary/rowExamples.ts';
import { exportFormatsOf, exportRelease } from '../release/export/exportRelease.ts';
import { exportFormatFor, type ExportFile, type ExportFormat } from '../release/export/types.ts';
import type { ByteSink } from '../release/export/textWriter.ts';
import { writeAuditJson, writeReleaseJson } from '../release/writeJson.ts';
import { summarizeRelease, type ReleaseSummary } from '../release/summary.ts';
import type { Release, ReleaseKind } from '../release/types.ts';
import { runMethod, type RunHooks, type RunOutcome } from './runMethod.ts';
import { newRulesKey, rulesJson, rulesOf } from './rules.ts';
import type { RunRequest } from './runRecord.ts';

export interface PublishedRun extends RunOutcome {
  /** What the release viewer shows (class sizes, largest classes, ...). */
  view: ReleaseSummary;
  examples: RowExample[];
  /** The format the data is written in, and its files (none when `exportFormat` is null). */
  exportFormat: ExportFormat;
  exports: ExportFile[];
  /** The run's rules (DESIGN.md sec. 7, rules.ts) for k^m, COAT and k-anonymity releases. */
  rulesJson?: string;
  /** Why the rules must be kept like the audit (rules.ts `private`), when they must. */
  rulesPrivate?: string;
}

export interface PublishOptions {
  /** The format of the exported data: the input's own by default; null writes none. */
  exportFormat?: ExportFormat | null;
  /** Whether to write the run's rules (default: yes, where the release kind has them). */
  rules?: boolean;
  /**
   * Where the release JSON and the audit are written in the publishing phase (the page: a Blob's
   * parts); without them the caller writes them (writeJson.ts; the CLI, to its files).
   */
  output?: { release: ByteSink; audit: ByteSink };
}

/** The format a release of `kind` from `dataset` is written in unless another is asked for. */
export function defaultExportFormat(dataset: Dataset, kind: ReleaseKind): ExportFormat {
  const preferred = exportFormatFor(dataset.format);
  const possible = exportFormatsOf(kind);
  if (possible.includes(preferred)) return preferred;
  // Parquet data whose release is tables (groups, buckets, itemsets) stays Parquet.
  return preferred === 'parquet' && possible.includes('parquet-long') ? 'parquet-long' : possible[0];
}

export function publishRun(
  dataset: Dataset,
  request: RunRequest,
  hooks: RunHooks = {},
  options: PublishOptions = {},
): PublishedRun {
  const started = performance.now();
  const outcome = runMethod(dataset, request, hooks);
  const report = hooks.progress ?? (() => {});
  const steps = 6;
  report(0 / steps, 'publishing', 'viewer');
  const view = summarizeRelease(dataset, outcome.release, outcome.audit);
  report(1 / steps, 'publishing', 'rows before and after');
  const examples = rowExamples(dataset, outcome.release, outcome.audit);
  report(2 / steps, 'publishing', 'release JSON');
  if (options.output) writeReleaseJson(outcome.release, options.output.release);
  report(3 / steps, 'publishing', 'audit');
  // k-anonymity rules fingerprint the input's rows under a secret key, kept with the audit only:
  // only a release whose rows link to input rows has them (synthetic DP rows link to none, and
  // their audit's shape has no key: `evaluate` refused the page's DiffPart audits, issue 45).
  const rulesKey =
    options.rules !== false && outcome.release.kind === 'transactions' && 'rowOf' in outcome.audit
      ? newRulesKey()
      : undefined;
  const audit = rulesKey ? { ...outcome.audit, rulesKey } : outcome.audit;
  if (options.output) writeAuditJson(audit, options.output.audit);
  const format = options.exportFormat ?? defaultExportFormat(dataset, outcome.release.kind);
  report(4 / steps, 'publishing', `data as ${format}`);
  const exports =
    options.exportFormat === null
      ? []
      : exportRelease(outcome.release, format, relationName(dataset, outcome.release));
  report(5 / steps, 'publishing', 'rules');
  const rules =
    options.rules === false
      ? undefined
      : rulesOf(dataset, outcome.release, outcome.audit, {
          hierarchy: outcome.hierarchy,
          join: outcome.join,
          key: rulesKey,
        });
  const total = performance.now() - started + (hooks.elapsedMs ?? 0);
  const record = { ...outcome.record, total_ms: total };
  return {
    ...outcome,
    // The audit as written (with the rules' key, when there is one).
    audit,
    record,
    view,
    examples,
    exportFormat: format,
    exports,
    ...(rules && { rulesJson: rulesJson(rules) }),
    ...(rules?.private && { rulesPrivate: rules.private }),
  };
}

/** The name the exported data gives its relation (ARFF's @relation). */
export function relationName(dataset: Dataset, release: Release): string {
  return `${dataset.name} anonymized by ${release.method}`;
}
