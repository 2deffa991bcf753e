/**
 * Support estimators of a release (DESIGN.md sec. 5, `avgre`): how many published rows an analyst
 * would count for an itemset of input item ids, one estimator per release kind. Shared by AvgRE and
 * the association-rule metric (expected supports for non-`transactions` releases).
 * - transactions: the count on the published rows;
 * - groups: per group, (rows whose QID part holds the query's QID items) times the product over
 *   the query's sensitive items of count / |G| (Ghinita eq. 4 generalised);
 * - generalized: per row, the product over the query's generalized items g of 2^(|g|-j) / (2^|g|-1)
 *   where j query items map to g (0 if a query item is suppressed or the row lacks g);
 * - buckets: per bucket, |B| times the product over columns of the fraction of the bucket's rows
 *   whose column itemset contains the query's items of that column;
 * - itemsets: the published noisy support, or 0 for an itemset not published (itemsetsEstimator.ts);
 * - disassociated: the expected support over the random joins of each cluster's chunks
 *   (disassociatedEstimator.ts).
 */
import type { Dataset } from '../data/dataset.ts';
import { ItemRows } from '../data/itemRows.ts';
import { publishedDataset } from '../release/publishedRows.ts';
import { publishedRowCount } from '../release/rowCount.ts';
import type {
  Audit,
  BucketsRelease,
  GeneralizedRelease,
  GroupsAudit,
  GroupsRelease,
  Release,
} from '../release/types.ts';
import { bucketColumns } from './bucketColumns.ts';
import { groupsIndex, groupsPlacement } from '../release/groupsIndex.ts';
import { itemsetsEstimator } from './itemsetsEstimator.ts';
import { disassociatedEstimator } from './disassociatedEstimator.ts';

export type SupportEstimator = (itemset: readonly number[]) => number;

const built = new WeakMap<Release, { dataset: Dataset; estimator: SupportEstimator }>();

/**
 * The estimator of a verified `release` with its `audit`. Given `items` (the input items the
 * caller will ask about: AvgRE's queries, the summary's pairs), it reads tid-lists of those items
 * only (ItemRows.ofItems: one read of the data, no transpose) and is asking about another item an
 * error; without, it answers any itemset and is built once per release (the rules share it).
 */
export function supportEstimator(
  dataset: Dataset,
  release: Release,
  audit: Audit,
  items?: Iterable<number>,
): SupportEstimator {
  if (items) return buildEstimator(dataset, release, audit, [...items]);
  const cached = built.get(release);
  if (cached && cached.dataset === dataset) return cached.estimator;
  const estimator = buildEstimator(dataset, release, audit);
  built.set(release, { dataset, estimator });
  return estimator;
}

function buildEstimator(
  dataset: Dataset,
  release: Release,
  audit: Audit,
  items?: readonly number[],
): SupportEstimator {
  switch (release.kind) {
    case 'transactions': {
      const published = publishedDataset(dataset, release.transactions);
      const index = items ? ItemRows.ofItems(published, items) : ItemRows.of(published);
      return (itemset) => index.countRowsContaining(itemset);
    }
    case 'buckets':
      return bucketsEstimator(dataset, release);
    case 'groups':
      return groupsEstimator(dataset, release, audit as GroupsAudit, items);
    case 'generalized':
      return generalizedEstimator(dataset, release, items);
    case 'itemsets':
      return itemsetsEstimator(dataset, release);
    case 'disassociated':
      return disassociatedEstimator(dataset, release);
    default:
      throw new Error(`no support estimator for releases of kind '${(release as Release).kind}'`);
  }
}

/**
 * Buckets: each column's published cells as a Dataset over ids (a cell a row), so the cells holding
 * the query's items of that column are found through tid-lists and counted per bucket; a bucket
 * where every column part is held contributes |B| times the product of the fractions.
 */
function bucketsEstimator(dataset: Dataset, release: BucketsRelease): SupportEstimator {
  const { columnOf, columns } = bucketColumns(dataset, release);
  const allRows = publishedRowCount(release);
  // Each input item's column (-1: none) and its id among that column's cells (-1: in no cell).
  const columnOfId = new Int32Array(dataset.d).fill(-1);
  const cellIdOf = new Int32Array(dataset.d).fill(-1);
  dataset.dictionary.tokens.forEach((token, id) => {
    const c = columnOf.get(token);
    if (c === undefined) return;
    columnOfId[id] = c;
    cellIdOf[id] = columns[c].published.dictionary.find(token) ?? -1;
  });
  // Scratch per bucket, reused by every query (only the buckets a query touches are reset).
  const sizes = release.buckets.size;
  const held = new Uint32Array(sizes.length);
  const estimate = new Float64Array(sizes.length);
  return (itemset) => {
    if (itemset.length === 0) return allRows;
    // The query's items by column, the columns in order of first appearance.
    const parts: { c: number; ids: number[] }[] = [];
    for (const id of itemset) {
      const c = columnOfId[id];
      if (c < 0 || cellIdOf[id] < 0) return 0;
      const part = parts.find((q) => q.c === c);
      if (part) part.ids.push(cellIdOf[id]);
      else parts.push({ c, ids: [cellIdOf[id]] });
    }
    // The buckets where every part so far is held, with |B| times the product of their fractions.
    let alive: number[] | null = null;
    for (const { c, ids } of parts) {
      const { rows, bucketOf } = columns[c];
      const touched: number[] = [];
      rows.forRowsHolding(ids, (cell) => {
        if (held[bucketOf[cell]]++ === 0) touched.push(bucketOf[cell]);
      });
      const next: number[] = [];
      for (const b of alive ?? touched) {
        if (held[b] === 0) continue;
        if (alive === null) estimate[b] = sizes[b];
        estimate[b] *= held[b] / sizes[b];
        next.push(b);
      }
      for (const b of touched) held[b] = 0;
      alive = next;
      if (alive.length === 0) return 0;
    }
    let total = 0;
    // Summed in bucket order, whatever order the query names its items in: a column's cells lie
    // bucket after bucket and tid-lists ascend, so the buckets come in ascending order already.
    for (const b of alive!) total += estimate[b];
    return total;
  };
}

