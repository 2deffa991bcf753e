/**
 * The one pipeline every front end runs (CLI, worker, sweep): resolve params, choose sensitive
 * items and seed the RNG (resolveRequest.ts), run, verify the release (a failing release is an
 * error, never a result), compute the requested metrics that apply, the release's plain summary
 * and the run's warnings, and record the run. Progress goes through the phases of runPhases.ts
 * (running, verifying, measuring; publishRun.ts adds publishing).
 */
import type { Dataset } from '../data/dataset.ts';
import { describeSensitive } from '../data/sensitive.ts';
import { findMetric, metricsFor } from '../metrics/registry.ts';
import { metricApplies } from '../metrics/applies.ts';
import { releaseFacts } from '../metrics/summary/releaseFacts.ts';
import { frequentPairFacts } from '../metrics/summary/frequentPairs.ts';
import type { MethodResult } from '../methods/types.ts';
import { InputError, VerificationError } from '../base/errors.ts';
import { verifyRelease } from '../release/verify.ts';
import type { Audit, Release } from '../release/types.ts';
import type { MetricOptions } from '../metrics/types.ts';
import { ItemRows } from '../data/itemRows.ts';
import { privacyDegree, resolveRequest, runContext, type ContextHooks } from './resolveRequest.ts';
import { reproducingCommand, type RunRecord, type RunRequest } from './runRecord.ts';
import type { RunProgress } from './runPhases.ts';
import { occurrencesLost, runWarnings } from './runWarnings.ts';

export interface RunOutcome {
  record: RunRecord;
  release: Release;
  audit: Audit;
  /** The hierarchy the method generalized over (MethodResult.hierarchy), for the run's rules. */
  hierarchy?: string;
  /** How rows of another batch join this release's classes (MethodResult.join). */
  join?: MethodResult['join'];
}

export interface RunHooks extends Omit<ContextHooks, 'progress'> {
  /** Progress through the run's phases (runPhases.ts); the method's own steps come as 'running'. */
  progress?: RunProgress;
  /** Reads the process's peak memory (Node's resourceUsage), where available. */
  peakBytes?: () => number;
  /**
   * The method's result computed elsewhere (its rounds on the worker pool, runRounds.ts): the run
   * then verifies, measures and records it, and `elapsedMs` (the time the rounds took) is its
   * runtime_ms.
   */
  result?: MethodResult;
  elapsedMs?: number;
  /**
   * Metrics measured another way than by their `compute` over the whole input and release, to the
   * same values (distribute's sums over partitions, core/distribute/partitionMetrics.ts); the run
   * computes the others as usual.
   */
  measured?: MeasuredMetrics;
}

/** Metrics measured outside the run's loop (RunHooks.measured). */
export interface MeasuredMetrics {
  /** The metric ids it measures for this release. */
  readonly ids: readonly string[];
  /**
   * The named values of each of `ids` (a subset of its own), by metric id, as their `compute` would
   * return them under `options` (its seed and settings; a metric's per-query values go into
   * `options.perQuery` as its `compute` leaves them).
   */
  measure(ids: readonly string[], options: MetricOptions): Record<string, Record<string, number>>;
}

