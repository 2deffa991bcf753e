/**
 * `diffpart` (model `differential-privacy`, release kind `transactions`): Chen et al.'s DiffPart
 * (PVLDB 4(11) 2011; diffPart.ts), a synthetic set-valued dataset under ε-differential privacy
 * (neighbours: one transaction added or removed). Its taxonomy is the given hierarchy (the public
 * item domain, DESIGN.md sec. 7) or a balanced one of fan-out f over the data's items in token order
 * (dp/taxonomy.ts). The release carries the ledger, the noise's source and the partitions its noisy
 * counts kept, so that the verifier rebuilds the rows from the counts; the audit holds each
 * partition's true size (never published).
 */
import { epsilonText } from '../../base/format.ts';
import type { Dataset } from '../../data/dataset.ts';
import { tokenRowsOf } from '../../release/tokenRows.ts';
import { noiseBits, noiseNote } from '../../dp/noise.ts';
import { diffPartTaxonomy } from '../../dp/taxonomy.ts';
import { hierarchyView } from '../../data/hierarchy/treeView.ts';
import type { TransactionsRelease } from '../../release/types.ts';
import { defineMethod, type ParamValues, type RunContext } from '../types.ts';
import { diffPart } from './diffPart.ts';
import { DiffPartSteps } from './diffPartSteps.ts';
import { TEACHING } from '../shared/teachingSize.ts';
import { EPSILON_PARAM } from '../shared/epsilonParam.ts';
import { HIERARCHY_TEXT_PARAM } from '../shared/hierarchyParam.ts';

const DIFFPART_PARAMS = [
  EPSILON_PARAM,
  {
    name: 'f',
    type: 'int',
    default: 10,
    min: 2,
    max: 15,
    help: 'fan-out of the taxonomy built when no hierarchy is given (the paper and its code: 10; a lone last node joins its neighbours, so at most f + 1 children)',
  },
  {
    name: 'c1',
    type: 'number',
    default: 6.75,
    min: 0,
    max: 100,
    help: 'threshold factor of internal splits: a sub-partition is kept when its noisy count reaches c1·√2·level/ε̄ (code: 6.75)',
  },
  {
    name: 'c2',
    type: 'number',
    default: 2.75,
    min: 0,
    max: 100,
    help: 'threshold factor of leaf partitions: kept when the noisy count reaches c2·√2/B (code: 2.75)',
  },
  {
    ...HIERARCHY_TEXT_PARAM,
    help: 'the public item domain as a hierarchy, one line per item: item;level1;...;root (empty: a balanced taxonomy of fan-out f over the data’s items)',
  },
] as const;
type DiffPartParams = ParamValues<typeof DIFFPART_PARAMS>;

function run(dataset: Dataset, params: DiffPartParams, ctx: RunContext) {
  const { taxonomy, description } = diffPartTaxonomy(dataset, params);
  const out = diffPart(
    dataset,
    taxonomy,
    params,
    noiseBits(ctx.noise),
    (f) => ctx.progress(f, 'partitioning'),
    ctx.recorder.on
      ? (budget, partitions) => new DiffPartSteps(ctx.recorder, taxonomy, budget, ctx.noise, partitions)
      : undefined,
  );
  const release: TransactionsRelease = {
    ...ctx.header,
    noise: noiseNote(ctx.noise),
    ledger: out.budget.ledger(),
    kind: 'transactions',
    partitions: out.partitions,
    transactions: tokenRowsOf(out.transactions, dataset.dictionary.tokens),
  };
  const leaves = out.partitions.filter((p) => p.count !== undefined && p.split === undefined).length;
  return {
    release,
    audit: { trueCounts: out.trueCounts, counts: out.partitions.map((p) => p.count ?? 0) },
    notes: {
      taxonomy: description,
      splits: out.splits,
      'leaf partitions': leaves,
      'ε spent (ledger)': Number(epsilonText(out.budget.ledger().total, params.epsilon)),
      noise: ctx.noise.seeded ? `seeded (${ctx.noise.seed}): not for publication` : 'system randomness',
    },
  };
}

export const diffPartSpec = defineMethod({
  id: 'diffpart',
  label: 'DiffPart (ε-DP synthetic data)',
  paper: 'dp-notes.md §2',
  model: 'differential-privacy',
  releaseKind: 'transactions',
  needsSensitive: false,
  params: DIFFPART_PARAMS,
  run,
  teach: TEACHING,
  tools: {
    tree: {
      help: 'the taxonomy DiffPart partitions over (the given hierarchy or the built one), as the page draws it',
      run: (dataset, params) => hierarchyView(diffPartTaxonomy(dataset, params).hierarchy, dataset),
    },
  },
});
