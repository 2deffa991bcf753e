/**
 * `coat`: COAT (Loukides, Gkoulalas-Divanis, Malin, "Towards Utility-driven Anonymization of
 * Transactions"; coatAlgorithm.ts). Privacy constraints: the itemsets of at most m items that occur
 * with support below k, level by level (k^m mode, `m` > 0; kmLevels.ts) or those given in
 * `constraints` (JSON or CSV text, e.g. from Pgen); utility constraints:
 * those in `utility`, else groups of `group` consecutive items (0: all items in one); UL's weights
 * from `hierarchy` when given (hierarchyWeights.ts). Publishes a
 * `generalized` release: generalized items as labels `(a,b)`, suppressed items removed, rows
 * shuffled; the audit keeps the constraints, which the verifier checks. A recorded run draws every
 * action of Alg. 1-3 (coatSteps.ts; Example 4.1 on the paper's Fig. 1).
 */
import type { Dataset } from '../../data/dataset.ts';
import { mappedRows } from '../shared/mappedRows.ts';
import { TEACHING } from '../shared/teachingSize.ts';
import type { GeneralizedAudit, GeneralizedRelease } from '../../release/types.ts';
import { defineMethod, type ParamValues, type RunContext } from '../types.ts';
import { generalizedLabel } from './generalizedLabel.ts';
import { checkMemory } from '../../base/memoryBudget.ts';
import { pgen } from './pgen.ts';
import { runCoat } from './runConstraints.ts';
import { parseHierarchy } from '../../data/hierarchy/parseHierarchy.ts';
import { serializeHierarchy } from '../../data/hierarchy/serializeHierarchy.ts';

const COAT_PARAMS = [
  {
    name: 'k',
    type: 'int',
    default: 5,
    min: 2,
    atMost: { of: 'rows' },
    help: 'every protected itemset is supported by at least k transactions (or none)',
  },
  {
    name: 'm',
    type: 'int',
    default: 2,
    min: 0,
    atMost: { of: 'longest-row' },
    help: 'k^m mode: protect every itemset of m items; 0 = use the privacy constraints given',
  },
  {
    name: 's',
    type: 'number',
    default: 15,
    min: 0,
    max: 100,
    help: 'suppression limit: at most s% of the items may be suppressed',
  },
  {
    name: 'group',
    type: 'int',
    default: 0,
    min: 0,
    help: 'utility constraints of this many consecutive items; 0 = all items in one constraint',
  },
  {
    name: 'constraints',
    type: 'text',
    default: '',
    help: 'privacy constraints: JSON [["a","b"],...] or CSV, one itemset a line (used when m = 0)',
  },
  {
    name: 'utility',
    type: 'text',
    default: '',
    help: 'utility constraints (a partition of the items), JSON or CSV; overrides group',
  },
  {
    name: 'hierarchy',
    type: 'text',
    default: '',
    help: "weights w(g) of UL from this hierarchy (item;level1;...;root): the share of items under g's closest common ancestor; empty = 1",
    placeholder: 'whole milk;milk;dairy;food\nrolls;bread;bakery;food',
    fileName: 'hierarchy.csv',
  },
] as const;
type CoatParams = ParamValues<typeof COAT_PARAMS>;

function run(dataset: Dataset, params: CoatParams, ctx: RunContext) {
  const k = params.k;
  // The state's row lists and the rows as ranks of their generalized items, beside each level's own.
  const held = 8 * dataset.offsets[dataset.n] + 48 * dataset.d + 8 * dataset.n;
  const memory = (bytes: number, what: string, alternative?: string) =>
    checkMemory(held + bytes, ctx.memoryBudget, what, alternative);
  memory(0, `COAT's generalized items over ${dataset.n} rows`);
  const result = runCoat(
    dataset,
    params,
    (fraction, phase) => ctx.progress(0.9 * fraction, phase),
    ctx.recorder,
    memory,
  );
  const { privacy, utility, weights } = result;
  const token = (id: number) => dataset.dictionary.token(id);
  const generalized: Record<string, string[]> = {};
  const labelOf = new Map<number, string>();
  for (const items of result.members.values()) {
    const tokens = items.map(token);
    const label = generalizedLabel(tokens);
    if (items.length > 1) generalized[label] = tokens;
    for (const item of items) labelOf.set(item, label);
  }
  const { rowOf, transactions } = mappedRows(dataset, (item) => labelOf.get(item) ?? null, ctx.rng);
  const release: GeneralizedRelease = {
    ...ctx.header,
    // The constraint documents stay out of the published header (the audit keeps them).
    params: { k, m: params.m, s: params.s, group: params.group },
    kind: 'generalized',
    generalized,
    suppressed: result.suppressed.map(token),
    transactions,
  };
  const audit: GeneralizedAudit = {
    rowOf,
    ...(privacy ? { constraints: privacy.map((c) => c.map(token)) } : {}),
    utility: utility.map((u) => u.map(token)),
  };
  return {
    release,
    audit,
    notes: {
      [params.m > 0
        ? `privacy constraints (itemsets of 1..${params.m} items below k)`
        : 'privacy constraints']: result.constraints,
      'generalized items': Object.keys(generalized).length,
      'items generalized': Object.values(generalized).reduce((s, g) => s + g.length, 0),
      'items suppressed': result.suppressed.length,
      steps: result.steps.length,
      'chosen by': `least UL per generalization (Def. 3.14), weights ${weights ? 'from the hierarchy' : '1'}`,
      // With a hierarchy the method's own UL weighs each item by it; the `ul` metric weighs every
      // item 1 whatever the run used, so that runs and methods compare: two numbers, two names.
      [weights
        ? 'UL generalization, hierarchy weights (log10; the ul metric weighs items 1)'
        : 'UL generalization (log10)']: Number.isFinite(result.log10Ul)
        ? Number(result.log10Ul.toFixed(3))
        : 'none',
    },
    ...(weights && { hierarchy: serializeHierarchy(parseHierarchy(params.hierarchy, 'hierarchy')) }),
  };
}

export const coatSpec = defineMethod({
  id: 'coat',
  label: 'COAT (privacy and utility constraints)',
  paper: '002_756e2aba8234532b.txt',
  model: 'constraints',
  releaseKind: 'generalized',
  needsSensitive: false,
  params: COAT_PARAMS,
  run,
  teach: TEACHING,
  tools: {
    pgen: {
      help: 'Pgen (Alg. 4): the maximal infrequent itemsets at k, as privacy constraints (tokens)',
      run: (dataset, params) =>
        pgen(dataset, params.k).map((c) => c.map((item) => dataset.dictionary.token(item))),
    },
  },
});
