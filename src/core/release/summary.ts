/**
 * A small summary of a release for the viewer (computed where the release is, in the worker, so the
 * page never walks the whole release): class sizes and the largest classes with their items.
 */
import { publishedRowCount } from './rowCount.ts';
import { topK } from '../base/topK.ts';
import type { Dataset } from '../data/dataset.ts';
import type { Audit, Release } from './types.ts';
import { dpView, type DpView } from './dpSummary.ts';
import { plainBuckets, type PlainBucket } from './plainRelease.ts';
import { plainClusters, type PlainCluster } from './disassociated.ts';
import { rowCount, rowTokens } from './tokenRows.ts';
import { compareTokens } from '../data/tokenOrder.ts';
import { publishedDataset } from './publishedRows.ts';
import { identicalRows } from './identicalRows.ts';

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
  firstBuckets?: PlainBucket[];
  /** disassociated: the first clusters as published (at most 20), and how many record chunks in all. */
  firstClusters?: PlainCluster[];
  recordChunks?: number;
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
    const { start } = release.groups;
    for (let g = 0; g + 1 < start.length; g++) {
      const size = start[g + 1] - start[g];
      sizes.set(size, (sizes.get(size) ?? 0) + 1);
    }
    return {
      kind: release.kind,
      rows: start[start.length - 1],
      classes: start.length - 1,
      sizeHistogram: [...sizes].sort((a, b) => a[0] - b[0]),
      topClasses: [],
    };
  }
  if (release.kind === 'disassociated') {
    const sizes = new Map<number, number>();
    const table = release.clusters;
    for (const size of table.rows) sizes.set(size, (sizes.get(size) ?? 0) + 1);
    return {
      kind: release.kind,
      rows: publishedRowCount(release),
      classes: table.rows.length,
      sizeHistogram: [...sizes].sort((a, b) => a[0] - b[0]),
      topClasses: [],
      firstClusters: plainClusters(table, 0, Math.min(20, table.rows.length)),
      recordChunks: table.chunkStart[table.rows.length],
    };
  }
  if (release.kind === 'buckets') {
    const sizes = new Map<number, number>();
    for (const size of release.buckets.size) sizes.set(size, (sizes.get(size) ?? 0) + 1);
    return {
      kind: release.kind,
      rows: publishedRowCount(release),
      classes: release.buckets.size.length,
      sizeHistogram: [...sizes].sort((a, b) => a[0] - b[0]),
      topClasses: [],
      columns: release.columns,
      firstBuckets: plainBuckets(release.buckets, 0, Math.min(20, release.buckets.size.length)),
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
  const identical = identicalRows(published);
  const classes = identical.first.map((first, c) => ({ first, size: identical.size[c] }));
  const sizes = new Map<number, number>();
  for (const c of classes) sizes.set(c.size, (sizes.get(c.size) ?? 0) + 1);
  return {
    kind: release.kind,
    rows: rowCount(release.transactions),
    classes: classes.length,
    sizeHistogram: [...sizes].sort((a, b) => a[0] - b[0]),
    topClasses: topK(
      classes,
      limit,
      (a, b) => b.size - a.size || published.rowLength(b.first) - published.rowLength(a.first),
    ).map((c) => ({ size: c.size, items: rowTokens(release.transactions, c.first).sort(compareTokens) })),
    ...mapping,
  };
}
