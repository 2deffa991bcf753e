/**
 * Sweep specs (DESIGN.md sec. 6): one dataset, runs of methods whose list-valued params are swept
 * (a scalar is fixed), over seeds. Validation names the exact field that is wrong; expansion gives
 * one RunRequest per method x parameter combination x seed, in spec order.
 *
 * Beyond DESIGN.md (written in the README): `metricOptions` (queries, q, r, workload, minSupport,
 * minConfidence) may also hold lists, which are swept like params. That is how a sweep draws the
 * anatomy paper's Fig. 6 (AR against the rules' confidence) without running the method again per
 * confidence value being a different method parameter.
 */
import type { DatasetFormat } from '../data/dataset.ts';
import { FORMATS } from '../data/formats.ts';
import type { SensitiveChoice } from '../data/sensitive.ts';
import { type ParamValue } from '../methods/types.ts';
import { InputError } from '../base/errors.ts';
import { MAX_SEED } from '../base/rng.ts';
import type { RunRequest } from '../run/runRecord.ts';
import { AVGRE_WORKLOADS, type AvgreWorkload } from '../metrics/types.ts';

type NumericOptionName = 'queries' | 'q' | 'r' | 'minSupport' | 'minConfidence';
export type MetricOptionName = NumericOptionName | 'workload';
export const METRIC_OPTION_NAMES: readonly MetricOptionName[] = [
  'queries',
  'q',
  'r',
  'workload',
  'minSupport',
  'minConfidence',
];

export interface SweepSpec {
  /** A name for the experiment (UI, results file); optional. */
  name?: string;
  dataset: string;
  format?: DatasetFormat;
  seeds: number[];
  metrics?: string[];
  metricOptions?: Partial<Record<NumericOptionName, number | number[]>> & {
    workload?: AvgreWorkload | AvgreWorkload[];
  };
  runs: { method: string; params: Record<string, ParamValue | ParamValue[]>; sensitive?: SensitiveChoice }[];
}

