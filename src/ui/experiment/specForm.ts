/**
 * The Experiment page's form and the sweep spec it stands for. The form sweeps one parameter (a
 * method parameter or a metric option) over a list of values for every chosen method that has it
 * (a method without it but with the second swept parameter is swept over that one alone),
 * fixes others by `name=value`, and applies one sensitive-item choice to the methods that need
 * one. Presets fill the form from their spec, so a user can start from a paper's figure and edit.
 */
import { METRIC_OPTION_NAMES, type SweepSpec } from '../../core/experiment/sweep.ts';
import { parseSensitiveChoice, type SensitiveKind } from '../widgets/sensitiveChoice.ts';
import type { MethodInfo, ParamValue } from '../../core/methods/types.ts';

export interface SweepForm {
  name: string;
  methods: string[];
  axis: string;
  /** Comma-separated values of the swept parameter. */
  values: string;
  /** A second swept parameter (one line per value in the charts), or '' for none. */
  axis2: string;
  values2: string;
  /** Fixed values, `name=value` separated by commas (method params or metric options). */
  fixed: string;
  sensitiveKind: SensitiveKind;
  /** m for random/top, comma-separated tokens for items. */
  sensitive: string;
  seeds: number;
  metrics: string[];
}

export const EMPTY_FORM: SweepForm = {
  name: 'My experiment',
  methods: ['gray-cahd', 'nn', 'anatomy'],
  axis: 'p',
  values: '4, 6, 8, 10',
  axis2: '',
  values2: '',
  fixed: '',
  // The band (items of moderate support, data/sensitive.ts): with "m at random", 40 of 45 runs of a
  // sweep on a dense supermarket file were infeasible (issue 32); with the band all 45 ran.
  sensitiveKind: 'band',
  sensitive: '10',
  seeds: 2,
  metrics: ['kl', 'avgre'],
};

const isMetricOption = (name: string) => (METRIC_OPTION_NAMES as readonly string[]).includes(name);

/** A metric option's value: the AvgRE workload is a word (rows, generalized), the others numbers. */
const optionValue = (name: string, value: ParamValue): ParamValue =>
  name === 'workload' ? String(value) : Number(value);

function parseValue(text: string): ParamValue {
  const trimmed = text.trim();
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  const number = Number(trimmed);
  return trimmed !== '' && Number.isFinite(number) ? number : trimmed;
}

function parseFixed(text: string): [string, ParamValue][] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const at = part.indexOf('=');
      if (at <= 0) throw new Error(`fixed values: expected name=value, found '${part}'`);
      return [part.slice(0, at).trim(), parseValue(part.slice(at + 1))];
    });
}

/** The parameters one can sweep for these methods: their params (by name) and the metric options. */
export function sweepableAxes(methods: readonly MethodInfo[]): string[] {
  const names = new Set<string>();
  for (const method of methods)
    for (const param of method.params)
      if (param.type !== 'text' && param.type !== 'boolean') names.add(param.name);
  return [...names, ...METRIC_OPTION_NAMES];
}

export interface FormSpec {
  spec: SweepSpec;
  /** Chosen methods that lack the swept parameter and were left out, with why. */
  leftOut: string[];
}

/** The spec the form stands for; throws with a message naming the field that is wrong. */
function parseList(text: string, axis: string): ParamValue[] {
  const values = text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '')
    .map(parseValue);
  if (values.length === 0) throw new Error(`values of ${axis}: expected a comma-separated list`);
  return values;
}

/**
 * The sweep spec of a form. `hierarchy`: the dataset's hierarchy in force (Overview tab), which
 * every method that takes one generalizes over unless the fixed values name another.
 */
