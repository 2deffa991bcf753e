/**
 * The privacy degree p a teaching trace of a p-degree method starts from when the request names
 * none. The default p = 10 suits real data, but a paper's worked example has 5 or 10 rows: at
 * p = 10 every sensitive item would have to be in at most n/p = 1 row (Ghinita Theorem 1), and the
 * run is refused at once. A teacher opening a method on an example should see it step through, so:
 *
 * 1. the paper's own p for the example, when its paper states one (teach/paperDegrees.ts: Ghinita
 *    Fig. 1a, p = 2) and the example admits it with the sensitive items asked for;
 * 2. else the default, when the data admit it (nothing is chosen: a file of a few hundred rows);
 * 3. else the largest p below the default that the data admit.
 *
 * The data admit p when the sensitive items can be chosen for it (a band of items is sized by p,
 * data/sensitive.ts), at least one is, every one is in at most n/p rows (Theorem 1: then every
 * p-degree method finds groups), and p is within the bounds the data set on the other params
 * (CAHD's alpha <= n/p). A p given by the user (or a link) is never replaced: it runs, or is
 * refused with its reason, as in a production run.
 */
import { InputError } from '../base/errors.ts';
import type { Dataset } from '../data/dataset.ts';
import { chooseSensitive, type SensitiveChoice } from '../data/sensitive.ts';
import { itemSupports } from '../data/stats.ts';
import { checkDataBounds, dataFacts, resolveParams } from '../methods/params.ts';
import type { MethodSpec, ParamValue } from '../methods/types.ts';
import { paperDegreeOf } from '../teach/paperDegrees.ts';
import type { DegreeChoice } from '../teach/trace.ts';
import type { RunRequest } from './runRecord.ts';

export function teachingDegree(
  dataset: Dataset,
  spec: MethodSpec,
  request: Pick<RunRequest, 'params' | 'seed' | 'sensitive'>,
): DegreeChoice | undefined {
  const degree = spec.params.find((p) => p.name === 'p');
  if (spec.model !== 'p-degree' || !degree || request.params.p !== undefined) return undefined;
  const fallback = Number(degree.default);
  const supports = itemSupports(dataset);
  const facts = dataFacts(dataset);
  const admits = (p: number) => {
    try {
      const params = resolveParams(spec, { ...request.params, p } as Record<string, ParamValue>);
      checkDataBounds(spec, params, facts);
      const sensitive = chooseSensitive(dataset, request.sensitive, request.seed, p);
      return sensitive.length > 0 && sensitive.every((s) => supports[s] * p <= dataset.n);
    } catch (error) {
      if (error instanceof InputError) return false;
      throw error;
    }
  };
  const rows = `${dataset.n} row${dataset.n === 1 ? '' : 's'}`;
  const example = paperDegreeOf(dataset);
  if (example && admits(example.p))
    return {
      p: example.p,
      source: 'paper',
      why: `p = ${example.p}, the privacy degree the paper gives ${example.example} (${example.cite}), in place of the default p = ${fallback}, which its ${rows} do not admit.`,
    };
  if (admits(fallback)) return undefined;
  const least = typeof degree.min === 'number' ? degree.min : 2;
  for (let p = Math.min(fallback - 1, dataset.n); p >= least; p--)
    if (admits(p))
      return {
        p,
        source: 'largest',
        why:
          `p = ${p}, the largest privacy degree the ${rows} of ${dataset.name} admit with ${chosenItems(request.sensitive)}, in place of the default p = ${fallback}: ` +
          `every sensitive item must be in at most n/p of the rows (Ghinita Theorem 1), ${Math.floor(dataset.n / p)} here, ${Math.floor(dataset.n / fallback)} at p = ${fallback}.`,
      };
  return undefined;
}

/** The sensitive items asked for, in words. */
function chosenItems(choice: SensitiveChoice | undefined): string {
  if (!choice) return 'no sensitive item';
  if ('items' in choice) return `the ${choice.items.length} sensitive items named`;
  if ('top' in choice) return `the ${choice.top} most frequent items as sensitive`;
  if ('random' in choice) return `${choice.random} sensitive items drawn at random`;
  return `${choice.band} sensitive items from the support band`;
}
