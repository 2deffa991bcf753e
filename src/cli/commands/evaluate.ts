/**
 * `evaluate <file> <release.json> --audit audit.json [--metrics a,b] [--seed S]` and the metric
 * options of `anonymize` (DESIGN.md sec. 6): verifies a release against its input and computes the metrics that apply to it. A
 * release or audit of the wrong shape, or whose header does not fit the method it names, is bad
 * input (exit 2, naming the JSON path); a release of the right shape that does not match its input
 * is `verified: false` with the problems.
 */
import { readFileSync } from 'node:fs';
import { findMetric, metricsFor } from '../../core/metrics/registry.ts';
import { readRelease } from '../../core/run/readRelease.ts';
import { metricApplies } from '../../core/metrics/applies.ts';
import { verifyRelease } from '../../core/release/verify.ts';
import type { Verification } from '../../core/release/types.ts';
import { allowOnly, listFlag, seedFlag, requirePositional, type ParsedArgs } from '../args.ts';
import { CliError } from '../cliError.ts';
import { METRIC_FLAGS, metricSettings } from '../metricFlags.ts';
import { PARSE_FLAGS, parseFlags, readDataset } from '../readDataset.ts';

export async function evaluateCommand(
  args: ParsedArgs,
): Promise<Verification & { metrics: Record<string, number> }> {
  allowOnly(args, [...PARSE_FLAGS, 'audit', 'metrics', 'seed', ...METRIC_FLAGS]);
  const [file, releasePath] = requirePositional(
    args,
    2,
    'evaluate <file> <release.json> --audit audit.json [--metrics a,b]',
  );
  const seed = seedFlag(args);
  const options = { ...metricSettings(args), seed };
  const auditPath = args.flags.get('audit');
  if (!auditPath)
    throw new CliError('evaluate needs --audit audit.json (the link from published rows to input rows)');
  const { release, audit } = readRelease(
    { text: readText(releasePath), file: releasePath },
    { text: readText(auditPath), file: auditPath },
  );
  const { dataset } = await readDataset(file, parseFlags(args));
  const verification = verifyRelease(dataset, release, audit);
  const metrics: Record<string, number> = {};
  if (verification.verified) {
    const ids = listFlag(args, 'metrics') ?? metricsFor(release.kind, release.model).map((m) => m.id);
    for (const id of ids) {
      const metric = findMetric(id);
      if (!metric) throw new CliError(`unknown metric '${id}'`);
      if (metricApplies(metric, release.kind, release.model))
        Object.assign(metrics, metric.compute(dataset, release, audit, options));
    }
  }
  return { ...verification, metrics };
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new CliError(`${path}: cannot read the file`);
  }
}
