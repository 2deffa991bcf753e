/**
 * `privbasis` (model `differential-privacy`, release kind `itemsets`): Li et al.'s PrivBasis (PVLDB
 * 5(11) 2012; privBasis.ts), the top-k frequent itemsets with noisy supports under ε-differential
 * privacy (neighbours: one transaction added or removed). The release carries the ledger, the
 * noise's source and the DP choices the itemsets follow from (release/itemsets.ts); the audit holds
 * the true supports of the published itemsets and the true top k (never published).
 */
import { PrivBasisSteps } from './privBasisSteps.ts';
import { TEACHING } from '../shared/teachingSize.ts';
import { epsilonText } from '../../base/format.ts';
import type { Dataset } from '../../data/dataset.ts';
import { noiseBits, noiseNote } from '../../dp/noise.ts';
import type { ItemsetsRelease } from '../../release/itemsets.ts';
import { itemsetsAudit } from '../../release/itemsetsAudit.ts';
import { EPSILON_PARAM } from '../shared/epsilonParam.ts';
import { ITEMS_TEXT_PARAM } from '../shared/itemsParam.ts';
import { defineMethod, type ParamValues, type RunContext } from '../types.ts';
import { privBasis } from './privBasis.ts';

const PRIVBASIS_PARAMS = [
  EPSILON_PARAM,
  {
    name: 'k',
    type: 'int',
    default: 50,
    min: 1,
    max: 1000,
    help: 'how many of the most frequent itemsets to publish, with their noisy supports',
  },
  ITEMS_TEXT_PARAM,
] as const;
type PrivBasisParams = ParamValues<typeof PRIVBASIS_PARAMS>;

function run(dataset: Dataset, params: PrivBasisParams, ctx: RunContext) {
  const out = privBasis(
    dataset,
    params,
    noiseBits(ctx.noise),
    ctx.recorder.on
      ? (budget, support) => new PrivBasisSteps(ctx.recorder, dataset, budget, ctx.noise, support)
      : undefined,
  );
  const release: ItemsetsRelease = {
    ...ctx.header,
    noise: noiseNote(ctx.noise),
    ledger: out.budget.ledger(),
    kind: 'itemsets',
    itemsets: out.itemsets,
    basis: out.basis,
  };
  return {
    release,
    audit: itemsetsAudit(dataset, release, params.k),
    notes: {
      λ: out.basis.lambda,
      'pairs (λ2)': out.basis.pairs.length,
      bases: out.basis.bases.length,
      'longest basis': Math.max(...out.basis.bases.map((b) => b.length)),
      'ε spent (ledger)': Number(epsilonText(out.budget.ledger().total, params.epsilon)),
      noise: ctx.noise.seeded ? `seeded (${ctx.noise.seed}): not for publication` : 'system randomness',
    },
  };
}

export const privBasisSpec = defineMethod({
  id: 'privbasis',
  label: 'PrivBasis (ε-DP top-k itemsets)',
  paper: 'dp-notes.md §3',
  model: 'differential-privacy',
  releaseKind: 'itemsets',
  needsSensitive: false,
  params: PRIVBASIS_PARAMS,
  run,
  teach: TEACHING,
});
