/**
 * The worker API's types: what the main thread may ask an engine worker and what comes back.
 * Everything here is structured-clone friendly; dataset buffers travel as shared memory.
 */
import type { AttackJobs } from './engineAttacks.ts';
import type { DatasetFormat, DatasetHandle } from '../src/core/data/dataset.ts';
import type { ParseOptions } from '../src/core/data/parsers/types.ts';
import type { ParseWarning } from '../src/core/data/parsers/parseError.ts';
import type { DatasetStats, ItemSupport, LengthBin } from '../src/core/data/stats.ts';
import type { QuestParams } from '../src/core/data/synthetic.ts';
import type { MethodInfo } from '../src/core/methods/types.ts';
import type { RiskOptions, RiskPoint } from '../src/core/metrics/risk.ts';
import type { ValueDirection } from '../src/core/metrics/types.ts';
import type { RunRecord, RunRequest } from '../src/core/run/runRecord.ts';
import type { RunProgress } from '../src/core/run/runPhases.ts';
import type { ReleaseSummary } from '../src/core/release/summary.ts';
import type { ExtraRequest } from '../src/core/run/runExtra.ts';
import type { CheckProgress, CheckRequest, CheckResult } from '../src/core/check/types.ts';
import type { GroupRow } from '../src/core/release/groupRows.ts';
import type { ExportFormat } from '../src/core/release/export/types.ts';
import type { RowExample } from '../src/core/metrics/summary/rowExamples.ts';
import type { HierarchyOrder } from '../src/core/data/hierarchy/buildHierarchy.ts';
import type { HierarchyView } from '../src/core/data/hierarchy/treeView.ts';
import type { ApplyOptions, AppliedCheck, ApplyReport } from '../src/core/check/applyRules.ts';
import type { Rules } from '../src/core/run/rules.ts';

export type LoadOptions = Omit<ParseOptions, 'fileName' | 'bitBudget'>;

/** The exported releases the page loads back and Check reads as what they are. */
export type ExportedLayout = 'groups' | 'buckets' | 'disassociated';

export interface LoadedDataset {
  id: string;
  handle: DatasetHandle;
  format: DatasetFormat | 'synthetic';
  /** The file's size as given (compressed, for a gzip file). */
  bytes: number;
  /** Whether the file was gzip-compressed (and read decompressed). */
  compressed?: boolean;
  parseMs: number;
  warnings: { total: number; first: ParseWarning[] };
  /**
   * An exported groups or buckets release read back as its rows (data/exportLayout.ts), or a
   * disassociated release's table (check/disassociatedExport.ts), which Check reads whole.
   */
  layout?: ExportedLayout;
}

/** One table of an exported release, as the page holds it (the file the user chose). */
export interface ExportTableBlob {
  name: string;
  blob: Blob;
}

export interface DatasetOverview {
  stats: DatasetStats;
  topItems: ItemSupport[];
  rankFrequency: [number, number][];
  lengthHistogram: LengthBin[];
  /** Whether the dense BitMatrix was built (it is skipped when over the memory budget). */
  hasBitMatrix: boolean;
}

/** An error as it crosses the worker boundary: plain data, with the position for parse errors. */
export interface EngineError {
  kind: 'parse' | 'input' | 'internal';
  message: string;
  file?: string;
  line?: number;
  column?: number;
  reason?: string;
}

export type ProgressCallback = (done: number, total: number) => void;

/** What a metric means, for the UI's tooltips. */
export interface MetricInfo {
  id: string;
  label: string;
  source: string;
  description: string;
  defaultOn: boolean;
  kinds: readonly string[];
  /** The kinds it is computed for when none are named (all its kinds when absent). */
  defaultKinds?: readonly string[];
  /** It compares published rows with input rows: not for differential-privacy releases (metrics/applies.ts). */
  linksRows?: boolean;
  values: Record<string, ValueDirection>;
  /** Titles of the values that are not the metric itself (`il_ratio`). */
  valueLabels?: Readonly<Record<string, string>>;
}

/** One file of a run to download: the data (suffix '') or a second table, as a Blob. */
export interface RunFile {
  suffix: string;
  extension: string;
  description: string;
  blob: Blob;
}

/**
 * What a run gives to take away: the release JSON, the private audit, and the format its data is
 * written in by default (the input's own where the release kind allows it). The data itself is
 * written when asked for (RunJobs.exportKept, or exportRelease from the JSON): it is the largest
 * file and the page need not wait for it.
 */
