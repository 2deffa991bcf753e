/**
 * The flag declarations several commands share (flagSpec.ts): the parse flags of every command
 * that reads a dataset, the seed, the sensitive-item choice, the metric options and `--workers`.
 */
import { availableParallelism } from 'node:os';
import { MAX_SEED } from '../core/base/rng.ts';
import { FORMATS } from '../core/data/parsers/index.ts';
import { METRICS } from '../core/metrics/registry.ts';
import { AVGRE_WORKLOADS } from '../core/metrics/types.ts';
import type { FlagCondition, FlagSpec } from './flagSpec.ts';

/** How a dataset file is read: every command that reads one takes these (readDataset.ts). */
export const PARSE_FLAGS: readonly FlagSpec[] = [
  {
    name: 'format',
    kind: 'string',
    choices: FORMATS,
    help: 'the file format (default: detected from the name and the first bytes)',
  },
  { name: 'delimiter', kind: 'string', help: 'the field delimiter of a CSV file (default: detected)' },
  { name: 'header', kind: 'boolean', help: 'csv-basket: the first line is a header (default: detected)' },
  {
    name: 'item-column',
    kind: 'string',
    value: 'COL',
    help: 'csv-long, parquet, arrow: the item column, a list column or the item of (tid, item) rows (default: found)',
  },
  {
    name: 'tid-column',
    kind: 'string',
    value: 'COL',
    help: "csv-long, parquet, arrow: the transaction-id column of (tid, item) rows (default 'tid')",
  },
  {
    name: 'buckets',
    kind: 'integer',
    min: 1,
    max: 10_000,
    help: 'relational: equal-width buckets of a numeric column (default 10)',
  },
];

/** How many of a target's items an attacker knows (`risk`, `attack`). */
export const KNOWN_FLAG: FlagSpec = {
  name: 'known',
  kind: 'list',
  of: 'integer',
  min: 1,
  max: 64,
  defaultText: '1,2,3,4',
  help: "the numbers of a target's items an attacker knows",
};

export const SEED_FLAG: FlagSpec = {
  name: 'seed',
  kind: 'integer',
  min: 0,
  max: MAX_SEED,
  default: 1,
  help: 'the seed of every random choice (32-bit: a larger one would alias a smaller one)',
};

/** The sensitive-item choices (data/sensitive.ts), one at most. */
export function sensitiveFlags(only?: FlagCondition): FlagSpec[] {
  const common = { oneOf: 'sensitive', ...(only && { only }) };
  return [
    {
      ...common,
      name: 'sensitive',
      kind: 'list',
      help: 'the sensitive items, one CSV record (quote an item holding a comma: \'"a,b",c\')',
    },
    {
      ...common,
      name: 'sensitive-top',
      kind: 'integer',
      min: 1,
      help: 'the M most frequent items are sensitive',
    },
    {
      ...common,
      name: 'sensitive-random',
      kind: 'integer',
      min: 1,
      help: 'M items drawn with the seed are sensitive',
    },
    {
      ...common,
      name: 'sensitive-band',
      kind: 'integer',
      min: 1,
      help: 'M items of moderate support (rare enough for p) are sensitive',
    },
  ];
}

/** `--metrics a,b`: metric ids, each once. */
export const METRICS_FLAG: FlagSpec = {
  name: 'metrics',
  kind: 'list',
  choices: METRICS.map((m) => m.id),
  help: 'the metrics to compute (default: those that apply to the release kind)',
};

/** The metric options of `anonymize` and `evaluate` (DESIGN.md sec. 5-6). */
export const METRIC_FLAGS: readonly FlagSpec[] = [
  {
    name: 'queries',
    kind: 'integer',
    min: 1,
    max: 1_000_000,
    help: 'queries of the estimated metrics (kl: default 200, avgre: 1,000)',
  },
  { name: 'q', kind: 'integer', min: 1, max: 64, help: 'items per AvgRE query' },
  {
    name: 'r',
    kind: 'integer',
    min: 1,
    max: 20,
    help: 'QID items per KL query (2^r cells; default 4)',
  },
  { name: 'workload', kind: 'string', choices: AVGRE_WORKLOADS, help: 'the AvgRE workload (default rows)' },
  {
    name: 'min-support',
    kind: 'number',
    greaterThan: 0,
    max: 1,
    help: 'rules metric: minimum support, a fraction in (0, 1]',
  },
  {
    name: 'min-confidence',
    kind: 'number',
    greaterThan: 0,
    max: 1,
    help: 'rules metric: minimum confidence in (0, 1]',
  },
];

/** The most worker threads a command starts: a stated multiple of the hardware threads. */
export const WORKERS_PER_THREAD = 4;

export function workersFlag(defaultText: string): FlagSpec {
  const threads = availableParallelism();
  return {
    name: 'workers',
    kind: 'integer',
    min: 1,
    max: WORKERS_PER_THREAD * threads,
    maxWhy: `${WORKERS_PER_THREAD} x the ${threads} hardware threads of this machine`,
    defaultText,
    help: 'worker threads (each loads the engine; more than the hardware threads only share them)',
  };
}
