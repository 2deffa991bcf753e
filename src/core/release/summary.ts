/**
 * A small summary of a release for the viewer (computed where the release is, in the worker, so the
 * page never walks the whole release): class sizes and the largest classes with their items.
 */
import { publishedRowCount } from './rowCount.ts';
import { topK } from '../base/topK.ts';
import type { Dataset } from '../data/dataset.ts';
import type { Audit, BucketsRelease, Release } from './types.ts';
import { dpView, type DpView } from './dpSummary.ts';
import { compareTokens } from '../data/tokenOrder.ts';
import { publishedDataset } from './publishedRows.ts';
import { rowHamming } from '../data/rowDistance.ts';

export interface ReleaseSummary {
  kind: Release['kind'];
  rows: number;
  /** Equivalence classes / groups / buckets. */
  classes: number;
  /** [size, how many classes have that size], ascending by size (itemsets: by their length). */
  sizeHistogram: [number, number][];
  /** The largest classes first (at most `limit`), with their published items. */
  topClasses: { size: number; items: string[] }[];
  /** generalized: the item mapping (generalized items, largest first, cut at 500) and the suppressed items. */
  generalizedItems?: { label: string; items: string[] }[];
  suppressed?: string[];
  /** buckets: the item partition and the first buckets as published. */
  columns?: string[][];
  firstBuckets?: BucketsRelease['buckets'];
  /** differential-privacy releases: noise, ledger and what the noisy counts published (dpSummary.ts). */
  dp?: DpView;
}

export function summarizeRelease(
  input: Dataset,
  release: Release,
  audit?: Audit,
  limit = 200,
): ReleaseSummary {
  const dp = dpView(release, audit);
  return dp ? { ...summarizeKind(input, release, limit), dp } : summarizeKind(input, release, limit);
}

function summarizeKind(input: Dataset, release: Release, limit: number): ReleaseSummary {
  if (release.kind === 'itemsets') {
    const lengths = new Map<number, number>();
    for (const s of release.itemsets) lengths.set(s.items.length, (lengths.get(s.items.length) ?? 0) + 1);
    return {
      kind: release.kind,
      rows: release.itemsets.length,
      classes: release.itemsets.length,
      sizeHistogram: [...lengths].sort((a, b) => a[0] - b[0]),
      topClasses: [],
    };
  }
  if (release.kind === 'groups') {
    const sizes = new Map<number, number>();
    for (const g of release.groups) sizes.set(g.qid.length, (sizes.get(g.qid.length) ?? 0) + 1);
    return {
      kind: release.kind,
      rows: release.groups.reduce((sum, g) => sum + g.qid.length, 0),
      classes: release.groups.length,
      sizeHistogram: [...sizes].sort((a, b) => a[0] - b[0]),
      topClasses: [],
    };
  }
  if (release.kind === 'buckets') {
    const sizes = new Map<number, number>();
    for (const b of release.buckets) sizes.set(b.size, (sizes.get(b.size) ?? 0) + 1);
    return {
      kind: release.kind,
      rows: publishedRowCount(release),
      classes: release.buckets.length,
      sizeHistogram: [...sizes].sort((a, b) => a[0] - b[0]),
      topClasses: [],
      columns: release.columns,
      firstBuckets: release.buckets.slice(0, 20),
    };
  }
  const mapping =
    release.kind === 'generalized'
      ? {
          generalizedItems: Object.entries(release.generalized)
            .map(([label, items]) => ({ label, items }))
            .sort((a, b) => b.items.length - a.items.length)
            .slice(0, 500),
          suppressed: release.suppressed,
        }
      : {};
  const published = publishedDataset(input, release.transactions);
  const classes = classesOfIdenticalRows(published);
  const sizes = new Map<number, number>();
  for (const c of classes) sizes.set(c.size, (sizes.get(c.size) ?? 0) + 1);
  return {
    kind: release.kind,
    rows: release.transactions.length,
    classes: classes.length,
    sizeHistogram: [...sizes].sort((a, b) => a[0] - b[0]),
    topClasses: topK(
      classes,
      limit,
      (a, b) => b.size - a.size || published.rowLength(b.first) - published.rowLength(a.first),
    ).map((c) => ({ size: c.size, items: [...release.transactions[c.first]].sort(compareTokens) })),
    ...mapping,
  };
}

/**
 * Classes of identical rows, in order of their first row: rows compared by their sorted item ids
 * (publishedRows.ts), found through a hash of the ids (no string key per row).
 */
function classesOfIdenticalRows(published: Dataset): { size: number; first: number }[] {
  const classes: { size: number; first: number }[] = [];
  const byHash = new Map<number, number[]>(); // hash -> indexes into classes
  const { offsets, items } = published;
  for (let p = 0; p < published.n; p++) {
    let hash = 0x811c9dc5 ^ (offsets[p + 1] - offsets[p]);
    for (let i = offsets[p]; i < offsets[p + 1]; i++) hash = Math.imul(hash ^ items[i], 0x01000193);
    const candidates = byHash.get(hash);
    const found = candidates?.find((c) => rowHamming(published, classes[c].first, p) === 0);
    if (found !== undefined) classes[found].size++;
    else {
      if (candidates) candidates.push(classes.length);
      else byHash.set(hash, [classes.length]);
      classes.push({ size: 1, first: p });
    }
  }
  return classes;
}
