/**
 * A sweep spec's runs checked against the methods before any run starts (the CLI's `sweep`): every
 * combination of swept values must be params the method takes, of its types and in its ranges, and
 * the sensitive choice must fit the model (given for p-degree, absent for the others). A wrong
 * spec then fails once, naming the run and the field, instead of failing every run. Kept apart
 * from sweep.ts, which the page loads without any method code.
 */
import { InputError } from '../base/errors.ts';
import { resolveRequest } from '../run/resolveRequest.ts';
import { findMethod } from '../methods/registry.ts';
import type { ParamValue } from '../methods/types.ts';
import type { SweepSpec } from './sweep.ts';
import type { Dataset } from '../data/dataset.ts';
import { chooseSensitive } from '../data/sensitive.ts';

export function checkSweepRuns(spec: SweepSpec, file: string): void {
  spec.runs.forEach((run, i) => {
    const where = `${file}: runs[${i}]`;
    const method = findMethod(run.method);
    if (!method) throw new InputError(`${where}.method: no method '${run.method}'`);
    if (method.needsSensitive && !run.sensitive)
      throw new InputError(`${where}.sensitive: ${method.id} needs sensitive items ({ "top": M }, ...)`);
    if (!method.needsSensitive && run.sensitive)
      throw new InputError(`${where}.sensitive: ${method.id} (${method.model}) has no sensitive items`);
    // Each swept value with the other params at their first value: every value is checked once.
    const lists = Object.entries(run.params).map(([name, v]) => [name, Array.isArray(v) ? v : [v]] as const);
    const first = Object.fromEntries(lists.map(([name, values]) => [name, values[0]]));
    const check = (params: Record<string, ParamValue>, field: string) => {
      try {
        resolveRequest({ method: run.method, params });
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        throw new InputError(`${where}.${field}: ${error.message}`);
      }
    };
    check(first, 'params');
    for (const [name, values] of lists)
      for (const value of values.slice(1)) check({ ...first, [name]: value }, `params.${name}`);
  });
}

/**
 * The spec's sensitive choices checked against the data, once it is read and before any run
 * (issue 43, F11): a named item the data lacks, or more items than it has, fails the whole spec
 * naming the run, instead of every run failing alike. A band's choice depends on each run's p and
 * is left to the run.
 */
export function checkSweepData(spec: SweepSpec, file: string, dataset: Dataset): void {
  spec.runs.forEach((run, i) => {
    const choice = run.sensitive;
    if (!choice || 'band' in choice) return;
    try {
      chooseSensitive(dataset, choice, spec.seeds[0] ?? 1);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      throw new InputError(`${file}: runs[${i}].sensitive: ${error.message}`);
    }
  });
}
