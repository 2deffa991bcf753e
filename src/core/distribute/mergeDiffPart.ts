/**
 * DiffPart releases of disjoint parts merged into one (issue 35; Chen et al. 2011 Sec. 4; McSherry
 * 2009 Thm. 4): the parts' synthetic rows concatenated; their partition trees one after the other
 * (parents and charges renumbered), each starting at its root; their ledgers composed in parallel
 * (dp/parallelLedger.ts: part i's charges under scope `part<i>`, each part's ε stated, the whole's
 * the largest); the audits' true sizes concatenated in the same order. Sound only when every row's
 * part was chosen from that row alone (the item-hash split, keyed by the header's seed, which the
 * ledger names and the verifier recomputes) and every part ran on the one public taxonomy the
 * header's params give (the command passes it to every part).
 */
import { composeInParallel } from '../dp/parallelLedger.ts';
import type { NoiseNote } from '../dp/noise.ts';
import type { PlainAudit, PlainRelease } from '../release/plainRelease.ts';
import type { DiffPartPartition, ReleaseHeader } from '../release/types.ts';

type TransactionsRelease = Extract<PlainRelease, { kind: 'transactions' }>;

export interface DiffPartPart {
  release: TransactionsRelease;
  audit: PlainAudit;
}

export function mergeDiffPart(
  header: ReleaseHeader,
  parts: readonly DiffPartPart[],
  split: string,
): { release: TransactionsRelease; audit: PlainAudit } {
  const ledgers = parts.map((p, i) => {
    if (!p.release.ledger || !p.release.partitions)
      throw new Error(`partition ${i}'s release is not DiffPart's: no ledger or partitions`);
    return p.release.ledger;
  });
  const { ledger, firstEntry } = composeInParallel(ledgers, split, header.seed);
  const partitions: DiffPartPartition[] = [];
  const trueCounts: number[] = [];
  const counts: number[] = [];
  parts.forEach((p, i) => {
    const offset = partitions.length;
    for (const q of p.release.partitions!)
      partitions.push({
        ...q,
        parent: q.parent === -1 ? -1 : q.parent + offset,
        ...(q.charge !== undefined && { charge: q.charge + firstEntry[i] }),
      });
    const audit = p.audit as { trueCounts?: number[]; counts?: number[] };
    if (!audit.trueCounts || !audit.counts)
      throw new Error(`partition ${i}'s audit holds no true sizes or drawn counts`);
    trueCounts.push(...audit.trueCounts);
    counts.push(...audit.counts);
  });
  const release: TransactionsRelease = {
    ...header,
    noise: mergedNoise(
      parts.map((p) => p.release.noise!),
      header.seed,
    ),
    ledger,
    kind: 'transactions',
    partitions,
    transactions: parts.flatMap((p) => p.release.transactions),
  };
  return { release, audit: { trueCounts, counts } };
}

/** The parts' noise as one note: all from the system, or all from seeds derived from the run's. */
function mergedNoise(notes: readonly NoiseNote[], seed: number): NoiseNote {
  if (notes.every((n) => n.source === 'system')) return notes[0];
  if (!notes.every((n) => n.source === 'seed'))
    throw new Error('some partitions drew seeded noise and others system randomness');
  return {
    source: 'seed',
    reproducible: true,
    note: `noise of each of the ${notes.length} partitions drawn from its own seed, derived from seed ${seed} and the partition's number: reproducible, for exploration only, NOT for publication (anyone with the seed can redraw the noise and remove it)`,
  };
}