const fail = (file: string, path: string, expected: string): never => {
  throw new InputError(`${file}: ${path}: expected ${expected}`);
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a parsed spec file; `methods` are the known method ids (the registry's in the CLI, the
 * workers' catalogue in the page: this module loads no method code).
 */
export function validateSweepSpec(value: unknown, file: string, methods: readonly string[]): SweepSpec {
  if (!isObject(value)) fail(file, '(top level)', 'a JSON object');
  const spec = value as Record<string, unknown>;
  if (spec.name !== undefined && typeof spec.name !== 'string') fail(file, 'name', 'a string');
  if (typeof spec.dataset !== 'string' || spec.dataset === '') fail(file, 'dataset', 'a file name');
  if (spec.format !== undefined && !(FORMATS as readonly unknown[]).includes(spec.format))
    fail(file, 'format', `one of ${FORMATS.join(', ')}`);
  const seeds = spec.seeds ?? [1];
  if (!Array.isArray(seeds) || seeds.length === 0) fail(file, 'seeds', 'a non-empty list of integers');
  (seeds as unknown[]).forEach((seed, i) => {
    // The CLI's --seed range: a sweep never records a command the CLI refuses.
    if (!Number.isInteger(seed) || (seed as number) < 0 || (seed as number) > MAX_SEED)
      fail(file, `seeds[${i}]`, `an integer in 0..${MAX_SEED}, found ${JSON.stringify(seed)}`);
  });
  if (
    spec.metrics !== undefined &&
    (!Array.isArray(spec.metrics) || !spec.metrics.every((m) => typeof m === 'string'))
  )
    fail(file, 'metrics', 'a list of metric ids');
  if (spec.metricOptions !== undefined) {
    if (!isObject(spec.metricOptions)) fail(file, 'metricOptions', 'an object');
    for (const [name, v] of Object.entries(spec.metricOptions as Record<string, unknown>)) {
      if (!(METRIC_OPTION_NAMES as readonly string[]).includes(name))
        fail(file, `metricOptions.${name}`, `one of ${METRIC_OPTION_NAMES.join(', ')}`);
      // As the CLI reads them: --queries, --q and --r integers >= 1, the rules' thresholds in
      // (0, 1], the AvgRE workload by name.
      const workload = name === 'workload';
      const counts = name === 'queries' || name === 'q' || name === 'r';
      const ok = (x: unknown) =>
        workload
          ? (AVGRE_WORKLOADS as readonly unknown[]).includes(x)
          : typeof x === 'number' && (counts ? Number.isSafeInteger(x) && x >= 1 : x > 0 && x <= 1);
      if (!(ok(v) || (Array.isArray(v) && v.length > 0 && v.every(ok))))
        fail(
          file,
          `metricOptions.${name}`,
          workload
            ? `one of ${AVGRE_WORKLOADS.map((w) => `"${w}"`).join(', ')} or a list of them`
            : `${counts ? 'an integer >= 1' : 'a fraction in (0, 1]'} or a non-empty list of them`,
        );
    }
  }
  if (!Array.isArray(spec.runs) || spec.runs.length === 0) fail(file, 'runs', 'a non-empty list');
  (spec.runs as unknown[]).forEach((run, i) => {
    const where = `runs[${i}]`;
    if (!isObject(run)) fail(file, where, 'an object with method and params');
    const r = run as Record<string, unknown>;
    if (typeof r.method !== 'string' || !methods.includes(r.method))
      fail(file, `${where}.method`, `a method id (see \`methods\`), found ${JSON.stringify(r.method)}`);
    const params = r.params ?? {};
    if (!isObject(params)) fail(file, `${where}.params`, 'an object');
    for (const [name, v] of Object.entries(params as Record<string, unknown>)) {
      const ok = (x: unknown) => ['number', 'string', 'boolean'].includes(typeof x);
      if (!(ok(v) || (Array.isArray(v) && v.length > 0 && v.every(ok))))
        fail(file, `${where}.params.${name}`, 'a number, string or boolean, or a non-empty list of them');
    }
    if (r.sensitive !== undefined)
      checkSensitive(r.sensitive, (what) => fail(file, `${where}.sensitive`, what));
  });
  return { ...(spec as unknown as SweepSpec), seeds: seeds as number[] };
}

/** `{ "items": [...] }` (distinct tokens, at least one), `{ "top": M }` or `{ "random": M }` (M >= 1). */
function checkSensitive(s: unknown, fail: (expected: string) => never): void {
  const expected = '{ "items": [...] }, { "top": M }, { "random": M } or { "band": M } with M >= 1';
  if (!isObject(s)) fail(expected);
  const choice = s as Record<string, unknown>;
  if ('items' in choice) {
    const items = choice.items;
    if (!Array.isArray(items) || items.length === 0 || !items.every((t) => typeof t === 'string' && t !== ''))
      fail('"items": a non-empty list of item tokens');
    if (new Set(items as string[]).size !== (items as string[]).length) fail('"items" naming each item once');
  } else if (
    !['top', 'random', 'band'].some((key) => Number.isInteger(choice[key]) && (choice[key] as number) >= 1)
  )
    fail(expected);
}

/** Every combination of the list values in `values` (a scalar is one value), in key order. */
function combinations<V>(values: Record<string, V | V[] | undefined>): Record<string, V>[] {
  let result: Record<string, V>[] = [{}];
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const list = Array.isArray(value) ? value : [value];
    result = result.flatMap((c) => list.map((v) => ({ ...c, [name]: v })));
  }
  return result;
}

/**
 * One request per method x combination of swept values x metric-option combination x seed. A
 * sweep's runs draw differentially private noise from their seeds (`seededNoise`): repeatable, and
 * so for exploration, never for publication (each DP release says so in its header).
 */
export function expandSweep(spec: SweepSpec): RunRequest[] {
  const requests: RunRequest[] = [];
  const optionSets = spec.metricOptions ? combinations(spec.metricOptions) : [undefined];
  for (const run of spec.runs) {
    for (const params of combinations(run.params)) {
      for (const metricOptions of optionSets) {
        for (const seed of spec.seeds) {
          requests.push({
            method: run.method,
            params,
            seed,
            seededNoise: true,
            sensitive: run.sensitive,
            metrics: spec.metrics,
            ...(metricOptions ? { metricOptions } : {}),
          });
        }
      }
    }
  }
  return requests;
}
