/**
 * When one experiment's charts mix privacy models (issue 32: COAT and apriori-km's k^m runs were
 * ranked against PTA and PatternKa's k-anonymity runs on one "k" axis, and COAT marked
 * non-dominated), the Results page says so in a caption and splits the charts visibly: the lines
 * of every model after the first are dashed, each model has its own non-dominated front, and the
 * bars are ranked within their model, the model under each name. General over models: a model not
 * named here (differential privacy's epsilon, say) is read by its id.
 */
import type { MethodInfo } from '../../core/methods/types.ts';

/** What each model's level guarantees, in words, for the caption. */
const MODEL_WORDS: Record<string, { name: string; short: string; guarantee: string }> = {
  'k-anonymity': {
    name: 'k-anonymity',
    short: 'k-anon.',
    guarantee: 'every published row occurs at least k times',
  },
  'km-anonymity': {
    name: 'k^m-anonymity',
    short: 'k^m',
    guarantee:
      'every itemset of up to m published items occurs at least k times, weaker than k-anonymity at the same k',
  },
  'p-degree': {
    name: 'privacy degree p',
    short: 'p-degree',
    guarantee: 'a sensitive item is held by at most 1/p of the rows of a group',
  },
  'l-diversity': {
    name: 'l-diversity',
    short: 'l-div.',
    guarantee: 'no column value is held by more than 1/l of the rows of a bucket',
  },
  'hkp-coherence': {
    name: '(h,k,p)-coherence',
    short: 'hkp',
    guarantee:
      'every itemset of up to p public items occurs at least k times, and no private item in more than a share h of them',
  },
  'differential-privacy': {
    name: 'differential privacy',
    short: 'DP',
    guarantee: 'epsilon bounds what one transaction changes (smaller is more private); not a k, p, m or l',
  },
};

const nameOf = (family: string) => MODEL_WORDS[family]?.name ?? family;

/** COAT's `constraints` model gives the k^m guarantee in k^m mode, as its Results runs have. */
const familyOfModel = (model: string) => (model === 'constraints' ? 'km-anonymity' : model);

export interface ModelSplit {
  /** The models of the runs, in the order their methods come in the catalogue. */
  families: string[];
  mixed: boolean;
  familyOf(method: string): string;
  /** A model's name in words (`k^m-anonymity`), for a heading. */
  nameOf(family: string): string;
  /** The model's short name, for a bar's label. */
  shortOf(method: string): string;
  /** Whether a method's lines are dashed (a model after the first). */
  dashed(method: string): boolean;
  /** The caption when mixed, else ''. */
  caption: string;
}

export function modelSplit(methods: readonly string[], catalogue: readonly MethodInfo[]): ModelSplit {
  const modelOf = new Map(catalogue.map((m) => [m.id, familyOfModel(m.model)]));
  const familyOf = (method: string) => modelOf.get(method) ?? 'unknown';
  const used = new Set(methods.map(familyOf));
  const families = [...new Set(catalogue.map((m) => familyOfModel(m.model)))].filter((f) => used.has(f));
  if (used.has('unknown')) families.push('unknown');
  const mixed = families.length > 1;
  const byFamily = (family: string) => [...new Set(methods.filter((m) => familyOf(m) === family))];
  const caption = mixed
    ? `These runs mix privacy models: ${families
        .map(
          (f) =>
            `${nameOf(f)} (${byFamily(f).join(', ')}): ${MODEL_WORDS[f]?.guarantee ?? 'its own guarantee'}`,
        )
        .join(
          '; ',
        )}. The same level is not the same privacy across models, so the charts keep them apart: lines of ${families
        .slice(1)
        .map(nameOf)
        .join(
          ', ',
        )} are dashed, each model has its own non-dominated front, and the bars are ranked within their model.`
    : '';
  return {
    families,
    mixed,
    familyOf,
    nameOf,
    shortOf: (method) => MODEL_WORDS[familyOf(method)]?.short ?? familyOf(method),
    dashed: (method) => mixed && familyOf(method) !== families[0],
    caption,
  };
}
