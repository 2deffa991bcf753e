/**
 * The privacy and utility constraints of a COAT run (Loukides et al., Sec. 3): every m-itemset that
 * occurs (k^m mode, m > 0) or the given privacy constraints (JSON or CSV text, e.g. from Pgen); the
 * given utility constraints, else groups of `group` consecutive items. Shared by the run and its
 * teaching trace.
 */
import type { Dataset } from '../../data/dataset.ts';
import { InputError } from '../../base/errors.ts';
import {
  checkPartitionOfItems,
  consecutiveUtility,
  kmConstraints,
  parseItemsets,
  toItemIds,
} from './constraints.ts';

export interface ConstraintParams {
  readonly m: number;
  readonly constraints: string;
  readonly utility: string;
  readonly group: number;
}

/** The privacy and utility constraints a run uses, as item ids. */
export function runConstraints(
  dataset: Dataset,
  params: ConstraintParams,
): { privacy: number[][]; utility: number[][] } {
  const m = params.m;
  const text = params.constraints;
  if (m <= 0 && text.trim() === '')
    throw new InputError('coat needs --m (k^m mode) or --constraints FILE (privacy constraints)');
  // Given both, the constraints would be ignored in silence: k^m mode protects every m-itemset.
  if (m > 0 && text.trim() !== '')
    throw new InputError(
      `coat reads --constraints only with --m 0 (k^m mode, m = ${m}, protects every ${m}-itemset instead)`,
    );
  if (params.utility.trim() !== '' && params.group > 0)
    throw new InputError('coat: --utility gives the utility constraints, --group builds them; give one');
  const privacy =
    m > 0 ? kmConstraints(dataset, m) : toItemIds(dataset, parseItemsets(text, 'constraints'), 'constraints');
  const utilityText = params.utility;
  const utility = utilityText.trim()
    ? toItemIds(dataset, parseItemsets(utilityText, 'utility'), 'utility')
    : consecutiveUtility(dataset.d, params.group);
  checkPartitionOfItems(dataset, utility, 'utility');
  return { privacy, utility };
}
