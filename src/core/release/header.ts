/** The common header of every release (DESIGN.md sec. 4), built by the run pipeline for a method. */
import type { Dataset } from '../data/dataset.ts';
import type { PrivacyModel, ReleaseHeader } from './types.ts';

export function releaseHeader(
  method: { readonly id: string; readonly model: PrivacyModel },
  dataset: Dataset,
  params: Readonly<Record<string, number | string | boolean>>,
  seed: number,
  sensitive: readonly number[],
): ReleaseHeader {
  return {
    format: 'txanon-release/1',
    model: method.model,
    method: method.id,
    params: { ...params },
    seed,
    sensitive: sensitive.map((id) => dataset.dictionary.token(id)),
  };
}
