/**
 * `kl`: reconstruction error (Ghinita Sec. 3.2, eq. 3-5; DESIGN.md sec. 5). A query picks a
 * sensitive item s (among those that occur) and r QID items, uniformly from the QID items with
 * support > 0. Over the 2^r cells (which of the r items a row holds), Act_C = occurrences of s in
 * C / occurrences of s; Est_C = sum over groups of a * b / |G| (eq. 4: a = count of s in G, b =
 * rows of G in cell C) over the same total. KL = sum over cells with Act_C > 0 of Act log(Act/Est);
 * the metric is the average over `queries` queries (default 10), with r = 4 by default.
 */
import type { Dataset } from '../data/dataset.ts';
import { itemSupports } from '../data/stats.ts';
import { createRng } from '../base/rng.ts';
import { ItemRows } from '../data/itemRows.ts';
import type { GroupsRelease } from '../release/types.ts';
import { groupsIndex } from './groupsIndex.ts';
import type { MetricSpec } from './types.ts';

export const DEFAULT_KL_QUERIES = 10;
export const DEFAULT_KL_R = 4;

/** The cell of row r: bit j set when it holds item j of the query (ids; -1 is never held). */
function cellOf(rows: ItemRows, r: number, query: readonly number[]): number {
  let cell = 0;
  for (let j = 0; j < query.length; j++) if (query[j] >= 0 && rows.rowHas(r, query[j])) cell |= 1 << j;
  return cell;
}

/**
 * KL-divergence of one query (s, q_1..q_r). Act walks the input rows holding s (their tid-list);
 * Est walks the published QID rows of the groups whose counts hold s (groupsIndex.ts), so a query
 * costs the rows involved, not the whole dataset.
 */
export function queryKl(
  dataset: Dataset,
  release: GroupsRelease,
  s: string,
  query: readonly string[],
): number {
  const cells = 1 << query.length;
  const actual = new Float64Array(cells);
  const input = ItemRows.of(dataset);
  const sId = dataset.dictionary.find(s);
  const inputQuery = query.map((t) => dataset.dictionary.find(t) ?? -1);
  const holders = sId === undefined ? new Uint32Array(0) : input.rowsOf(sId);
  for (const r of holders) actual[cellOf(input, r, inputQuery)]++;
  const total = holders.length;
  if (total === 0) return 0;
  const index = groupsIndex(dataset, release);
  const publishedQuery = query.map((t) => index.published.dictionary.find(t) ?? -1);
  const estimate = new Float64Array(cells);
  for (const g of index.groupsWith(s)) {
    const group = release.groups[g];
    const share = (group.sensitive[s] ?? 0) / group.qid.length;
    for (let p = index.start[g]; p < index.start[g + 1]; p++)
      estimate[cellOf(index.rows, p, publishedQuery)] += share;
  }
  let kl = 0;
  for (let c = 0; c < cells; c++) {
    if (actual[c] === 0) continue;
    const act = actual[c] / total;
    const est = estimate[c] / total;
    kl += act * Math.log(act / est);
  }
  return kl;
}

export function reconstructionError(
  dataset: Dataset,
  release: GroupsRelease,
  options: { seed: number; queries?: number; r?: number },
): number {
  const rng = createRng(options.seed);
  const supports = itemSupports(dataset);
  const sensitive = release.sensitive.filter((t) => (supports[dataset.dictionary.find(t) ?? -1] ?? 0) > 0);
  const sensitiveSet = new Set(release.sensitive);
  const qid = dataset.dictionary.tokens.filter((t, id) => supports[id] > 0 && !sensitiveSet.has(t));
  if (sensitive.length === 0 || qid.length === 0) return 0;
  const queries = options.queries ?? DEFAULT_KL_QUERIES;
  const r = Math.min(options.r ?? DEFAULT_KL_R, qid.length);
  let sum = 0;
  for (let q = 0; q < queries; q++) {
    const s = sensitive[rng.int(sensitive.length)];
    const items = rng.sample(qid.length, r).map((i) => qid[i]);
    sum += queryKl(dataset, release, s, items);
  }
  return sum / queries;
}

export const klMetric: MetricSpec = {
  id: 'kl',
  label: 'Reconstruction error (KL)',
  source: 'Ghinita, Kalnis, Tao, Sec. 3.2, eq. 3-5',
  description:
    'KL-divergence between the actual and the estimated distribution of a sensitive item over 2^r QID cells, averaged over queries. Lower is better; 0 is exact.',
  defaultOn: true,
  kinds: ['groups'],
  values: { kl: 'lower' },
  compute: (dataset, release, _audit, options) => ({
    kl: reconstructionError(dataset, release as GroupsRelease, options),
  }),
};
