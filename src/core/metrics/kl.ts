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
 * Cost: a query reads the input rows holding s (its tid-list), testing r items in each, and the
 * rows that hold one of its r items (their tid-lists), published where the audit says; the
 * tid-lists are built for the queries' items only, in one read of the data.
 */
import { getBit } from '../data/bitset.ts';
import type { Dataset } from '../data/dataset.ts';
import { ItemRows } from '../data/itemRows.ts';
import type { GroupsAudit, GroupsRelease } from '../release/types.ts';
import {
  groupsIndex,
  groupsPlacement,
  type GroupsIndex,
  type GroupsPlacement,
} from '../release/groupsIndex.ts';
import { itemSupports } from '../data/stats.ts';
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
  const supports = itemSupports(dataset);
  const sensitiveIds = new Set<number>();
  for (const token of sensitiveTokens) {
    const id = dataset.dictionary.find(token);
    if (id !== undefined) sensitiveIds.add(id);
  }
  const sensitive = [...sensitiveIds].filter((id) => supports[id] > 0).sort((a, b) => a - b);
  const qid: number[] = [];
  for (let id = 0; id < dataset.d; id++) if (supports[id] > 0 && !sensitiveIds.has(id)) qid.push(id);
  if (sensitive.length === 0 || qid.length === 0) return [];
  const rng = queryRng(options.seed, 'kl');
  const r = Math.min(options.r ?? DEFAULT_KL_R, qid.length);
  return Array.from({ length: options.queries ?? DEFAULT_KL_QUERIES }, () => ({
    s: sensitive[rng.int(sensitive.length)],
    items: rng.sample(qid.length, r).map((i) => qid[i]),
  }));
}

/**
 * The cell of each row a query reads: bit j set when the row holds query item j (ids; -1 is
 * never held). Each item's test is decided once per query (ItemRows.holderBits: a bitset of its
 * rows when the `probes` rows to be read pay for one).
 */
function cellReader(rows: ItemRows, query: readonly number[], probes: number): (r: number) => number {
  const bits = query.map((id) => (id >= 0 ? rows.holderBits(id, probes) : null));
  return (r) => {
    let cell = 0;
    for (let j = 0; j < query.length; j++) {
      const held = bits[j];
      if (query[j] >= 0 && (held ? getBit(held, r) : rows.rowHas(r, query[j]))) cell |= 1 << j;
    }
    return cell;
  };
}

/** Per-row and per-group scratch of the estimate, all zero between queries. */
interface KlScratch {
  cellOfRow: Uint32Array;
  inGroups: Uint8Array;
}

/**
 * Est of eq. 4 in each cell over the groups whose counts hold s: a * b / |G| per group, a its
 * count of s and b its published rows in the cell. Only the rows holding a query item are read:
 * the input rows holding it (the query items' tid-lists), each where the audit publishes it
 * (groupsPlacement: a verified release's QID row is its input row less the sensitive items); the
 * group's other rows are all in cell 0.
 */
function estimatedCells(
  index: GroupsIndex,
  input: ItemRows,
  placement: GroupsPlacement,
  s: string,
  items: readonly number[],
  { cellOfRow, inGroups }: KlScratch,
): Float64Array {
  const cells = 1 << items.length;
  const estimate = new Float64Array(cells);
  const groups = index.groupsWith(s);
  for (const g of groups) inGroups[g] = 1;
  const touched: number[] = [];
  const { publishedOf, groupOf } = placement;
  items.forEach((id, j) => {
    const list = input.rowsOf(id);
    for (let k = 0; k < list.length; k++) {
      if (inGroups[groupOf[list[k]]] === 0) continue;
      const p = publishedOf[list[k]];
      if (cellOfRow[p] === 0) touched.push(p);
      cellOfRow[p] |= 1 << j;
    }
  });
  const inOrder = Uint32Array.from(touched).sort();
  const counts = index.countsOf(s);
  const rowsInCell = new Uint32Array(cells);
  let t = 0;
  for (const g of groups) {
    inGroups[g] = 0;
    const end = index.start[g + 1];
    const size = end - index.start[g];
    rowsInCell[0] = size;
    for (; t < inOrder.length && inOrder[t] < end; t++) {
      rowsInCell[cellOfRow[inOrder[t]]]++;
      rowsInCell[0]--;
      cellOfRow[inOrder[t]] = 0;
    }
    for (let c = 0; c < cells; c++) {
      if (rowsInCell[c] === 0) continue;
      estimate[c] += (counts[g] * rowsInCell[c]) / size;
      rowsInCell[c] = 0;
    }
  }
  return estimate;
}

/**
 * KL-divergence of one query (never below 0). Act walks the input rows holding s (their tid-list);
 * Est reads the published QID rows of the groups whose counts hold s (groupsIndex.ts).
 */
function queryKl(
  dataset: Dataset,
  input: ItemRows,
  index: GroupsIndex,
  placement: GroupsPlacement,
  query: KlQuery,
  scratch: KlScratch,
): number {
  const cells = 1 << query.items.length;
  const actual = new Float64Array(cells);
  const holders = input.rowsOf(query.s);
  if (holders.length === 0) return 0;
  const actualCell = cellReader(input, query.items, holders.length);
  for (const r of holders) actual[actualCell(r)]++;
  const s = dataset.dictionary.token(query.s);
  const estimate = estimatedCells(index, input, placement, s, query.items, scratch);
  let kl = 0;
  for (let c = 0; c < cells; c++) {
    if (actual[c] === 0) continue;
    kl += (actual[c] / holders.length) * Math.log(actual[c] / estimate[c]);
  }
  return atLeast(kl, 0);
}

/**
 * Each query's KL, in workload order, for a verified release and its audit. The input's tid-lists
 * are built for the queries' items only (ItemRows.ofItems).
 */
export function queryKls(
  dataset: Dataset,
  release: GroupsRelease,
  audit: GroupsAudit,
  queries: readonly KlQuery[],
): Float64Array {
  const input = ItemRows.ofItems(
    dataset,
    queries.flatMap((q) => [q.s, ...q.items]),
  );
  const index = groupsIndex(dataset, release);
  const placement = groupsPlacement(dataset.n, audit);
  const scratch: KlScratch = {
    cellOfRow: new Uint32Array(index.rowCount),
    inGroups: new Uint8Array(index.start.length - 1),
  };
  return Float64Array.from(queries, (query) => queryKl(dataset, input, index, placement, query, scratch));
}

export function reconstructionError(
  dataset: Dataset,
  release: GroupsRelease,
  audit: GroupsAudit,
  options: { seed: number; queries?: number; r?: number },
): { kl: number; kl_se: number; perQuery: Float64Array } {
  const perQuery = queryKls(dataset, release, audit, klQueries(dataset, release.sensitive, options));
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
  asks: (dataset, release, options) =>
    klQueries(dataset, release.sensitive, options).flatMap((q) => [q.s, ...q.items]),
  compute: (dataset, release, audit, options) => {
    const { kl, kl_se, perQuery } = reconstructionError(
      dataset,
      release as GroupsRelease,
      audit as GroupsAudit,
      options,
    );
    options.perQuery?.set('kl', compact(perQuery));
    return { kl, kl_se };
  },
};
