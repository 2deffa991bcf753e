/**
 * `rules`: association-rule utility (anatomy paper Sec. V.C; DESIGN.md sec. 5). Apriori (Agrawal
 * and Srikant 1994) mines the frequent itemsets of 2 to 4 items (the paper's limits on Connect) from
 * a support oracle, and every rule X -> Y with X ∪ Y frequent and confidence >= the minimum. Mined
 * once from the input (exact counts) and once from the release (its kind's support estimator, so
 * expected supports for buckets), then AR = common rules / original rules (Fig. 6). The miner is
 * shared: any release kind with an estimator gets the metric.
 */
import { ItemRows } from '../data/itemRows.ts';
import { InputError } from '../base/errors.ts';
import { supportEstimator } from './estimators.ts';
import type { MetricSpec } from './types.ts';

export interface RuleOptions {
  /** Minimum support as a fraction of the transactions (default 0.1). */
  minSupport?: number;
  /** Minimum confidence (default 0.5). */
  minConfidence?: number;
  minLength?: number;
  maxLength?: number;
}

export interface Rule {
  antecedent: number[];
  consequent: number[];
  support: number;
  confidence: number;
}

export const DEFAULT_RULE_SUPPORT = 0.1;
export const DEFAULT_RULE_CONFIDENCE = 0.5;
/** Past this many frequent itemsets the miner stops and asks for a higher support. */
export const MAX_FREQUENT_ITEMSETS = 200_000;

/** Frequent itemsets (ids ascending) with their supports, by levels of Apriori. */
export function frequentItemsets(
  d: number,
  n: number,
  support: (itemset: readonly number[]) => number,
  maxLength: number,
  minSupport: number,
): Map<string, number> {
  const threshold = minSupport * n;
  const frequent = new Map<string, number>();
  let level: number[][] = [];
  for (let i = 0; i < d; i++) {
    const s = support([i]);
    if (s >= threshold && s > 0) {
      level.push([i]);
      frequent.set(String(i), s);
    }
  }
  for (let size = 2; size <= maxLength && level.length > 1; size++) {
    const next: number[][] = [];
    for (let a = 0; a < level.length; a++) {
      for (let b = a + 1; b < level.length; b++) {
        const x = level[a];
        const y = level[b];
        if (!x.slice(0, -1).every((v, i) => v === y[i])) break; // levels are sorted: no more joins for x
        const candidate = [...x, y[y.length - 1]];
        const allSubsetsFrequent = candidate.every((_, drop) =>
          frequent.has(candidate.filter((_, i) => i !== drop).join(',')),
        );
        if (!allSubsetsFrequent) continue;
        const s = support(candidate);
        if (s >= threshold && s > 0) {
          next.push(candidate);
          frequent.set(candidate.join(','), s);
          if (frequent.size > MAX_FREQUENT_ITEMSETS) {
            throw new InputError(
              `more than ${MAX_FREQUENT_ITEMSETS} frequent itemsets at support ${minSupport}: raise the rules' minimum support`,
            );
          }
        }
      }
    }
    level = next;
  }
  return frequent;
}

export function mineRules(
  d: number,
  n: number,
  support: (itemset: readonly number[]) => number,
  options: RuleOptions = {},
): Rule[] {
  const minLength = options.minLength ?? 2;
  const maxLength = options.maxLength ?? 4;
  const minConfidence = options.minConfidence ?? DEFAULT_RULE_CONFIDENCE;
  const frequent = frequentItemsets(d, n, support, maxLength, options.minSupport ?? DEFAULT_RULE_SUPPORT);
  const rules: Rule[] = [];
  for (const [key, s] of frequent) {
    const items = key.split(',').map(Number);
    if (items.length < minLength) continue;
    for (let mask = 1; mask < (1 << items.length) - 1; mask++) {
      const antecedent = items.filter((_, i) => mask & (1 << i));
      const consequent = items.filter((_, i) => !(mask & (1 << i)));
      const antecedentSupport = frequent.get(antecedent.join(',')) ?? support(antecedent);
      const confidence = antecedentSupport > 0 ? s / antecedentSupport : 0;
      if (confidence >= minConfidence) rules.push({ antecedent, consequent, support: s, confidence });
    }
  }
  return rules;
}

const ruleKey = (rule: Rule) => `${rule.antecedent.join(',')}=>${rule.consequent.join(',')}`;

export function ruleAccuracy(original: readonly Rule[], released: readonly Rule[]) {
  const releasedKeys = new Set(released.map(ruleKey));
  const common = original.filter((rule) => releasedKeys.has(ruleKey(rule))).length;
  const result: Record<string, number> = {
    rules_original: original.length,
    rules_release: released.length,
    rules_common: common,
  };
  if (original.length > 0) result.ar = common / original.length;
  return result;
}

export const rulesMetric: MetricSpec = {
  id: 'rules',
  label: 'Association rules (AR)',
  source: 'Anatomy paper, Sec. V.C and Fig. 4-6',
  description:
    'Share of the input’s association rules (2-4 items, min support and confidence as set) that the release still yields (expected supports where rows are not published as is): ar = common / original. Higher is better; 1 keeps every rule.',
  defaultOn: false,
  kinds: ['transactions', 'buckets', 'groups', 'generalized', 'disassociated'],
  values: { ar: 'higher', rules_original: 'count', rules_release: 'count', rules_common: 'count' },
  compute(dataset, release, audit, options) {
    const exact = ItemRows.of(dataset);
    const ruleOptions = { minSupport: options.minSupport, minConfidence: options.minConfidence };
    const original = mineRules(
      dataset.d,
      dataset.n,
      (itemset) => exact.countRowsContaining(itemset),
      ruleOptions,
    );
    const released = mineRules(dataset.d, dataset.n, supportEstimator(dataset, release, audit), ruleOptions);
    return ruleAccuracy(original, released);
  },
};
