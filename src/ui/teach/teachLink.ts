/**
 * The link of a stepper's state (URL hash, after Python Tutor's `curInstr`): the worked example
 * (`sample=`) or the loaded file (`dataset=`, by name), the method, its parameters by name, the
 * sensitive items, the seed and the step, 1-based as the page counts it:
 * `#teach&sample=pta-fig2a&method=pta&k=3&segments=2&seed=1&step=3`. Opening it reopens the same
 * trace at the same step. A comparison adds `&compare=METHOD[&compare.<param>=v]` (the step is then
 * the tick of the joint walk), a sample of a large file `&sample-rows=N&sample-items=M`.
 */
import type { ParamValue } from '../../core/methods/types.ts';
import { DEFAULT_SAMPLE } from '../../core/teach/trace.ts';
import type { SensitiveKind } from '../widgets/sensitiveChoice.ts';

export interface TeachLink {
  sample?: string;
  dataset?: string;
  method: string;
  params: Record<string, string>;
  sensitiveKind?: SensitiveKind;
  sensitiveText?: string;
  seed: number;
  /** 0-based. */
  step: number;
  /** The method stepped side by side, and its parameters set. */
  compare?: { method: string; params: Record<string, string> };
  /** A sample of the file (teachingSample.ts). */
  sampleSize?: { rows: number; items: number };
}

const FIXED = new Set([
  'teach',
  'sample',
  'dataset',
  'method',
  'sensitive',
  'sensitive-kind',
  'seed',
  'step',
  'compare',
  'sample-rows',
  'sample-items',
]);
const COMPARED = 'compare.';
const KINDS: readonly SensitiveKind[] = ['band', 'top', 'random', 'items'];

export function teachHash(link: {
  sample?: string;
  dataset?: string;
  method: string;
  params: Record<string, ParamValue>;
  sensitiveKind?: SensitiveKind;
  sensitiveText?: string;
  seed: number;
  step: number;
  compare?: { method: string; params: Record<string, ParamValue> };
  sampleSize?: { rows: number; items: number };
}): string {
  const query = new URLSearchParams();
  if (link.sample) query.set('sample', link.sample);
  else if (link.dataset) query.set('dataset', link.dataset);
  query.set('method', link.method);
  for (const [name, value] of Object.entries(link.params)) query.set(name, String(value));
  if (link.sensitiveKind) {
    query.set('sensitive-kind', link.sensitiveKind);
    query.set('sensitive', link.sensitiveText ?? '');
  }
  if (link.sampleSize) {
    query.set('sample-rows', String(link.sampleSize.rows));
    query.set('sample-items', String(link.sampleSize.items));
  }
  if (link.compare) {
    query.set('compare', link.compare.method);
    for (const [name, value] of Object.entries(link.compare.params))
      query.set(COMPARED + name, String(value));
  }
  query.set('seed', String(link.seed));
  query.set('step', String(link.step + 1));
  return `#teach&${query.toString()}`;
}

/** The link a hash holds, or null when it is not a stepper's link. */
export function parseTeachHash(hash: string): TeachLink | null {
  if (!hash.startsWith('#teach')) return null;
  const query = new URLSearchParams(hash.slice(1));
  const method = query.get('method');
  if (!method) return null;
  const params: Record<string, string> = {};
  const compared: Record<string, string> = {};
  for (const [name, value] of query)
    if (name.startsWith(COMPARED)) compared[name.slice(COMPARED.length)] = value;
    else if (!FIXED.has(name)) params[name] = value;
  const compare = query.get('compare');
  const kind = query.get('sensitive-kind') as SensitiveKind | null;
  const whole = (name: string, fallback: number) => {
    const value = Number(query.get(name));
    return Number.isInteger(value) && value >= 0 ? value : fallback;
  };
  return {
    ...(query.get('sample') ? { sample: query.get('sample')! } : {}),
    ...(query.get('dataset') ? { dataset: query.get('dataset')! } : {}),
    method,
    params,
    ...(kind && KINDS.includes(kind)
      ? { sensitiveKind: kind, sensitiveText: query.get('sensitive') ?? '' }
      : {}),
    seed: whole('seed', 1),
    step: Math.max(0, whole('step', 1) - 1),
    ...(compare && { compare: { method: compare, params: compared } }),
    ...(whole('sample-rows', 0) > 0 && {
      sampleSize: { rows: whole('sample-rows', 0), items: whole('sample-items', 0) || DEFAULT_SAMPLE.items },
    }),
  };
}
