/**
 * The metric options shared by `anonymize` and `evaluate` (DESIGN.md sec. 5-6): `--queries N`
 * (kl: default 200, avgre: 1,000), `--q N` (items per AvgRE query), `--r N` (QID items per KL
 * query), `--workload rows|generalized` (AvgRE), `--min-support F`, `--min-confidence F` (rules).
 */
import { AVGRE_WORKLOADS, type AvgreWorkload, type MetricSettings } from '../core/metrics/types.ts';
import { intFlag, type ParsedArgs } from './args.ts';
import { CliError } from './cliError.ts';

export const METRIC_FLAGS = ['queries', 'q', 'r', 'workload', 'min-support', 'min-confidence'];

export function metricSettings(args: ParsedArgs): MetricSettings {
  return {
    queries: optionalInt(args, 'queries'),
    q: optionalInt(args, 'q'),
    r: optionalInt(args, 'r'),
    workload: workloadFlag(args),
    minSupport: optionalFraction(args, 'min-support'),
    minConfidence: optionalFraction(args, 'min-confidence'),
  };
}

function optionalInt(args: ParsedArgs, name: string): number | undefined {
  return args.flags.has(name) ? intFlag(args, name, 0, 1) : undefined;
}

function optionalFraction(args: ParsedArgs, name: string): number | undefined {
  const raw = args.flags.get(name);
  if (raw === undefined) return undefined;
  const value = /^\s*(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(raw) ? Number(raw) : NaN;
  if (!(value > 0 && value <= 1)) throw new CliError(`--${name} must be a fraction in (0, 1], got '${raw}'`);
  return value;
}

function workloadFlag(args: ParsedArgs): AvgreWorkload | undefined {
  const raw = args.flags.get('workload');
  if (raw === undefined) return undefined;
  if (!(AVGRE_WORKLOADS as readonly string[]).includes(raw))
    throw new CliError(`--workload must be one of ${AVGRE_WORKLOADS.join(', ')}, got '${raw}'`);
  return raw as AvgreWorkload;
}
