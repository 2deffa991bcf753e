/**
 * `disassociation`: Terrovitis, Liagouris, Mamoulis, Skiadopoulos, "Privacy preservation by
 * disassociation" (PVLDB 5(10), 2012): every item published as it is, no generalization, no
 * suppression; the rows split into clusters (HORPART, horpart.ts) and each cluster into
 * k^m-anonymous record chunks and a term chunk (VERPART, verpart.ts), whose sub-records are
 * shuffled apart so that an attacker who knows m items of a person cannot tell which sub-records
 * of the other chunks are theirs. `--safe` adds safe disassociation's partial suppression against
 * the cover problem (arXiv 1904.03112; safeCovers.ts, release/covers.ts). Publishes a
 * `disassociated` release (release/disassociated.ts), checked by verifyDisassociated.ts.
 */
import type { Dataset } from '../../data/dataset.ts';
import { InputError } from '../../base/errors.ts';
import type { DisassociatedRelease } from '../../release/disassociated.ts';
import { defineMethod, type ParamValues, type RunContext } from '../types.ts';
import { disassociate } from './disassociate.ts';
import { disassociationSteps } from './disassociationSteps.ts';
import { TEACHING } from '../shared/teachingSize.ts';

const DISASSOCIATION_PARAMS = [
  {
    name: 'k',
    type: 'int',
    default: 5,
    min: 2,
    atMost: { of: 'rows' },
    help: 'every itemset of up to m items of a record chunk that occurs occurs in at least k of its sub-records',
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
    name: 'maxCluster',
    type: 'int',
    default: 30,
    min: 4,
    help: 'HORPART stops splitting a part of at most this many rows (at least 2k - 1)',
  },
  {
    name: 'safe',
    type: 'boolean',
    default: false,
    help: 'safe disassociation: suppress occurrences so that no itemset over several chunks is forced into fewer than k rows (the cover problem)',
  },
] as const;
type DisassociationParams = ParamValues<typeof DISASSOCIATION_PARAMS>;

function run(dataset: Dataset, params: DisassociationParams, ctx: RunContext) {
  const { k, m, maxCluster, safe } = params;
  if (maxCluster < 2 * k - 1)
    throw new InputError(
      `disassociation: maxCluster (${maxCluster}) needs at least 2k - 1 = ${2 * k - 1} rows, so that HORPART's clusters can hold k rows each`,
    );
  const steps = ctx.recorder.on ? disassociationSteps(dataset, params, ctx.recorder) : undefined;
  const result = disassociate(dataset, { k, m, maxCluster, safe }, ctx.rng, ctx.progress, steps?.watch);
  const release: DisassociatedRelease = {
    ...ctx.header,
    params: { k, m, maxCluster, safe },
    kind: 'disassociated',
    clusters: result.clusters,
  };
  const occurrences = dataset.offsets[dataset.n];
  return {
    release,
    audit: result.audit,
    notes: {
      clusters: result.clusters.rows.length,
      'record chunks': result.clusters.chunkItems.offsets.length - 1,
      'item occurrences in record chunks': result.inRecordChunks,
      'share of occurrences in record chunks': Number(
        (result.inRecordChunks / Math.max(1, occurrences)).toFixed(4),
      ),
      'items in term chunks (one per cluster)': result.termItems,
      ...(safe && { 'occurrences suppressed against covers': result.suppressed }),
    },
  };
}

export const disassociationSpec = defineMethod({
  id: 'disassociation',
  label: 'Disassociation (Terrovitis et al., record and term chunks)',
  paper: 'disassociation (PVLDB 2012)',
  model: 'disassociation',
  releaseKind: 'disassociated',
  needsSensitive: false,
  params: DISASSOCIATION_PARAMS,
  run,
  teach: TEACHING,
});
