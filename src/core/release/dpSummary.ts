/**
 * What the page shows of a `differential-privacy` release beside its kind's view (computed in the
 * worker that holds the release and its audit): the noise's source, the ledger (its total, its
 * charges by mechanism and the first entries), and per method what the noisy counts published
 * against the truth the audit holds: PrivBasis's itemsets with their noisy and true supports and
 * the true top k it missed; DiffPart's partitions and its largest leaf partitions, noisy and true.
 * The true figures are the analyst's own (the audit is never published).
 */
import type { Ledger, Mechanism } from '../dp/ledger.ts';
import type { NoiseNote } from '../dp/noise.ts';
import { compareTokens } from '../data/tokenOrder.ts';
import type { Audit, Release } from './types.ts';

/** Ledger entries the page lists (a DiffPart ledger holds one or two per split). */
const LISTED_ENTRIES = 100;
const LISTED_PARTITIONS = 100;

export interface DpView {
  noise: NoiseNote;
  ledger: Omit<Ledger, 'entries'> & {
    entries: Ledger['entries'];
    /** All entries, counted by mechanism, with their epsilon summed (sequential sum, for reading). */
    byMechanism: { mechanism: Mechanism; count: number }[];
    entryCount: number;
  };
  itemsets?: { items: string[]; support: number; trueSupport: number; inTopK: boolean }[];
  /** The true top k that the release missed, with their true supports. */
  missed?: { items: string[]; support: number }[];
  /** DiffPart: the taxonomy nodes its splits expanded. */
  expanded?: string[];
  partitions?: {
    count: number;
    leaves: number;
    splits: number;
    largestLeaves: { items: string[]; count: number; trueCount: number }[];
  };
}

export function dpView(release: Release, audit?: Audit): DpView | undefined {
  if (release.model !== 'differential-privacy' || !release.ledger || !release.noise) return undefined;
  const { ledger } = release;
  const counts = new Map<Mechanism, number>();
  for (const e of ledger.entries) counts.set(e.mechanism, (counts.get(e.mechanism) ?? 0) + 1);
  const view: DpView = {
    noise: release.noise,
    ledger: {
      epsilon: ledger.epsilon,
      total: ledger.total,
      entries: ledger.entries.slice(0, LISTED_ENTRIES),
      entryCount: ledger.entries.length,
      byMechanism: [...counts].map(([mechanism, count]) => ({ mechanism, count })),
    },
  };
  const key = (items: readonly string[]) => [...items].sort(compareTokens).join('\u0000');
  if (release.kind === 'itemsets' && audit && 'topK' in audit) {
    const top = new Set(audit.topK.map((s) => key(s.items)));
    const published = new Set(release.itemsets.map((s) => key(s.items)));
    view.itemsets = release.itemsets.map((s, i) => ({
      items: s.items,
      support: s.support,
      trueSupport: audit.published[i],
      inTopK: top.has(key(s.items)),
    }));
    view.missed = audit.topK.filter((s) => !published.has(key(s.items)));
  }
  if (release.kind === 'transactions' && release.partitions) {
    const partitions = release.partitions;
    const trueCounts = audit && 'trueCounts' in audit ? audit.trueCounts : undefined;
    const leaves = partitions.map((p, i) => ({ p, i })).filter(({ p, i }) => i > 0 && p.split === undefined);
    view.expanded = [...new Set(partitions.flatMap((p) => (p.split === undefined ? [] : [p.split])))];
    view.partitions = {
      count: partitions.length,
      leaves: leaves.length,
      splits: partitions.filter((p) => p.split !== undefined).length,
      largestLeaves: leaves
        .sort((a, b) => (b.p.count ?? 0) - (a.p.count ?? 0))
        .slice(0, LISTED_PARTITIONS)
        .map(({ p, i }) => ({
          items: [...p.cut].sort(compareTokens),
          count: p.count ?? 0,
          trueCount: trueCounts?.[i] ?? 0,
        })),
    };
  }
  return view;
}
