/**
 * A method's extras through the same door as its runs: the teaching trace (`teach`, teachRun.ts) or one of its
 * tools, with the method found, params resolved and validated and the context built exactly as
 * for a run (resolveRequest.ts). The worker API has one endpoint for all of them.
 */
import { InputError } from '../base/errors.ts';
import type { Dataset } from '../data/dataset.ts';
import type { ToolArgs } from '../methods/types.ts';
import { resolveRequest, runContext } from './resolveRequest.ts';
import type { RunRequest } from './runRecord.ts';
import { teachRun, type TeachRequest } from './teachRun.ts';
import { deckHtml } from '../teach/deck.ts';

export interface ExtraRequest
  extends
    Pick<RunRequest, 'method' | 'params' | 'seed' | 'sensitive'>,
    Pick<TeachRequest, 'sample' | 'loss'> {
  /** `teach` for the teaching trace, `deck` for its handout, else the name of one of the method's tools. */
  extra: string;
  /** A tool's own arguments. */
  args?: ToolArgs;
}

export function runExtra(dataset: Dataset, request: ExtraRequest): unknown {
  if (request.extra === 'teach') return teachRun(dataset, request);
  // The handout of the same trace (teach/deck.ts), as `teach --deck` writes it.
  if (request.extra === 'deck') return deckHtml(teachRun(dataset, request));
  const { spec, params } = resolveRequest(request);
  const tool = spec.tools?.[request.extra];
  if (!tool)
    throw new InputError(
      `${spec.id} has no tool '${request.extra}' (it has ${Object.keys(spec.tools ?? {}).join(', ') || 'none'})`,
    );
  return tool.run(dataset, params, runContext(dataset, spec, params, request), request.args ?? {});
}
