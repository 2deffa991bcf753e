/**
 * `hkp-coherence`: (h,k,p)-coherence by suppression of public items (Xu, Wang, Fung, Yu,
 * "Anonymizing transaction databases for publication", KDD 2008). The private items are the run's
 * sensitive items (`--sensitive`, `--sensitive-top`, ...), every other item is public. The greedy
 * of Sec. 4 (greedy.ts: minimal moles, size-1 moles first, then the MOLE-tree and the best
 * MM(e)/IL(e) until no mole remains) chooses the public items to suppress; the release publishes
 * every input row (kind `transactions`, one published row per input row, rows shuffled) with those
 * items taken out of every row that holds them, private items all kept. A recorded run draws each
 * step (hkpSteps.ts).
 */
import type { Dataset } from '../../data/dataset.ts';
import { checkMemory } from '../../base/memoryBudget.ts';
import type { TransactionsRelease } from '../../release/types.ts';
import { mappedRows } from '../shared/mappedRows.ts';
import { TEACHING } from '../shared/teachingSize.ts';
import { defineMethod, type ParamValues, type RunContext } from '../types.ts';
import { greedyCoherence, INFORMATION_LOSSES } from './greedy.ts';
import { HkpSteps } from './hkpSteps.ts';

const HKP_PARAMS = [
  {
    name: 'h',
    type: 'number',
    default: 0.5,
    min: 0.001,
    max: 1,
    help: 'a fraction in (0, 1]: of the rows holding any p public items, at most this share may hold one private item',
  },
  {
    name: 'k',
    type: 'int',
    default: 5,
    min: 1,
    help: 'every combination of up to p public items is held by at least k rows, or by none',
  },
  {
    name: 'p',
    type: 'int',
    default: 2,
    min: 1,
    max: 4,
    atMost: { of: 'longest-row' },
    help: 'the attacker knows at most p public items of a row',
  },
  {
    name: 'il',
    type: 'string',
    default: 'support',
    choices: INFORMATION_LOSSES,
    help: "IL(e), the loss of suppressing item e in the greedy's score MM(e)/IL(e): support (occurrences deleted) or one (each item 1)",
  },
  {
    name: 'restore',
    type: 'boolean',
    default: true,
    help: 'after the greedy, publish again each suppressed item that no minimal mole needs (not in the paper; false: the greedy alone)',
  },
] as const;
type HkpParams = ParamValues<typeof HKP_PARAMS>;

function run(dataset: Dataset, params: HkpParams, ctx: RunContext) {
  const { h, k, p, il, restore } = params;
  const levels = { h, k, p };
  const isPrivate = new Uint8Array(dataset.d);
  for (const id of ctx.sensitive) isPrivate[id] = 1;
  const occurrences = dataset.offsets[dataset.n];
  const privates = ctx.sensitive.length;
  // Level 1 and 2's counts per private item, the rows cut to F_1 with their tid-lists and cursors.
  const bytes = 8 * dataset.d * privates + 12 * occurrences + 16 * dataset.n + 12 * dataset.d;
  checkMemory(
    bytes,
    ctx.memoryBudget,
    `(h,k,p)-coherence's counts over ${dataset.n} rows (${occurrences} item occurrences, ${privates} private items)`,
  );
  const steps = ctx.recorder.on ? new HkpSteps(ctx.recorder, dataset, isPrivate, levels) : undefined;
  const result = greedyCoherence(
    { offsets: dataset.offsets, ids: dataset.items, d: dataset.d, isPrivate },
    levels,
    il,
    restore,
    steps,
    ctx.progress,
  );
  const { suppressed, search } = result;
  const token = (id: number) => dataset.dictionary.token(id);
  const { rowOf, transactions } = mappedRows(
    dataset,
    (id) => (suppressed[id] === 1 ? null : token(id)),
    ctx.rng,
  );
  const release: TransactionsRelease = {
    ...ctx.header,
    params: { h, k, p, il, restore },
    kind: 'transactions',
    transactions,
  };
  let lost = 0;
  let items = 0;
  for (let id = 0; id < dataset.d; id++)
    if (suppressed[id] === 1) {
      items++;
      lost += search.supports[id];
    }
  return {
    release,
    audit: { rowOf },
    notes: {
      'private items': privates,
      'minimal moles by size': search.moles.map((l) => l.count).join(' / '),
      'extendible non-moles by size': search.extendible.join(' / '),
      'size-1 moles suppressed': result.sizeOne.length,
      'items suppressed by the greedy': result.choices.length,
      'items published again after the greedy': result.restored.length,
      'public items suppressed': items,
      'occurrences suppressed': lost,
      'share of occurrences suppressed': Number((lost / Math.max(1, occurrences)).toFixed(6)),
      'MOLE-tree nodes': result.treeNodes,
    },
  };
}

export const hkpCoherenceSpec = defineMethod({
  id: 'hkp-coherence',
  label: '(h,k,p)-coherence (Xu et al., suppression of public items)',
  paper: 'xu-kdd2008',
  model: 'hkp-coherence',
  releaseKind: 'transactions',
  needsSensitive: true,
  params: HKP_PARAMS,
  run,
  teach: TEACHING,
});
