/**
 * `privbayes` (model `differential-privacy`, release kind `transactions`): PrivBayes over items
 * (Zhang et al., SIGMOD 2014 / TODS 2017; privBayes.ts), synthetic baskets sampled from a Bayesian
 * network learnt and measured under ε-differential privacy (neighbours: one transaction added or
 * removed, or replaced when the row count is declared public). The release carries the ledger,
 * the noise's source and the noisy network (`network`), from which the verifier redraws the rows
 * (release/verifyPrivBayes.ts); the audit holds the true counts of the network's cells (never
 * published). `items`: the public item domain (dp/itemDomain.ts); without it, the data's items.
 */
import { count, epsilonText } from '../../base/format.ts';
import type { Dataset } from '../../data/dataset.ts';
import { noiseBits, noiseNote } from '../../dp/noise.ts';
import { ROW_COUNTS } from '../../dp/privBayesPlan.ts';
import { tokenRowsOf } from '../../release/tokenRows.ts';
import type { TransactionsRelease } from '../../release/types.ts';
import { EPSILON_PARAM } from '../shared/epsilonParam.ts';
import { ITEMS_TEXT_PARAM } from '../shared/itemsParam.ts';
import { defineMethod, type ParamValues, type RunContext } from '../types.ts';
import { privBayes } from './privBayes.ts';
import { PrivBayesSteps } from './privBayesSteps.ts';
import { TEACHING } from '../shared/teachingSize.ts';

const PRIVBAYES_PARAMS = [
  EPSILON_PARAM,
  {
    name: 'degree',
    type: 'int',
    default: 2,
    min: 1,
    max: 2,
    help: 'k, the most parents a node of the network has (its marginals hold k + 1 items; the paper’s degree)',
  },
  {
    name: 'maxItems',
    type: 'int',
    default: 100,
    min: 1,
    max: 200,
    help: 'at most this many items are modelled (fewer when the budget makes their marginals noisy: the paper’s θ-usefulness, θ = 4); the rest are dropped from the synthetic rows',
  },
  {
    name: 'cap',
    type: 'int',
    default: 10,
    min: 1,
    max: 1000,
    help: 'when the domain holds more items than are modelled: each row adds at most this many of its items (at random) to the noisy counts that choose them',
  },
  {
    name: 'rowCount',
    type: 'string',
    default: 'noised',
    choices: ROW_COUNTS,
    help: 'noised (ε/20, neighbours add or remove a row) or public (the input’s count is published: neighbours replace a row, every sensitivity doubles)',
  },
  ITEMS_TEXT_PARAM,
] as const;
type PrivBayesParams = ParamValues<typeof PRIVBAYES_PARAMS>;

function run(dataset: Dataset, params: PrivBayesParams, ctx: RunContext) {
  const out = privBayes(dataset, params, noiseBits(ctx.noise), ctx.rng.nextU32(), {
    progress: (f, phase) => ctx.progress(f, phase),
    ...(ctx.recorder.on && {
      record: (budget) => new PrivBayesSteps(ctx.recorder, dataset, budget, ctx.noise, params.degree),
    }),
  });
  const release: TransactionsRelease = {
    ...ctx.header,
    noise: noiseNote(ctx.noise),
    ledger: out.budget.ledger(),
    kind: 'transactions',
    network: out.network,
    transactions: tokenRowsOf(out.rows),
  };
  return {
    release,
    audit: { trueCounts: out.trueCounts },
    notes: {
      'items modelled': `${out.network.nodes.length} of ${count(out.domain.size)} (${out.domain.public ? 'public domain' : "the data's items"})`,
      'rows published': `${count(out.network.rows)} (${out.network.rowCount === 'public' ? 'declared public' : 'noised'}; input ${count(dataset.n)})`,
      'ε spent (ledger)': Number(epsilonText(out.budget.ledger().total, params.epsilon)),
      noise: ctx.noise.seeded ? `seeded (${ctx.noise.seed}): not for publication` : 'system randomness',
    },
  };
}

export const privBayesSpec = defineMethod({
  id: 'privbayes',
  label: 'PrivBayes (ε-DP synthetic baskets)',
  paper: 'privbayes',
  model: 'differential-privacy',
  releaseKind: 'transactions',
  needsSensitive: false,
  params: PRIVBAYES_PARAMS,
  run,
  teach: TEACHING,
});
