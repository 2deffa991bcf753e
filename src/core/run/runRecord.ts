/** A run record (DESIGN.md sec. 6 results.json): what ran, whether it verified, what it cost. */
import type { MethodParams } from '../methods/types.ts';
import type { SensitiveChoice } from '../data/sensitive.ts';
import type { MetricSettings } from '../metrics/types.ts';
import type { ReleaseFacts } from '../metrics/summary/releaseFacts.ts';
import type { PairFacts } from '../metrics/summary/frequentPairs.ts';

/** The plain facts of a release (DESIGN.md sec. 5 `summary`). */
export type RunSummary = ReleaseFacts & PairFacts;
import type { ParseWarning } from '../data/parsers/parseError.ts';

export interface RunRequest {
  method: string;
  params: Record<string, number | string | boolean | undefined>;
  seed: number;
  /**
   * Differentially private methods: draw the noise from `seed` (reproducible, for exploration and
   * sweeps; the release says it is not for publication) instead of the system's cryptographic
   * randomness. The CLI sets it when --seed is given; sweeps always do.
   */
  seededNoise?: boolean;
  sensitive?: SensitiveChoice;
  /** Metric ids; default: every metric that applies to the method's release kind. */
  metrics?: string[];
  /** Files the `text` params were read from (param name -> path), for the reproducing command. */
  files?: Record<string, string>;
  /** Options for sampled metrics (queries, q, r, workload) and the rules metric. */
  metricOptions?: MetricSettings;
  /**
   * MiB the method's large structures may take together (`--memory-mb`, the page's memory budget;
   * base/memoryBudget.ts). It decides whether a run refuses, never what it publishes, so the
   * reproducing command leaves it out.
   */
  memoryMb?: number;
}

export interface RunRecord {
  method: string;
  params: MethodParams;
  seed: number;
  sensitive: string[];
  verified: boolean;
  problems: string[];
  metrics: Record<string, number>;
  /** The method alone (with a parallel method, its plan, tasks and assembly, wall clock). */
  runtime_ms: number;
  /**
   * The whole run but the parse: method, verification, metrics and summary, and publishing (the
   * release's files) where the front end publishes (the page, the CLI); sweeps publish nothing.
   */
  total_ms: number;
  /** What the release did, in the analyst's words. */
  summary: RunSummary;
  /** Settings that make the numbers meaningless, in one sentence each (runWarnings.ts). */
  warnings: string[];
  /**
   * Input item occurrences not published as themselves (generalized or suppressed; runWarnings.ts
   * occurrencesLost): above half of them the page shows its "read with care" box. Absent in
   * records written before it.
   */
  occurrences_lost?: number;
  /** How the sensitive items were chosen (the band says which), when the method has any. */
  sensitive_choice?: string;
  /** Peak memory of the process during the run where the platform tells it (Node); else null. */
  peak_bytes: number | null;
  notes: Record<string, number | string>;
  /** What parsing the input reported (repeated items, empty fields, ...), when it reported anything. */
  parseWarnings?: { total: number; first: ParseWarning[] };
  /** The metric options the run was measured with, when the request set any (swept in Fig. 6). */
  metricOptions?: Record<string, number | string>;
  /**
   * Each query's value of the metrics estimated from queries (`kl`, `avgre`), in workload order:
   * every method of one seed answers the same queries, so two runs compare query by query.
   */
  perQuery?: Record<string, number[]>;
  command: string;
}

/**
 * The exact `txanon anonymize ...` command (the installed program; `npm run -s cli -- anonymize ...`
 * from the sources) that reproduces a run on `file`. A
 * differentially private run whose noise came from the system's randomness (`freshNoise`) is
 * repeated without `--seed`, which would make its noise seeded: it draws fresh noise, as it did.
 */
export function reproducingCommand(
  file: string,
  request: RunRequest,
  params: MethodParams,
  fileNames: Readonly<Record<string, string>> = {},
  freshNoise = false,
): string {
  const parts = ['txanon anonymize', quote(file), '--method', request.method];
  for (const [name, value] of Object.entries(params)) {
    const file = request.files?.[name];
    if (file) parts.push(`--${name}`, quote(file));
    else if (String(value).includes('\n') || String(value).length > 200)
      parts.push(`--${name}`, fileNames[name] ?? `${name}.json`);
    else if (value !== '') parts.push(`--${name}`, quote(String(value)));
  }
  const s = request.sensitive;
  if (s && 'items' in s) parts.push('--sensitive', quote(csvRecord(s.items)));
  if (s && 'top' in s) parts.push('--sensitive-top', String(s.top));
  if (s && 'random' in s) parts.push('--sensitive-random', String(s.random));
  if (s && 'band' in s) parts.push('--sensitive-band', String(s.band));
  if (!freshNoise || request.seed !== 1) parts.push('--seed', String(request.seed));
  parts.push('--out', 'release.json', '--audit', 'audit.json');
  if (request.metrics?.length) parts.push('--metrics', request.metrics.join(','));
  const o = request.metricOptions ?? {};
  if (o.queries !== undefined) parts.push('--queries', String(o.queries));
  if (o.q !== undefined) parts.push('--q', String(o.q));
  if (o.r !== undefined) parts.push('--r', String(o.r));
  if (o.workload !== undefined) parts.push('--workload', o.workload);
  if (o.minSupport !== undefined) parts.push('--min-support', String(o.minSupport));
  if (o.minConfidence !== undefined) parts.push('--min-confidence', String(o.minConfidence));
  return parts.join(' ');
}

/** Tokens as one CSV record, as `--sensitive` reads them: a token with a comma or quote is quoted. */
export function csvRecord(tokens: readonly string[]): string {
  return tokens.map((t) => (/[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t)).join(',');
}

function quote(text: string): string {
  return /^[\w./,=:-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
