/**
 * Dataset characteristics (the columns of ../shared/data/README.md and the CLI `stats` command)
 * and the summaries the overview charts draw: item supports, top items, the rank-frequency curve
 * and the transaction-length histogram. All O(total items).
 */
import type { Dataset } from './dataset.ts';

export interface DatasetStats {
  transactions: number;
  items: number;
  maxLength: number;
  avgLength: number;
  /** Share of ones in the n x d matrix: total items / (n * d). */
  density: number;
  /** Transactions with no item. */
  empty: number;
}

export function datasetStats(dataset: Dataset): DatasetStats {
  const n = dataset.n;
  const d = dataset.d;
  let maxLength = 0;
  let empty = 0;
  for (let r = 0; r < n; r++) {
    const length = dataset.rowLength(r);
    if (length > maxLength) maxLength = length;
    if (length === 0) empty++;
  }
  const total = dataset.items.length;
  return {
    transactions: n,
    items: d,
    maxLength,
    avgLength: n === 0 ? 0 : total / n,
    density: n === 0 || d === 0 ? 0 : total / (n * d),
    empty,
  };
}

const supportsOf = new WeakMap<Dataset, Uint32Array>();

/**
 * Support (number of transactions) of every item id, counted once per dataset (datasets never change; a run asked for
 * them five times, a pass over 100 million items each on the Netflix shape). Read-only.
 */
export function itemSupports(dataset: Dataset): Uint32Array {
  let supports = supportsOf.get(dataset);
  if (!supports) {
    supports = new Uint32Array(dataset.d);
    for (let k = 0; k < dataset.items.length; k++) supports[dataset.items[k]]++;
    supportsOf.set(dataset, supports);
  }
  return supports;
}

export interface ItemSupport {
  token: string;
  support: number;
}

/** The `count` most frequent items, most frequent first (ties by id). */
export function topItems(dataset: Dataset, supports: Uint32Array, count: number): ItemSupport[] {
  const ids = Array.from(supports.keys()).sort((a, b) => supports[b] - supports[a] || a - b);
  return ids.slice(0, count).map((id) => ({ token: dataset.dictionary.token(id), support: supports[id] }));
}

/**
 * Points [rank, support] of the rank-frequency curve (rank 1 = most frequent), thinned to about
 * `maxPoints` ranks spaced evenly on a log axis, always keeping the first and the last rank.
 */
export function rankFrequency(supports: Uint32Array, maxPoints = 200): [number, number][] {
  const sorted = Array.from(supports)
    .filter((s) => s > 0)
    .sort((a, b) => b - a);
  const n = sorted.length;
  if (n <= maxPoints) return sorted.map((s, i) => [i + 1, s]);
  const points: [number, number][] = [];
  let lastRank = 0;
  for (let p = 0; p < maxPoints; p++) {
    const rank = Math.round(Math.exp((Math.log(n) * p) / (maxPoints - 1)));
    if (rank > lastRank) {
      points.push([rank, sorted[rank - 1]]);
      lastRank = rank;
    }
  }
  return points;
}

export interface LengthBin {
  /** Smallest length in the bin. */
  from: number;
  /** Largest length in the bin. */
  to: number;
  count: number;
}

/** Histogram of transaction lengths in at most `maxBins` bins of equal integer width. */
export function lengthHistogram(dataset: Dataset, maxBins = 60): LengthBin[] {
  let maxLength = 0;
  for (let r = 0; r < dataset.n; r++) maxLength = Math.max(maxLength, dataset.rowLength(r));
  const width = Math.max(1, Math.ceil((maxLength + 1) / maxBins));
  const bins: LengthBin[] = [];
  for (let from = 0; from <= maxLength; from += width)
    bins.push({ from, to: Math.min(maxLength, from + width - 1), count: 0 });
  for (let r = 0; r < dataset.n; r++) bins[Math.floor(dataset.rowLength(r) / width)].count++;
  return bins;
}