export function formToSpec(
  form: SweepForm,
  dataset: string,
  catalogue: readonly MethodInfo[],
  hierarchy?: string,
): FormSpec {
  const values = parseList(form.values, form.axis);
  const values2 = form.axis2 ? parseList(form.values2, form.axis2) : [];
  if (!Number.isInteger(form.seeds) || form.seeds < 1 || form.seeds > 50)
    throw new Error('seeds: expected a whole number from 1 to 50');
  const fixed = parseFixed(form.fixed);
  const options: Record<string, ParamValue | ParamValue[]> = {};
  for (const [name, value] of fixed) if (isMetricOption(name)) options[name] = optionValue(name, value);
  const axisIsOption = isMetricOption(form.axis);
  if (axisIsOption) options[form.axis] = values.map((v) => optionValue(form.axis, v));
  if (form.axis2 && isMetricOption(form.axis2))
    options[form.axis2] = values2.map((v) => optionValue(form.axis2, v));
  const metricOptions = options as NonNullable<SweepSpec['metricOptions']>;
  const sensitive = parseSensitiveChoice(form.sensitiveKind, form.sensitive);
  const leftOut: string[] = [];
  const runs: SweepSpec['runs'] = [];
  for (const id of form.methods) {
    const method = catalogue.find((m) => m.id === id);
    if (!method) continue;
    const has = (name: string) => method.params.some((p) => p.name === name);
    // A method without the swept parameter is swept over the second one when it has that (DiffPart
    // over epsilon beside PTA over k: each model's own privacy parameter).
    const second = form.axis2 !== '' && !isMetricOption(form.axis2) && has(form.axis2);
    if (!axisIsOption && !has(form.axis) && !second) {
      leftOut.push(`${id} has no parameter ${form.axis}${form.axis2 ? ` nor ${form.axis2}` : ''}`);
      continue;
    }
    const params: Record<string, ParamValue | ParamValue[]> = {};
    if (hierarchy !== undefined && has('hierarchy')) params.hierarchy = hierarchy;
    for (const [name, value] of fixed) if (has(name)) params[name] = value;
    if (!axisIsOption && has(form.axis)) params[form.axis] = values;
    if (form.axis2 && has(form.axis2)) params[form.axis2] = values2;
    runs.push({ method: id, params, ...(method.needsSensitive ? { sensitive } : {}) });
  }
  if (runs.length === 0)
    throw new Error(`methods: none of the chosen methods has the parameter ${form.axis}`);
  return {
    spec: {
      name: form.name.trim() || 'Experiment',
      dataset,
      seeds: Array.from({ length: form.seeds }, (_, i) => i + 1),
      ...(form.metrics.length > 0 ? { metrics: form.metrics } : {}),
      ...(Object.keys(metricOptions).length > 0 ? { metricOptions } : {}),
      runs,
    },
    leftOut,
  };
}

/** A form that stands for `spec` (a preset's): its first swept list is the form's axis. */
export function specToForm(spec: SweepSpec): SweepForm {
  const swept = spec.runs.flatMap((run) => Object.entries(run.params)).find(([, v]) => Array.isArray(v));
  const sweptOption = Object.entries(spec.metricOptions ?? {}).find(([, v]) => Array.isArray(v));
  // A swept metric option (AR vs confidence) is the x axis; a swept param then becomes a series.
  const [axis, values] = sweptOption ?? swept ?? ['p', [4]];
  const fixed = new Map<string, ParamValue>();
  for (const run of spec.runs)
    for (const [name, value] of Object.entries(run.params))
      if (name !== axis && !Array.isArray(value)) fixed.set(name, value);
  for (const [name, value] of Object.entries(spec.metricOptions ?? {}))
    if (name !== axis && !Array.isArray(value)) fixed.set(name, value);
  const sensitive = spec.runs.find((run) => run.sensitive)?.sensitive;
  // A second swept list: a swept param beside a swept metric option, or another method's own
  // swept param (DiffPart's epsilon beside PTA's k).
  const other = spec.runs
    .flatMap((run) => Object.entries(run.params))
    .find(([name, v]) => Array.isArray(v) && name !== axis);
  const second = sweptOption && swept ? swept : other;
  return {
    name: spec.name ?? 'Experiment',
    methods: [...new Set(spec.runs.map((run) => run.method))],
    axis,
    values: (values as ParamValue[]).join(', '),
    axis2: second ? second[0] : '',
    values2: second ? (second[1] as ParamValue[]).join(', ') : '',
    fixed: [...fixed].map(([n, v]) => `${n}=${v}`).join(', '),
    sensitiveKind: sensitive ? (Object.keys(sensitive)[0] as SweepForm['sensitiveKind']) : 'band',
    sensitive: sensitive
      ? 'items' in sensitive
        ? sensitive.items.join(', ')
        : String(Object.values(sensitive)[0])
      : '10',
    seeds: spec.seeds.length,
    metrics: spec.metrics ?? [],
  };
}
