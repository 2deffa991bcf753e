/**
 * `coat`: COAT (Loukides, Gkoulalas-Divanis, Malin, "Towards Utility-driven Anonymization of
 * Transactions"; coatAlgorithm.ts). Privacy constraints: every m-itemset that occurs (k^m mode,
 * `m` > 0) or those given in `constraints` (JSON or CSV text, e.g. from Pgen); utility constraints:
 * those in `utility`, else groups of `group` consecutive items (0: all items in one). Publishes a
 * `generalized` release: generalized items as labels `(a,b)`, suppressed items removed, rows
 * shuffled; the audit keeps the constraints, which the verifier checks.
 */
import type { Dataset } from '../../data/dataset.ts';
import { releaseHeader } from '../../release/header.ts';
import { mappedRows } from '../shared/mappedRows.ts';
import type { GeneralizedRelease } from '../../release/types.ts';
import type { GeneralizedAudit } from '../../release/verifyGeneralized.ts';
import { MethodInputError, type MethodParams, type MethodSpec, type RunContext } from '../types.ts';
import { coat } from './coatAlgorithm.ts';
import {
  checkPartitionOfItems,
  consecutiveUtility,
  kmConstraints,
  parseItemsets,
  toItemIds,
} from './constraints.ts';

export function generalizedLabel(tokens: readonly string[]): string {
  return tokens.length === 1 ? tokens[0] : `(${tokens.join(',')})`;
}

/** The privacy and utility constraints a run uses, as item ids. */
export function runConstraints(
  dataset: Dataset,
  params: MethodParams,
): { privacy: number[][]; utility: number[][] } {
  const m = Number(params.m);
  const text = String(params.constraints ?? '');
  if (m <= 0 && text.trim() === '')
    throw new MethodInputError('coat needs --m (k^m mode) or --constraints FILE (privacy constraints)');
  const privacy =
    m > 0 ? kmConstraints(dataset, m) : toItemIds(dataset, parseItemsets(text, 'constraints'), 'constraints');
  const utilityText = String(params.utility ?? '');
  const utility = utilityText.trim()
    ? toItemIds(dataset, parseItemsets(utilityText, 'utility'), 'utility')
    : consecutiveUtility(dataset.d, Number(params.group));
  checkPartitionOfItems(dataset, utility, 'utility');
  return { privacy, utility };
}

function run(dataset: Dataset, params: MethodParams, ctx: RunContext) {
  const k = Number(params.k);
  const { privacy, utility } = runConstraints(dataset, params);
  ctx.progress(0.1, 'constraints');
  const result = coat(dataset, privacy, utility, k, Number(params.s));
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
    ...releaseHeader(coatSpec, dataset, params, ctx),
    params: { k, m: Number(params.m), s: Number(params.s), group: Number(params.group) },
    kind: 'generalized',
    generalized,
    suppressed: result.suppressed.map(token),
    transactions,
  };
  const audit: GeneralizedAudit = {
    rowOf,
    ...(Number(params.m) > 0 ? {} : { constraints: privacy.map((c) => c.map(token)) }),
    utility: utility.map((u) => u.map(token)),
  };
  return {
    release,
    audit,
    notes: {
      'privacy constraints': privacy.length,
      'generalized items': Object.keys(generalized).length,
      'items generalized': Object.values(generalized).reduce((s, g) => s + g.length, 0),
      'items suppressed': result.suppressed.length,
      steps: result.steps.length,
    },
  };
}

export const coatSpec: MethodSpec = {
  id: 'coat',
  label: 'COAT (privacy and utility constraints)',
  paper: '002_756e2aba8234532b.txt',
  model: 'constraints',
  releaseKind: 'generalized',
  needsSensitive: false,
  params: [
    {
      name: 'k',
      type: 'int',
      default: 5,
      min: 2,
      help: 'every protected itemset is supported by at least k transactions (or none)',
    },
    {
      name: 'm',
      type: 'int',
      default: 2,
      min: 0,
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
  ],
  run,
};
