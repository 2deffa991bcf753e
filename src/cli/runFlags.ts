/**
 * The flags of a run that publishes a release (flagSpec.ts), declared once for `anonymize` and
 * `distribute` (DESIGN.md sec. 6): how the file is read, the method, the seed, the files written
 * (--out, --audit, --export and its format: runFiles.ts), the metrics and their options, the
 * sensitive-item choice of a method with sensitive items, the memory budget and the method's
 * params. A command's own flags that belong among these (anonymize's --rules-out and --workers) go
 * before the memory budget; the help lists the flags in this order. runRequest reads them into the
 * run's request.
 */
import type { MethodSpec } from '../core/methods/types.ts';
import { EXPORT_FORMATS } from '../core/release/export/types.ts';
import { METRIC_FLAGS, METRICS_FLAG, PARSE_FLAGS, SEED_FLAG } from './commonFlags.ts';
import { flagOfParam, type FlagSpec } from './flagSpec.ts';
import { MEMORY_FLAG, memoryMbOf } from './memoryBudget.ts';
import { METHOD_FLAG, methodRequest, methodSensitiveFlags, type FlagsRequest } from './methodParams.ts';
import { metricSettings } from './metricFlags.ts';
import { inapplicableMetrics } from '../core/metrics/registry.ts';
import { CliError } from './cliError.ts';
import type { FlagValues } from './readCommandLine.ts';

/** The run's flags for `spec`, with `own` (a command's) before the memory budget and the params. */
export function runFlags(spec: MethodSpec, own: readonly FlagSpec[] = []): FlagSpec[] {
  return [
    ...PARSE_FLAGS,
    METHOD_FLAG,
    SEED_FLAG,
    { name: 'out', kind: 'path-out', required: true, help: 'the release (JSON)' },
    { name: 'audit', kind: 'path-out', help: 'the private audit: which input row each published row is' },
    METRICS_FLAG,
    ...methodSensitiveFlags(spec),
    {
      name: 'export',
      kind: 'path-out',
      help: "the release as data in the input's format (and a second table beside it where the kind has one)",
    },
    {
      name: 'export-format',
      kind: 'string',
      choices: EXPORT_FORMATS,
      help: "the format of --export (default: the input's own)",
      only: { when: 'with --export FILE', holds: (flags) => flags.has('export') },
    },
    ...METRIC_FLAGS,
    ...own,
    MEMORY_FLAG,
    ...spec.params.map((p) => flagOfParam(p)),
  ];
}

/**
 * The run's request from its flags: the method's (methodRequest: params, text params read, seed,
 * sensitive items), the metrics and their options, the memory budget.
 */
export function runRequest(values: FlagValues, spec: MethodSpec): FlagsRequest {
  const metrics = values.tokens('metrics');
  const wrong = metrics && inapplicableMetrics(metrics, spec.releaseKind, spec.model);
  if (wrong) throw new CliError(`--metrics: ${wrong}`);
  return {
    ...methodRequest(values, spec),
    // An explicit --seed makes DP noise reproducible (and the release says: not for publication).
    seededNoise: values.has('seed'),
    metrics,
    metricOptions: metricSettings(values),
    memoryMb: memoryMbOf(values),
  };
}
