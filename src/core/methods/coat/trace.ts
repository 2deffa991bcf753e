/**
 * COAT's steps in tokens, for the teaching view of Example 4.1: which privacy constraint, which
 * item, generalized with what (or suppressed), in order.
 */
import type { Dataset } from '../../data/dataset.ts';
import { runCoat, type ConstraintParams } from './runConstraints.ts';

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
  const result = runCoat(dataset, params);
  const label = (items: number[]) =>
    items.length === 1
      ? dataset.dictionary.token(items[0])
      : `(${items.map((i) => dataset.dictionary.token(i)).join(',')})`;
  return result.steps.map((step) => ({
    constraint: step.constraint.map(label),
    action: step.action,
    item: label(step.item),
    with: step.with ? label(step.with) : undefined,
    result: step.action === 'generalize' ? label(step.result) : 'suppressed',
  }));
}