export interface RunFiles {
  release: Blob;
  audit: Blob;
  exportFormat: ExportFormat;
  /** The data as written with the run, in runs saved before it was written on demand. */
  exports?: RunFile[];
}

/**
 * A finished, verified run: its record, a summary for the viewer, a few rows before and after, and
 * the files to download. Files are Blobs: they cross to the page and into IndexedDB by reference,
 * so a 1,000,000-row release never blocks the main thread when it lands.
 */
export interface RunResult {
  record: RunRecord;
  summary: ReleaseSummary;
  examples: RowExample[];
  files: RunFiles;
  /**
   * The run's rules as JSON (DESIGN.md sec. 7), for k^m, COAT and k-anonymity releases. A Blob like
   * the files: a k-anonymity release's rules name every row (tens of MB on 1,000,000 rows), which
   * as a string took the main thread 0.5 s to receive and as long again to save (issue 16).
   */
  rules?: Blob;
  /** Why the rules must be kept like the audit (fingerprints, suppressed items), when they must. */
  rulesPrivate?: string;
  /** The release as the worker that made it keeps it (a few at a time) for `groupRows`. */
  releaseKey: string;
  /** The pool slot of that worker (set by the pool side). */
  slot?: number;
}

/** Jobs on datasets: load, share, describe, check. */
export interface DatasetJobs {
  /** Parses a file (or a fetched sample) into a dataset that stays in this worker under `id`. */
  parseBlob(
    id: string,
    blob: Blob,
    fileName: string,
    options: LoadOptions,
    onProgress: ProgressCallback,
  ): Promise<LoadedDataset>;
  /** Generates a synthetic dataset under `id`. */
  generate(id: string, params: QuestParams): LoadedDataset;
  /** Makes a dataset parsed elsewhere known to this worker (shared memory, no copy). */
  attach(id: string, handle: DatasetHandle): void;
  detach(id: string): void;
  overview(id: string): DatasetOverview;
  /** The dataset's content hash (data/contentHash.ts): the key of its privacy budget (issue 45). */
  contentHash(id: string): string;
  risk(id: string, options: RiskOptions): RiskPoint[];
  /** Checks the dataset as it stands against a privacy model (the Check page), telling its stages. */
  check(id: string, request: CheckRequest, progress?: CheckProgress): CheckResult;
  /**
   * Checks an exported groups release (its QID table and its sensitive table), buckets release
   * (one table) or disassociated release (its table) as what it is, with its model
   * (core/check/checkExport.ts, checkDisassociatedExport.ts).
   */
  checkExport(layout: ExportedLayout, tables: ExportTableBlob[], request: CheckRequest): Promise<CheckResult>;
}

/** Jobs of methods: the catalogues, runs, parallel tasks, extras, browsing a kept release. */
export interface RunJobs {
  methods(): MethodInfo[];
  metrics(): MetricInfo[];
  /**
   * Runs a method on a dataset; the release is verified before it is returned. With `rounds` (a
   * run started here with startRounds, its rounds done) it only takes that run's result;
   * `elapsedMs` is the time the rounds took.
   */
  anonymize(id: string, request: RunRequest, onProgress: RunProgress, rounds?: FinishedRounds): RunResult;
  /**
   * Rows [from, from + count) of a kept `groups` release read as one table (groupRows.ts), and
   * the table's length; null when this worker no longer keeps the release.
   */
  groupRows(releaseKey: string, from: number, count: number): { total: number; rows: GroupRow[] } | null;
  /**
   * A release this worker keeps (RunResult.releaseKey) written as data in `format` (DESIGN.md sec.
   * 4), as `anonymize` would have written it; null when the worker no longer keeps it (then
   * exportRelease writes it from the release JSON).
   */
  exportKept(releaseKey: string, format: ExportFormat): RunFile[] | null;
  /** A release (its JSON) written as data in `format` (DESIGN.md sec. 4), for another download. */
  exportRelease(releaseJson: Blob, format: ExportFormat): Promise<RunFile[]>;
  /** As `anonymize`, but returns only the run record (sweeps need no release files). */
  record(id: string, request: RunRequest, onProgress: RunProgress, rounds?: FinishedRounds): RunRecord;
  /**
   * Starts a run in rounds on this worker (core/run/runRounds.ts; PTA's segments are one round):
   * how many tasks its first round has, or done. The run's state, and its tasks, stay in this
   * worker under `token`: they go to the workers that run them worker to worker (postTasks,
   * portTask), never through the main thread.
   */
  startRounds(id: string, request: RunRequest, onProgress: RunProgress): Round;
  /**
   * Posts task i of the current round of the run `token` on `ports[i]` (the main thread holds the
   * other ends and hands each to the worker that runs the task) and takes the task's result back
   * from the same port.
   */
  postTasks(token: string, ports: TaskPort[]): void;
  /**
   * Runs the one task that comes on `port` (from the coordinating worker's postTasks) and posts its
   * result back on it.
   */
  portTask(id: string, request: RunRequest, port: TaskPort): Promise<void>;
  /**
   * The next round of the run `token` of this worker, once every result of the last round's tasks
   * has come back on its port.
   */
  nextRound(token: string): Promise<Round>;
  /** Forgets the run `token` of this worker (failed or cancelled between rounds); none is fine. */
  dropRounds(token: string): void;
  /** One task of a round, on whichever worker is free. */
  runTask(id: string, request: RunRequest, task: unknown): unknown;
  /**
   * A method's extra (its teaching trace, `extra: 'teach'`, or one of its tools by name), with its
   * params resolved and validated as for a run; the result's type is the method's (e.g. the
   * PtaTeachingTrace of pta/trace.ts).
   */
  extra(id: string, request: ExtraRequest): unknown;
}