export function runMethod(dataset: Dataset, request: RunRequest, hooks: RunHooks = {}): RunOutcome {
  const report: RunProgress = hooks.progress ?? (() => {});
  const { spec, params } = resolveRequest(request);
  const ctx = runContext(dataset, spec, params, request, {
    progress: (fraction, step) => report(fraction, 'running', step),
    signal: hooks.signal,
    memoryBudget: hooks.memoryBudget,
  });
  const started = performance.now() - (hooks.elapsedMs ?? 0);
  if (!hooks.result) report(0, 'running'); // a result from the pool's rounds has run already
  const result: MethodResult = hooks.result ?? spec.run(dataset, params, ctx);
  const runtime = performance.now() - started;
  report(0, 'verifying', spec.model);
  const verification = verifyRelease(dataset, result.release, result.audit);
  if (!verification.verified) throw new VerificationError(spec.id, verification.problems);
  const { kind, model } = result.release;
  const wanted = request.metrics ?? metricsFor(kind, model).map((m) => m.id);
  const metrics: Record<string, number> = {};
  const perQuery = new Map<string, number[]>();
  const options = { seed: request.seed, ...request.metricOptions, perQuery };
  const given = hooks.measured;
  const elsewhere = given ? wanted.filter((id) => given.ids.includes(id)) : [];
  const here = wanted.filter((id) => !elsewhere.includes(id));
  if (elsewhere.length > 0) report(0, 'measuring', elsewhere.join(', '));
  const measured = elsewhere.length > 0 ? given!.measure(elsewhere, options) : {};
  prepareTidLists(dataset, result.release, here, options, ctx.sensitive);
  wanted.forEach((id, i) => {
    const metric = findMetric(id);
    if (!metric) throw new InputError(`unknown metric '${id}'`);
    if (!metricApplies(metric, kind, model)) return; // does not apply: absent, never zero
    report(i / (wanted.length + 1), 'measuring', id);
    Object.assign(metrics, measured[id] ?? metric.compute(dataset, result.release, result.audit, options));
  });
  report(wanted.length / (wanted.length + 1), 'measuring', 'summary');
  const facts = releaseFacts(dataset, result.release, result.audit);
  const summary = { ...facts, ...frequentPairFacts(dataset, result.release, result.audit) };
  const sensitiveChoice = describeSensitive(dataset, request.sensitive, request.seed, privacyDegree(params));
  const record: RunRecord = {
    method: spec.id,
    params,
    seed: request.seed,
    sensitive: ctx.header.sensitive,
    verified: true,
    problems: [],
    metrics,
    runtime_ms: runtime,
    total_ms: performance.now() - started,
    summary,
    warnings: warningsOf(dataset, params, ctx.sensitive, facts, result.release),
    occurrences_lost: occurrencesLost(dataset, result.release, facts),
    ...(sensitiveChoice ? { sensitive_choice: sensitiveChoice } : {}),
    peak_bytes: hooks.peakBytes ? hooks.peakBytes() : null,
    notes: result.notes ?? {},
    ...definedOptions(request.metricOptions),
    ...(perQuery.size > 0 ? { perQuery: Object.fromEntries(perQuery) } : {}),
    command: reproducingCommand(
      dataset.name,
      spec.needsSensitive ? request : { ...request, sensitive: undefined },
      params,
      Object.fromEntries(spec.params.flatMap((p) => (p.fileName ? [[p.name, p.fileName]] : []))),
      spec.model === 'differential-privacy' && !ctx.noise.seeded,
    ),
  };
  return {
    record,
    release: result.release,
    audit: result.audit,
    hierarchy: result.hierarchy,
    join: result.join,
  };
}

/** The run's warnings, after which the tid-lists built for its metrics are dropped. */
function warningsOf(...args: Parameters<typeof runWarnings>): string[] {
  const warnings = runWarnings(...args);
  ItemRows.forgetItems(args[0]);
  return warnings;
}

/**
 * The input's tid-lists of every item the metrics will ask about (their `asks`) and of the
 * sensitive items (the warnings count their rows), built in one read of the data.
 */
function prepareTidLists(
  dataset: Dataset,
  release: Release,
  metrics: readonly string[],
  options: MetricOptions,
  sensitive: readonly number[],
): void {
  const items = new Set<number>(sensitive);
  let asked = false;
  for (const id of metrics) {
    const metric = findMetric(id);
    if (!metric?.asks || !metric.kinds.includes(release.kind)) continue;
    asked = true;
    for (const item of metric.asks(dataset, release, options)) items.add(item);
  }
  if (asked) ItemRows.ofItems(dataset, items);
}

/** `{ metricOptions }` holding the options a request set, or nothing when it set none. */
function definedOptions(options: RunRequest['metricOptions']): {
  metricOptions?: Record<string, number | string>;
} {
  const set = Object.entries(options ?? {}).filter(
    (entry): entry is [string, number | string] => entry[1] !== undefined,
  );
  return set.length > 0 ? { metricOptions: Object.fromEntries(set) } : {};
}
