/** The common header of every release (DESIGN.md sec. 4). */
import type { Dataset } from '../data/dataset.ts';
import type { MethodParams, MethodSpec, RunContext } from '../methods/types.ts';
import type { ReleaseHeader } from './types.ts';

export function releaseHeader(
  spec: MethodSpec,
  dataset: Dataset,
  params: MethodParams,
  ctx: RunContext,
): ReleaseHeader {
  return {
    format: 'txanon-release/1',
    model: spec.model,
    method: spec.id,
    params: { ...params },
    seed: ctx.seed,
    sensitive: ctx.sensitive.map((id) => dataset.dictionary.token(id)),
  };
}
