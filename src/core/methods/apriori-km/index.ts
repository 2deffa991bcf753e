/**
 * `apriori-km`: Terrovitis et al.'s Apriori Anonymization (VLDB 2008; aprioriAnonymization.ts),
 * the k^m baseline of the COAT paper, over the user's hierarchy (`hierarchy`, DESIGN.md sec. 7) or a
 * balanced one of fan-out `f` over the items in `order`. Publishes a `generalized` release: each
 * node of the cut that is a category is published under its name (the hierarchy's label, e.g.
 * `dairy`, or `(a..e)` for a built one) and stands for the data's items under it. The run's notes
 * say which measure chose the cut (NCP, cut.ts) and its value. A recorded run draws the cut at each
 * fix (aprioriSteps.ts).
 */
import type { Dataset } from '../../data/dataset.ts';
import { bindHierarchy, nodeLabel } from '../../data/hierarchy/rangeTree.ts';
import { serializeHierarchy } from '../../data/hierarchy/serializeHierarchy.ts';
import { hierarchyView } from '../../data/hierarchy/treeView.ts';
import { mappedRows } from '../shared/mappedRows.ts';
import {
  FANOUT_PARAM,
  HIERARCHY_ORDER_PARAM,
  HIERARCHY_TEXT_PARAM,
  hierarchyOf,
} from '../shared/hierarchyParam.ts';
import type { GeneralizedRelease } from '../../release/types.ts';
import { defineMethod, type ParamValues, type RunContext } from '../types.ts';
import { aprioriAnonymize } from './aprioriAnonymization.ts';
import { TEACHING } from '../shared/teachingSize.ts';
import { checkMemory } from '../../base/memoryBudget.ts';

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
    // COAT Fig. 2(a) is Apriori's 5^5-anonymity of Fig. 1(a).
    max: 5,
    atMost: { of: 'longest-row' },
    help: 'the attacker knows at most m items of a transaction',
  },
  HIERARCHY_TEXT_PARAM,
  FANOUT_PARAM,
  HIERARCHY_ORDER_PARAM,
] as const;
type AprioriKmParams = ParamValues<typeof APRIORI_KM_PARAMS>;

function run(dataset: Dataset, params: AprioriKmParams, ctx: RunContext) {
  const { k, m } = params;
  const { hierarchy, source } = hierarchyOf(dataset, params);
  const { tree, absent, unnamed } = bindHierarchy(hierarchy, dataset, 'hierarchy');
  const occurrences = dataset.offsets[dataset.n];
  // NodeSupport: each row's items as positions, the tid-lists, a mark per row; the pair count's own.
  const held = 8 * occurrences + 8 * dataset.n + 48 * tree.parent.length;
  const memory = (bytes: number, what: string, alternative?: string) =>
    checkMemory(held + bytes, ctx.memoryBudget, what, alternative);
  memory(0, `apriori-km's supports over ${dataset.n} rows (${occurrences} item occurrences)`);
  const { cutAt, fixes, violations, ncp, aaNcp, splits, search } = aprioriAnonymize(
    dataset,
    tree,
    k,
    m,
    ctx.progress,
    ctx.recorder,
    memory,
  );
  const token = (id: number) => dataset.dictionary.token(id);
  const labelOf = new Array<string>(dataset.d);
  const generalized: Record<string, string[]> = {};
  for (let p = 0; p < tree.d; p++) {
    const node = cutAt[p];
    const item = tree.itemAt[p];
    if (node < tree.d) {
      labelOf[item] = token(item);
      continue;
    }
    const label = nodeLabel(tree, node);
    labelOf[item] = label;
    (generalized[label] ??= []).push(token(item));
  }
  const { rowOf, transactions } = mappedRows(dataset, (item) => labelOf[item], ctx.rng);
  const given = params.hierarchy.trim() !== '';
  const release: GeneralizedRelease = {
    ...ctx.header,
    // The hierarchy file stays out of the published header (the run's rules keep it).
    params: given ? { k, m, hierarchy: 'given' } : { k, m, f: params.f, order: params.order },
    kind: 'generalized',
    generalized,
    suppressed: [],
    transactions,
  };
  return {
    release,
    audit: { rowOf },
    hierarchy: serializeHierarchy(hierarchy),
    notes: {
      hierarchy: source,
      ...(absent.length > 0 && { 'hierarchy items the data lacks': absent.length }),
      ...(unnamed.length > 0 && { 'items the hierarchy does not name (under its root)': unnamed.length }),
      'chosen by':
        'least NCP (Terrovitis et al.) per rare itemset, refined to a locally minimal cut; or top-down when cheaper',
      NCP: Number(ncp.toFixed(6)),
      'NCP of the Apriori pass': Number(aaNcp.toFixed(6)),
      'published cut':
        search === 'apriori' ? 'the Apriori pass, refined' : 'top-down from the root (cheaper)',
      'categories split by the refinement': splits,
      'generalized items': Object.keys(generalized).length,
      'items generalized': Object.values(generalized).reduce((s, g) => s + g.length, 0),
      'rare itemsets found': violations.join(' / '),
      fixes,
    },
  };
}

export const aprioriKmSpec = defineMethod({
  id: 'apriori-km',
  label: 'Apriori k^m-anonymization (Terrovitis et al., hierarchy)',
  paper: '002_756e2aba8234532b.txt (Apriori)',
  model: 'km-anonymity',
  releaseKind: 'generalized',
  needsSensitive: false,
  params: APRIORI_KM_PARAMS,
  run,
  teach: TEACHING,
  tools: {
    tree: {
      help: "the hierarchy this run generalizes over, as a tree with each node's items and support",
      run: (dataset, params) => hierarchyView(hierarchyOf(dataset, params).hierarchy, dataset),
    },
  },
});
