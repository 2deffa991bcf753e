/**
 * COAT's steps in tokens, for the teaching view of Example 4.1: which privacy constraint, which
 * item, generalized with what (or suppressed), in order.
 */
import type { Dataset } from '../../data/dataset.ts';
import { coat } from './coatAlgorithm.ts';
import { runConstraints, type ConstraintParams } from './runConstraints.ts';
import { hierarchyWeights } from './hierarchyWeights.ts';

export interface CoatTeachingStep {
  constraint: string[];
  action: 'generalize' | 'suppress';
  item: string;
  with?: string;
  result: string;
}

export function coatTeachingTrace(
  dataset: Dataset,
  params: ConstraintParams & { readonly k: number; readonly s: number; readonly hierarchy: string },
): CoatTeachingStep[] {
  const { privacy, utility } = runConstraints(dataset, params);
  const weights = params.hierarchy.trim() ? hierarchyWeights(dataset, params.hierarchy) : undefined;
  const result = coat(dataset, privacy, utility, params.k, params.s, Infinity, weights);
  const label = (items: number[]) =>
    items.length === 1
      ? dataset.dictionary.token(items[0])
      : `(${items.map((i) => dataset.dictionary.token(i)).join(',')})`;
  return result.steps.map((step) => ({
    constraint: privacy[step.constraint].map((i) => dataset.dictionary.token(i)),
    action: step.action,
    item: label(step.item),
    with: step.with ? label(step.with) : undefined,
    result: step.action === 'generalize' ? label(step.result) : 'suppressed',
  }));
}
