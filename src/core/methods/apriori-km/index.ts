/**
 * `apriori-km`: the Apriori k^m-anonymization baseline (Terrovitis et al., VLDB 2008;
 * aprioriAnonymization.ts) over a balanced item hierarchy of fan-out f (hierarchy.ts). Publishes a
 * `generalized` release (each internal node as a label such as `(a..e)` with the items under it).
 */
import type { Dataset } from '../../data/dataset.ts';
import { mappedRows } from '../shared/mappedRows.ts';
import type { GeneralizedRelease } from '../../release/types.ts';
import { defineMethod, type ParamValues, type RunContext } from '../types.ts';
import { aprioriAnonymize } from './aprioriAnonymization.ts';
import { balancedHierarchy } from './hierarchy.ts';

const APRIORI_KM_PARAMS = [
  {
    name: 'k',
    type: 'int',
    default: 5,
    min: 2,
    help: 'every itemset of up to m published items occurs in at least k transactions',
  },
  {
    name: 'm',
    type: 'int',
    default: 2,
    min: 1,
    max: 4,
    help: 'the attacker knows at most m items of a transaction',
  },
  {
    name: 'f',
    type: 'int',
    default: 5,
    min: 2,
    help: 'fan-out of the balanced item hierarchy (items in id order)',
  },
] as const;
type AprioriKmParams = ParamValues<typeof APRIORI_KM_PARAMS>;

function run(dataset: Dataset, params: AprioriKmParams, ctx: RunContext) {
  const { k, m } = params;
  const hierarchy = balancedHierarchy(dataset.d, params.f);
  const { nodeOf, fixes } = aprioriAnonymize(dataset, hierarchy, k, m);
  const token = (id: number) => dataset.dictionary.token(id);
  // A node with one leaf (a single-child chain of the balanced tree) is published as that leaf.
  const labelOf = (node: number) => {
    const lo = hierarchy.low[node];
    const hi = hierarchy.high[node] - 1;
    if (hi === lo) return token(lo);
    return hi - lo === 1 ? `(${token(lo)},${token(hi)})` : `(${token(lo)}..${token(hi)})`;
  };
  const generalized: Record<string, string[]> = {};
  for (const node of new Set(nodeOf)) {
    if (hierarchy.high[node] - hierarchy.low[node] < 2) continue;
    generalized[labelOf(node)] = Array.from({ length: hierarchy.high[node] - hierarchy.low[node] }, (_, i) =>
      token(hierarchy.low[node] + i),
    );
  }
  const { rowOf, transactions } = mappedRows(dataset, (item) => labelOf(nodeOf[item]), ctx.rng);
  const release: GeneralizedRelease = {
    ...ctx.header,
    kind: 'generalized',
    generalized,
    suppressed: [],
    transactions,
  };
  return {
    release,
    audit: { rowOf },
    notes: { 'generalized items': Object.keys(generalized).length, fixes },
  };
}

export const aprioriKmSpec = defineMethod({
  id: 'apriori-km',
  label: 'Apriori k^m-anonymization (Terrovitis et al., hierarchy)',
  paper: '002_756e2aba8234532b.txt',
  model: 'km-anonymity',
  releaseKind: 'generalized',
  needsSensitive: false,
  params: APRIORI_KM_PARAMS,
  run,
});
