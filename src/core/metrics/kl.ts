/**
 * `kl`: reconstruction error (Ghinita Sec. 3.2, eq. 3-5; DESIGN.md sec. 5). A query picks a
 * sensitive item s (among those that occur) and r QID items, uniformly from the QID items with
 * support > 0. Over the 2^r cells (which of the r items a row holds), Act_C = occurrences of s in
 * C / occurrences of s; Est_C = sum over groups of a * b / |G| (eq. 4: a = count of s in G, b =
 * rows of G in cell C) over the same total. KL = sum over cells with Act_C > 0 of Act log(Act/Est).
 * The metric is the mean over `queries` queries (default 200; the paper's 10 cannot rank Gray+CAHD
 * against RCM+CAHD on BMS1), r = 4 by default, with `kl_se` its standard error over the queries.
 *
 * The queries come from the dataset, the sensitive items and the seed alone (sampling.ts), so every
 * method of one seed is measured on the same queries. KL is never negative: Est sums to the same
 * total as Act, and each query's value is kept at 0 when float noise puts it below.
 * Cost: a query reads the rows holding s (its tid-list) and the published rows of the groups that
 * count s, testing r items in each; never the whole dataset.
 */
import type { Dataset } from '../data/dataset.ts';
import { ItemRows } from '../data/itemRows.ts';
import type { GroupsRelease } from '../release/types.ts';
import { groupsIndex, type GroupsIndex } from './groupsIndex.ts';
import { atLeast, compact, estimateOf, queryRng } from './sampling.ts';
import type { MetricSpec } from './types.ts';

export const DEFAULT_KL_QUERIES = 200;
export const DEFAULT_KL_R = 4;

/** One group-by query: a sensitive item s and r QID items (input item ids). */
export interface KlQuery {
  s: number;
  items: number[];
}

/**
 * The workload: `queries` queries over the sensitive items that occur and the QID items with
 * support > 0. Depends on the dataset, the sensitive items and the seed only (never a release).
 */
export function klQueries(
  dataset: Dataset,
  sensitiveTokens: readonly string[],
  options: { seed: number; queries?: number; r?: number },
): KlQuery[] {
  const index = ItemRows.of(dataset);
  const sensitiveIds = new Set<number>();
  for (const token of sensitiveTokens) {
    const id = dataset.dictionary.find(token);
    if (id !== undefined) sensitiveIds.add(id);
  }
  const sensitive = [...sensitiveIds].filter((id) => index.support(id) > 0).sort((a, b) => a - b);
  const qid: number[] = [];
  for (let id = 0; id < dataset.d; id++) if (index.support(id) > 0 && !sensitiveIds.has(id)) qid.push(id);
  if (sensitive.length === 0 || qid.length === 0) return [];
  const rng = queryRng(options.seed, 'kl');
  const r = Math.min(options.r ?? DEFAULT_KL_R, qid.length);
  return Array.from({ length: options.queries ?? DEFAULT_KL_QUERIES }, () => ({
    s: sensitive[rng.int(sensitive.length)],
    items: rng.sample(qid.length, r).map((i) => qid[i]),
  }));
}

/** The cell of row r: bit j set when it holds item j of the query (ids; -1 is never held). */
function cellOf(rows: ItemRows, r: number, query: readonly number[]): number {
  let cell = 0;
  for (let j = 0; j < query.length; j++) if (query[j] >= 0 && rows.rowHas(r, query[j])) cell |= 1 << j;
  return cell;
}

/**
 * KL-divergence of one query (never below 0). Act walks the input rows holding s (their tid-list);
 * Est walks the published QID rows of the groups whose counts hold s (groupsIndex.ts).
 */
function queryKl(
  dataset: Dataset,
  release: GroupsRelease,
  input: ItemRows,
  index: GroupsIndex,
  query: KlQuery,
): number {
  const cells = 1 << query.items.length;
  const actual = new Float64Array(cells);
  const holders = input.rowsOf(query.s);
  if (holders.length === 0) return 0;
  for (const r of holders) actual[cellOf(input, r, query.items)]++;
  const s = dataset.dictionary.token(query.s);
  const published = query.items.map(
    (id) => index.published.dictionary.find(dataset.dictionary.token(id)) ?? -1,
  );
  const estimate = new Float64Array(cells);
  for (const g of index.groupsWith(s)) {
    const group = release.groups[g];
    const share = (group.sensitive[s] ?? 0) / group.qid.length;
    for (let p = index.start[g]; p < index.start[g + 1]; p++)
      estimate[cellOf(index.rows, p, published)] += share;
  }
  let kl = 0;
  for (let c = 0; c < cells; c++) {
    if (actual[c] === 0) continue;
    kl += (actual[c] / holders.length) * Math.log(actual[c] / estimate[c]);
  }
  return atLeast(kl, 0);
}

/** Each query's KL, in workload order. */
export function queryKls(
  dataset: Dataset,
  release: GroupsRelease,
  queries: readonly KlQuery[],
): Float64Array {
  const input = ItemRows.of(dataset);
  const index = groupsIndex(dataset, release);
  return Float64Array.from(queries, (query) => queryKl(dataset, release, input, index, query));
}

export function reconstructionError(
  dataset: Dataset,
  release: GroupsRelease,
  options: { seed: number; queries?: number; r?: number },
): { kl: number; kl_se: number; perQuery: Float64Array } {
  const perQuery = queryKls(dataset, release, klQueries(dataset, release.sensitive, options));
  const { mean, se } = estimateOf(perQuery);
  return { kl: atLeast(mean, 0), kl_se: se, perQuery };
}

export const klMetric: MetricSpec = {
  id: 'kl',
  label: 'Reconstruction error (KL)',
  source: 'Ghinita, Kalnis, Tao, Sec. 3.2, eq. 3-5',
  description:
    'How far the sensitive items’ spread over QID combinations, as an analyst would rebuild it from the groups, is from the truth (KL-divergence, mean over queries of 1 sensitive and r QID items; kl_se its standard error). Lower is better; 0 is exact.',
  defaultOn: true,
  kinds: ['groups'],
  values: { kl: 'lower', kl_se: 'se' },
  compute: (dataset, release, _audit, options) => {
    const { kl, kl_se, perQuery } = reconstructionError(dataset, release as GroupsRelease, options);
    options.perQuery?.set('kl', compact(perQuery));
    return { kl, kl_se };
  },
};
