/**
 * A COAT run from its params (Loukides et al., Sec. 3 and 6): k^m mode (m > 0: the itemsets of at
 * most m items that need protection, level by level, kmLevels.ts) or the given privacy constraints
 * (JSON or CSV text, e.g. from Pgen); the given utility constraints, else groups of `group`
 * consecutive items; UL's weights from `hierarchy` when given. A recorded run's steps go to `rec`.
 */
import type { Dataset } from '../../data/dataset.ts';
import { InputError } from '../../base/errors.ts';
import type { MemoryCheck } from '../../base/memoryBudget.ts';
import { coat, coatKm, type CoatResult } from './coatAlgorithm.ts';
import { hierarchyWeights, type ItemWeights } from './hierarchyWeights.ts';
import { checkPartitionOfItems, consecutiveUtility, parseItemsets, toItemIds } from './constraints.ts';
import type { Recorder } from '../../teach/recorder.ts';

export interface ConstraintParams {
  readonly m: number;
  readonly constraints: string;
  readonly utility: string;
  readonly group: number;
  /** A hierarchy document for UL's weights (hierarchyWeights.ts); empty: weights 1. */
  readonly hierarchy: string;
}

/** The given privacy constraints (constraint mode), as item ids. */
export function givenConstraints(dataset: Dataset, params: ConstraintParams): number[][] {
  if (params.constraints.trim() === '')
    throw new InputError('coat needs --m (k^m mode) or --constraints FILE (privacy constraints)');
  return toItemIds(dataset, parseItemsets(params.constraints, 'constraints'), 'constraints');
}

/** The utility constraints a run uses, as item ids (a partition of the items). */
export function utilityConstraints(dataset: Dataset, params: ConstraintParams): number[][] {
  if (params.utility.trim() !== '' && params.group > 0)
    throw new InputError('coat: --utility gives the utility constraints, --group builds them; give one');
  const utility = params.utility.trim()
    ? toItemIds(dataset, parseItemsets(params.utility, 'utility'), 'utility')
    : consecutiveUtility(dataset.d, params.group);
  checkPartitionOfItems(dataset, utility, 'utility');
  return utility;
}

/** Runs COAT as the params say; `privacy` is set in constraint mode. */
export function runCoat(
  dataset: Dataset,
  params: ConstraintParams & { readonly k: number; readonly s: number },
  progress?: (fraction: number, phase: string) => void,
  rec?: Recorder,
  memory?: MemoryCheck,
): CoatResult & { privacy?: number[][]; utility: number[][]; weights?: ItemWeights } {
  // Given both, the constraints would be ignored in silence: k^m mode makes its own.
  if (params.m > 0 && params.constraints.trim() !== '')
    throw new InputError(
      `coat reads --constraints only with --m 0 (k^m mode, m = ${params.m}, protects the ${params.m}-itemsets instead)`,
    );
  const utility = utilityConstraints(dataset, params);
  const weights = params.hierarchy.trim() ? hierarchyWeights(dataset, params.hierarchy) : undefined;
  const { k, s } = params;
  if (params.m > 0)
    return { ...coatKm(dataset, params.m, utility, k, s, progress, weights, rec, memory), utility, weights };
  const privacy = givenConstraints(dataset, params);
  return { ...coat(dataset, privacy, utility, k, s, weights, rec), privacy, utility, weights };
}
