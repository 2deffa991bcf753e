/**
 * Checks any release with its model's verifier (DESIGN.md sec. 4). Every release is checked before
 * it is shown or written; a kind without a verifier fails the check rather than pass unchecked.
 * A `differential-privacy` release is checked by its ledger and by replaying how its data follow
 * from its noisy counts (verifyDiffPart.ts, verifyPrivBayes.ts, verifyItemsets.ts).
 */
import type { Dataset } from '../data/dataset.ts';
import type { Audit, Release, Verification } from './types.ts';
import { verifyDiffPart } from './verifyDiffPart.ts';
import { verifyPrivBayes } from './verifyPrivBayes.ts';
import { verifyItemsets } from './verifyItemsets.ts';
import { verifyBuckets } from './verifyBuckets.ts';
import { verifyDisassociated } from './verifyDisassociated.ts';
import { verifyGroups } from './verifyGroups.ts';
import { verifyGeneralized } from './verifyGeneralized.ts';
import { verifyTransactions } from './verifyTransactions.ts';
import { verifyCoherence } from './verifyCoherence.ts';

export function verifyRelease(dataset: Dataset, release: Release, audit: Audit): Verification {
  if (release.model === 'differential-privacy' && release.kind === 'transactions') {
    if (!('trueCounts' in audit)) return broken('a synthetic DP release needs an audit with trueCounts');
    // A synthetic release says how its rows follow from its noise: a network (PrivBayes) or partitions (DiffPart).
    return release.network
      ? verifyPrivBayes(dataset, release, audit)
      : verifyDiffPart(dataset, release, audit);
  }
  if (release.model === 'hkp-coherence' && release.kind === 'transactions') {
    if (!('rowOf' in audit)) return broken('an hkp-coherence release needs an audit with rowOf');
    return verifyCoherence(dataset, release, audit);
  }
  switch (release.kind) {
    case 'transactions':
      if (!('rowOf' in audit)) return broken('a transactions release needs an audit with rowOf');
      return verifyTransactions(dataset, release, audit);
    case 'generalized':
      if (!('rowOf' in audit)) return broken('a generalized release needs an audit with rowOf');
      return verifyGeneralized(dataset, release, audit);
    case 'groups':
      if (!('groups' in audit)) return broken('a groups release needs an audit with groups');
      return verifyGroups(dataset, release, audit);
    case 'buckets':
      if (!('buckets' in audit)) return broken('a buckets release needs an audit with buckets');
      return verifyBuckets(dataset, release, audit);
    case 'itemsets':
      if (!('topK' in audit)) return broken('an itemsets release needs an audit with topK');
      return verifyItemsets(dataset, release, audit);
    case 'disassociated':
      if (!('subrecordOf' in audit)) return broken('a disassociated release needs an audit with subrecordOf');
      return verifyDisassociated(dataset, release, audit);
    default:
      return broken(`no verifier for releases of kind '${(release as Release).kind}'`);
  }
}

function broken(problem: string): Verification {
  return { verified: false, partitionComplete: false, problems: [problem] };
}