/** A run in rounds on one worker (RunJobs.startRounds): how many tasks its next round has, or done. */
export type Round = { token: string; taskCount: number; done?: undefined } | { token: string; done: true };

/**
 * The part of a MessagePort (a browser's, or Node's worker_threads one) that a round's task and
 * its result cross between two workers on.
 */
export interface TaskPort {
  postMessage(message: unknown): void;
  addEventListener(
    type: 'message',
    listener: (event: { data: unknown }) => void,
    options?: { once?: boolean },
  ): void;
  start(): void;
  close(): void;
}

/** A run whose rounds are done, to finish (verify, measure, record) on the worker that holds it. */
export interface FinishedRounds {
  token: string;
  elapsedMs: number;
}

/** Where a dataset's hierarchy comes from: a file's text, or a balanced build. */
export type HierarchySource = { text: string; name: string } | { fanout: number; order: HierarchyOrder };

/** A dataset's hierarchy: its file (as loaded, or as built), and the tree the page draws. */
export interface HierarchyResult {
  name: string;
  text: string;
  built: boolean;
  view: HierarchyView;
  /** Why DiffPart cannot use this hierarchy (a category of more than 16 items), when it cannot. */
  diffPart?: string;
  /** Items of the data the file does not name (they stay themselves, under its root). */
  unnamed?: { count: number; first: string[] };
}

/** Saved rules applied to a dataset: the check of the outcome, what happened, the data to download. */
export interface AppliedRulesResult {
  rules: Pick<Rules, 'method' | 'model' | 'params' | 'kind'>;
  check: AppliedCheck;
  report: ApplyReport;
  /** The treated batch as data in its own format (and a second table where the kind has one). */
  format: ExportFormat;
  files: RunFile[];
  /** The treated batch's release JSON. */
  release: Blob;
}

/** Jobs of hierarchies and rules (DESIGN.md sec. 7). */
export interface HierarchyJobs {
  /** Reads (and checks against the dataset) or builds a hierarchy; errors name line and item. */
  hierarchy(id: string, source: HierarchySource): HierarchyResult;
  /**
   * Applies saved rules (their JSON, as text or as a run's rules Blob) to the dataset and checks the
   * outcome. `audit`: the run's audit (JSON), whose `rulesKey` is the key of k-anonymity rules'
   * fingerprints.
   */
  applyRules(
    id: string,
    rules: string | Blob,
    fileName: string,
    options: ApplyOptions,
    audit?: string | Blob,
  ): Promise<AppliedRulesResult>;
}

/** Everything the main thread may ask an engine worker. */
export type EngineApi = DatasetJobs & RunJobs & HierarchyJobs & AttackJobs;

export function isEngineError(value: unknown): value is EngineError {
  return typeof value === 'object' && value !== null && 'kind' in value && 'message' in value;
}
