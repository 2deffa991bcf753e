/**
 * The command lines `distribute` gives its tasks (issue 35): a partition's `anonymize` and a
 * worker's `tasks` server, with the run's method, seed and params; a param bounded by the data
 * (k^m's m, multi-anatomy's columns) at most a partition's own bound, the sensitive items
 * chosen on the whole input that a partition holds, and a differentially private partition's own
 * noise: from its own seed when the run was given one (core/distribute/dpParts.ts), else from the
 * system's randomness (no --seed).
 */
import { resolve } from 'node:path';
import type { Dataset } from '../../core/data/dataset.ts';
import { partNoiseSeed } from '../../core/distribute/dpParts.ts';
import type { MethodSpec, ParamSpec } from '../../core/methods/types.ts';
import { csvRecord } from '../../core/run/runRecord.ts';
import { PARSE_FLAGS } from '../commonFlags.ts';
import type { FlagValues } from '../readCommandLine.ts';
import { cliCommand } from './cliEntry.ts';
import { ATTEMPT_DIR } from './engine.ts';

/** The sensitive items a partition's rows hold, as tokens in the run's order. */
export function held(dataset: Dataset, rows: readonly number[], sensitive: ReadonlySet<number>): string[] {
  if (sensitive.size === 0) return [];
  const seen = new Set<number>();
  for (const r of rows) for (const id of dataset.row(r)) if (sensitive.has(id)) seen.add(id);
  return [...sensitive].filter((id) => seen.has(id)).map((id) => dataset.dictionary.tokens[id]);
}

/** A partition's facts that bound a method's params (ParamSpec.atMost). */
export interface PartitionFacts {
  longestRow: number;
  items: number;
}

/** What a partition's command line depends on besides its rows' facts. */
export interface PartitionTask extends PartitionFacts {
  inputFormat: Dataset['format'];
  /** The partition's number (a DP partition's noise seed follows from it). */
  part: number;
}

/**
 * `--seed` of a task: the run's; for a DP partition, its own noise seed when the run was seeded
 * (parts sharing one noise stream would not be independent), none when it was not (system noise).
 */
function seedArgs(values: FlagValues, spec: MethodSpec, part: number | undefined): string[] {
  const seed = values.integer('seed')!;
  if (spec.model !== 'differential-privacy' || part === undefined) return ['--seed', String(seed)];
  return values.has('seed') ? ['--seed', String(partNoiseSeed(seed, part))] : [];
}

export function partitionFacts(dataset: Dataset, rows: readonly number[]): PartitionFacts {
  const items = new Set<number>();
  let longestRow = 0;
  for (const r of rows) {
    longestRow = Math.max(longestRow, dataset.rowLength(r));
    for (const id of dataset.row(r)) items.add(id);
  }
  return { longestRow, items: items.size };
}

/**
 * A param's value for one partition: one bounded by the longest row or the distinct items
 * (k^m's m, multi-anatomy's columns) is at most the partition's own, and at least 1: an itemset
 * longer than every row of a partition occurs in none of its rows, so k^m over the partition's
 * longest row is k^m there (the merged release is verified with the run's own m).
 */
function partitionValue(param: ParamSpec, value: number, facts: PartitionFacts): number {
  const bound = param.atMost;
  if (!bound || bound.per || value < 1) return value;
  if (bound.of === 'longest-row') return Math.max(1, Math.min(value, facts.longestRow));
  if (bound.of === 'items') return Math.max(1, Math.min(value, facts.items));
  return value;
}

/**
 * The run's method, seed, params (a file param by its absolute path; with `facts`, bounded by a
 * partition's own) and sensitive items as `anonymize` and `tasks` take them.
 */
export function methodArgs(
  values: FlagValues,
  spec: MethodSpec,
  sensitive: readonly string[],
  facts?: PartitionTask,
): string[] {
  const argv = ['--method', spec.id, ...seedArgs(values, spec, facts?.part)];
  for (const p of spec.params) {
    // A partition file is FIMI or csv-basket whatever the input was: a choice that `auto` makes
    // from the input's format (PatternKa's selection: `relational` for relational input) is made
    // here, from the whole input's.
    const auto = p.type === 'string' && (values.string(p.name) ?? p.default) === 'auto';
    if (facts && auto && p.choices?.includes(facts.inputFormat)) {
      argv.push(`--${p.name}`, facts.inputFormat);
      continue;
    }
    if (!values.has(p.name)) continue;
    let value: string;
    if (p.type === 'text') value = resolve(values.path(p.name)!);
    else if (p.type === 'int')
      value = String(facts ? partitionValue(p, values.integer(p.name)!, facts) : values.integer(p.name));
    else if (p.type === 'number') value = String(values.number(p.name));
    else if (p.type === 'boolean') value = String(values.boolean(p.name));
    else value = values.string(p.name)!;
    argv.push(`--${p.name}`, value);
  }
  if (spec.needsSensitive) argv.push('--sensitive', csvRecord(sensitive));
  return argv;
}

/** The parse flags the command line gave (`tasks` reads the whole input as `distribute` did). */
export function parseArgs(values: FlagValues): string[] {
  return PARSE_FLAGS.filter((f) => values.has(f.name)).flatMap((f) => {
    const v =
      f.kind === 'integer'
        ? values.integer(f.name)
        : f.kind === 'boolean'
          ? values.boolean(f.name)
          : values.string(f.name);
    return [`--${f.name}`, String(v)];
  });
}

/** One partition's `anonymize` command: the run's method, params and seed, one thread, no metrics. */
export function taskArgv(
  input: string,
  readFlags: readonly string[],
  values: FlagValues,
  spec: MethodSpec,
  sensitive: readonly string[],
  facts: PartitionTask,
): string[] {
  return [
    ...cliCommand(),
    'anonymize',
    input,
    ...readFlags,
    ...methodArgs(values, spec, sensitive, facts),
    // The metrics are computed once, on the merge; topk applies to no partition's release kind.
    '--metrics',
    'topk',
    '--workers',
    '1',
    '--out',
    `${ATTEMPT_DIR}/release.json`,
    '--audit',
    `${ATTEMPT_DIR}/audit.json`,
  ];
}
