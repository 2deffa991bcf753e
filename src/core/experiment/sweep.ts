/**
 * Sweep specs (DESIGN.md sec. 6): one dataset, runs of methods whose list-valued params are swept
 * (a scalar is fixed), over seeds. Validation names the exact field that is wrong; expansion gives
 * one RunRequest per method x parameter combination x seed, in spec order.
 */
import type { DatasetFormat } from '../data/dataset.ts';
import { FORMATS } from '../data/parsers/index.ts';
import { findMethod } from '../methods/registry.ts';
import type { SensitiveChoice } from '../methods/sensitive.ts';
import { MethodInputError, type ParamValue } from '../methods/types.ts';
import type { RunRecord, RunRequest } from './runRecord.ts';

export interface SweepSpec {
  dataset: string;
  format?: DatasetFormat;
  seeds: number[];
  metrics?: string[];
  runs: { method: string; params: Record<string, ParamValue | ParamValue[]>; sensitive?: SensitiveChoice }[];
}

export interface SweepResults {
  format: 'txanon-results/1';
  runs: (RunRecord | { method: string; params: Record<string, ParamValue>; seed: number; error: string })[];
}

const fail = (file: string, path: string, expected: string): never => {
  throw new MethodInputError(`${file}: ${path}: expected ${expected}`);
};

export function validateSweepSpec(value: unknown, file: string): SweepSpec {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail(file, '(top level)', 'a JSON object');
  const spec = value as Record<string, unknown>;
  if (typeof spec.dataset !== 'string' || spec.dataset === '') fail(file, 'dataset', 'a file name');
  if (spec.format !== undefined && !(FORMATS as readonly unknown[]).includes(spec.format))
    fail(file, 'format', `one of ${FORMATS.join(', ')}`);
  const seeds = spec.seeds ?? [1];
  if (!Array.isArray(seeds) || seeds.length === 0 || !seeds.every((s) => Number.isInteger(s)))
    fail(file, 'seeds', 'a non-empty list of integers');
  if (
    spec.metrics !== undefined &&
    (!Array.isArray(spec.metrics) || !spec.metrics.every((m) => typeof m === 'string'))
  )
    fail(file, 'metrics', 'a list of metric ids');
  if (!Array.isArray(spec.runs) || spec.runs.length === 0) fail(file, 'runs', 'a non-empty list');
  (spec.runs as unknown[]).forEach((run, i) => {
    const where = `runs[${i}]`;
    if (typeof run !== 'object' || run === null) fail(file, where, 'an object with method and params');
    const r = run as Record<string, unknown>;
    if (typeof r.method !== 'string' || !findMethod(r.method))
      fail(file, `${where}.method`, `a method id (see \`methods\`), found ${JSON.stringify(r.method)}`);
    const params = r.params ?? {};
    if (typeof params !== 'object' || params === null || Array.isArray(params))
      fail(file, `${where}.params`, 'an object');
    for (const [name, v] of Object.entries(params as Record<string, unknown>)) {
      const ok = (x: unknown) => ['number', 'string', 'boolean'].includes(typeof x);
      if (!(ok(v) || (Array.isArray(v) && v.length > 0 && v.every(ok))))
        fail(file, `${where}.params.${name}`, 'a number, string or boolean, or a non-empty list of them');
    }
    const s = r.sensitive as Record<string, unknown> | undefined;
    if (
      s !== undefined &&
      !(Array.isArray(s.items) || Number.isInteger(s.top) || Number.isInteger(s.random))
    ) {
      fail(file, `${where}.sensitive`, '{ "items": [...] }, { "top": M } or { "random": M }');
    }
  });
  return { ...(spec as unknown as SweepSpec), seeds: seeds as number[] };
}

/** One request per method x combination of swept values x seed. */
export function expandSweep(spec: SweepSpec): RunRequest[] {
  const requests: RunRequest[] = [];
  for (const run of spec.runs) {
    let combinations: Record<string, ParamValue>[] = [{}];
    for (const [name, value] of Object.entries(run.params)) {
      const values = Array.isArray(value) ? value : [value];
      combinations = combinations.flatMap((c) => values.map((v) => ({ ...c, [name]: v })));
    }
    for (const params of combinations) {
      for (const seed of spec.seeds)
        requests.push({ method: run.method, params, seed, sensitive: run.sensitive, metrics: spec.metrics });
    }
  }
  return requests;
}