/**
 * Groups: the published QID rows holding the query's QID items counted per group, times the
 * product of the query's sensitive items' count / |G| in that group. The QID rows holding the
 * items are the input rows holding them, in the groups the audit puts them in (groupsPlacement:
 * a verified release publishes each input row's QID part as it is), so the input's tid-lists
 * answer; the groups are summed in ascending order, as a walk of the published rows meets them.
 */
function groupsEstimator(
  dataset: Dataset,
  release: GroupsRelease,
  audit: GroupsAudit,
  items?: readonly number[],
): SupportEstimator {
  const sensitive = new Set(release.sensitive);
  const index = groupsIndex(dataset, release);
  const { groupOf } = groupsPlacement(dataset.n, audit);
  const rows = items ? ItemRows.ofItems(dataset, items) : ItemRows.of(dataset);
  const groups = index.start.length - 1;
  const everyGroup = Array.from({ length: groups }, (_, g) => g);
  // Per input item: its counts per group when it is sensitive, else null (a QID item).
  const countsOfId = dataset.dictionary.tokens.map((t) => (sensitive.has(t) ? index.countsOf(t) : null));
  // Rows per group matching a query's QID part: scratch reused by every query.
  const held = new Uint32Array(groups);
  return (itemset) => {
    const qid = itemset.filter((id) => countsOfId[id] === null);
    const counts = itemset.flatMap((id) => countsOfId[id] ?? []);
    // No sensitive item: every group counts its matching rows as they are (integers, summed exactly).
    if (counts.length === 0) return qid.length === 0 ? index.rowCount : rows.countRowsContaining(qid);
    let touched: number[];
    if (qid.length === 0) {
      touched = everyGroup;
      for (let g = 0; g < groups; g++) held[g] = index.start[g + 1] - index.start[g];
    } else {
      touched = [];
      rows.forRowsHolding(qid, (r) => {
        if (held[groupOf[r]]++ === 0) touched.push(groupOf[r]);
      });
      touched.sort((a, b) => a - b);
    }
    let total = 0;
    for (const g of touched) {
      let estimate = held[g];
      held[g] = 0;
      const size = index.start[g + 1] - index.start[g];
      for (const perGroup of counts) estimate *= perGroup[g] / size;
      total += estimate;
    }
    return total;
  };
}

/**
 * A query against a generalized release, apart from its count (so distribute's sums over
 * partitions, core/distribute/partitionMetrics.ts, count each partition's rows and multiply once):
 * the labels it maps to (its items, or their generalized items) and the product over them of
 * 2^(|g|-j) / (2^|g|-1); null when a query item is suppressed (the estimate is 0).
 */
export type GeneralizedQuery = (
  itemset: readonly number[],
) => { labels: string[]; probability: number } | null;

export function generalizedQuery(dataset: Dataset, release: GeneralizedRelease): GeneralizedQuery {
  const labelOf = labelsOf(release);
  const suppressed = new Set(release.suppressed);
  return (itemset) => {
    const perLabel = new Map<string, number>();
    for (const id of itemset) {
      const token = dataset.dictionary.token(id);
      if (suppressed.has(token)) return null;
      const label = labelOf.get(token) ?? token;
      perLabel.set(label, (perLabel.get(label) ?? 0) + 1);
    }
    let probability = 1;
    for (const [label, j] of perLabel) {
      const size = Object.hasOwn(release.generalized, label) ? release.generalized[label].length : 1;
      probability *= 2 ** (size - j) / (2 ** size - 1);
    }
    return { labels: [...perLabel.keys()], probability };
  };
}

/** Each generalized input item's label. */
function labelsOf(release: GeneralizedRelease): Map<string, string> {
  const labelOf = new Map<string, string>();
  for (const [label, items] of Object.entries(release.generalized))
    for (const t of items) labelOf.set(t, label);
  return labelOf;
}

/**
 * Generalized: the published rows as a Dataset over ids (labels after the input's items); a row
 * holding every label the query maps to counts with the product over those labels g of
 * 2^(|g|-j) / (2^|g|-1).
 */
function generalizedEstimator(
  dataset: Dataset,
  release: GeneralizedRelease,
  asked?: readonly number[],
): SupportEstimator {
  const published = publishedDataset(dataset, release.transactions);
  const labelOf = labelsOf(release);
  // The published ids the asked items map to (their labels, or themselves).
  const rows = asked
    ? ItemRows.ofItems(
        published,
        asked.map((id) => {
          const token = dataset.dictionary.token(id);
          return published.dictionary.find(labelOf.get(token) ?? token) ?? -1;
        }),
      )
    : ItemRows.of(published);
  const query = generalizedQuery(dataset, release);
  return (itemset) => {
    const asks = query(itemset);
    if (asks === null) return 0;
    if (asks.labels.length === 0) return published.n;
    const ids = asks.labels.map((label) => published.dictionary.find(label) ?? -1);
    if (ids.includes(-1)) return 0;
    return rows.countRowsContaining(ids) * asks.probability;
  };
}
