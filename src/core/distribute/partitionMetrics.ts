/**
 * A merged release's metrics as sums over its partitions (issue 42, the driver's memory): each
 * partition's counts come from its own input rows and its own rows of the merged release, and are
 * added; no structure of the whole input or the whole release is built (no tid-lists of the whole
 * input, no Dataset of the whole release's rows, no class index over it). Every value is the one
 * the metric's `compute` gives on the whole, bit for bit: what is summed is integer counts (exact
 * in a double up to 2^53), and every division, product and mean is then done once, in the order
 * the whole's code does it.
 *
 * - `gcp` (PatternKa eq. 14-16) and `il` (PTA Def. 2): per published row, the items it keeps of
 *   its input row and their symmetric difference, summed (certaintyPenalty.ts, itemLoss.ts).
 * - `ncp` of a `transactions` release (PatternKa eq. 8-11, read per occurrence): a class is a set
 *   of identical published rows, and identical rows may come from two partitions, so a class is
 *   not local to one. Its uncertain occurrences are sum over items of count * [count < |g|], which
 *   is its rows' occurrences minus |g| times the number of items all of them hold; each class is
 *   kept as (|g|, occurrences, the items all its rows hold so far) under its published row, and
 *   partitions add to it (a k-anonymous release has at most n / k classes).
 * - `avgre` (COAT Sec. 6.1): the workload is the whole's (avgre.ts `avgreWorkload`: drawn from the
 *   input with the run's seed, as `anonymize` draws it); a(Q) is the sum of the partitions' counts
 *   of input rows holding Q, e(Q) the sum of the partitions' counts of published rows holding Q's
 *   items (`transactions`) or its labels times the one product of 2^(|g|-j) / (2^|g|-1)
 *   (`generalized`, estimators.ts `generalizedQuery`).
 *
 * Other metrics and kinds (KL over groups, buckets' products, generalized NCP, which reads item
 * supports only) are computed by the run as before (RunHooks.measured names what this measures).
 */
import type { Dataset } from '../data/dataset.ts';
import { ItemRows } from '../data/itemRows.ts';
import { rowSubset } from '../data/rowSubset.ts';
import { intersectionSize, sortedHas, symmetricDifference } from '../data/rowDistance.ts';
import { avgreWorkload } from '../metrics/avgre.ts';
import { generalizedQuery, type GeneralizedQuery } from '../metrics/estimators.ts';
import { compact, estimateOf, within } from '../metrics/sampling.ts';
import type { MetricOptions } from '../metrics/types.ts';
import { publishedDataset } from '../release/publishedRows.ts';
import type { TokenRows } from '../release/tokenRows.ts';
import type { Audit, GeneralizedRelease, Release, RowsAudit, TransactionsRelease } from '../release/types.ts';
import type { MeasuredMetrics } from '../run/runMethod.ts';

/** One partition: its input rows, and how many rows of the merged release it published (in order). */
export interface PartitionSlice {
  rows: ArrayLike<number>;
  published: number;
}

/** A class of identical published rows so far: its size, its rows' occurrences, the items all hold. */
interface ClassSoFar {
  size: number;
  occurrences: number;
  common: number[];
}

/** The metrics this measures for a release (the rest the run computes). */
export function measuredIds(release: Release): string[] {
  if (release.kind === 'generalized') return ['avgre'];
  if (release.kind !== 'transactions') return [];
  return release.model === 'differential-privacy' ? ['avgre'] : ['ncp', 'gcp', 'il', 'avgre'];
}

/**
 * The metrics of `release` (the merge of `slices`' partition releases, their rows one after the
 * other; `audit` links each published row to its input row) as sums over the slices.
 */
export function partitionMetrics(
  dataset: Dataset,
  release: Release,
  audit: Audit,
  slices: readonly PartitionSlice[],
): MeasuredMetrics {
  return {
    ids: measuredIds(release),
    measure: (ids, options) => measure(dataset, release, audit, slices, ids, options),
  };
}

function measure(
  dataset: Dataset,
  release: Release,
  audit: Audit,
  slices: readonly PartitionSlice[],
  ids: readonly string[],
  options: MetricOptions,
): Record<string, Record<string, number>> {
  const rows = (release as TransactionsRelease | GeneralizedRelease).transactions;
  const total = slices.reduce((sum, s) => sum + s.published, 0);
  if (total !== rows.offsets.length - 1)
    throw new Error(
      `the partitions published ${total} rows, the merged release has ${rows.offsets.length - 1}`,
    );
  const inputs = slices.reduce((sum, s) => sum + s.rows.length, 0);
  if (inputs !== dataset.n) throw new Error(`the partitions hold ${inputs} rows, the input ${dataset.n}`);
  const linked = ids.some((id) => id !== 'avgre');
  const workload = ids.includes('avgre') ? avgreWorkload(dataset, release, options) : [];
  const asked = [...new Set(workload.flat())];
  const query = release.kind === 'generalized' ? generalizedQuery(dataset, release) : null;
  const actual = new Float64Array(workload.length);
  const counted = new Float64Array(workload.length);
  const classes = new Map<string, ClassSoFar>();
  let kept = 0;
  let il = 0;
  let start = 0;
  for (const slice of slices) {
    const published = publishedDataset(dataset, sliceRows(rows, start, start + slice.published));
    if (linked) {
      const { rowOf } = audit as RowsAudit;
      for (let p = 0; p < published.n; p++) {
        const input = dataset.row(rowOf[start + p]);
        const out = published.row(p);
        kept += intersectionSize(input, out);
        il += symmetricDifference(input, out);
        addToClass(classes, classKey(dataset, published, p), input);
      }
    }
    if (workload.length > 0) {
      const inputRows = ItemRows.ofItems(rowSubset(dataset, slice.rows), asked);
      const publishedRows = ItemRows.ofItems(published, publishedIds(published, asked, query));
      workload.forEach((itemset, q) => {
        actual[q] += inputRows.countRowsContaining(itemset);
        counted[q] += publishedCount(published, publishedRows, itemset, query);
      });
    }
    start += slice.published;
  }
  const out: Record<string, Record<string, number>> = {};
  const omega = dataset.items.length;
  if (linked) {
    let uncertain = 0;
    for (const c of classes.values()) uncertain += c.occurrences - c.size * c.common.length;
    out.ncp = { ncp: omega === 0 ? 0 : within(uncertain / omega, 0, 1) };
    out.gcp = { gcp: omega === 0 ? 0 : within(1 - kept / omega, 0, 1) };
    out.il = { il, il_ratio: omega === 0 ? 0 : il / omega };
  }
  if (ids.includes('avgre')) {
    const perQuery = Float64Array.from(workload, (itemset, q) => {
      const a = actual[q];
      const asks = query?.(itemset);
      const estimate = query === null ? counted[q] : asks ? counted[q] * asks.probability : 0;
      return Math.abs(a - estimate) / a;
    });
    const { mean, se } = estimateOf(perQuery);
    options.perQuery?.set('avgre', compact(perQuery));
    out.avgre = { avgre: mean, avgre_se: se };
  }
  return out;
}

/** Rows [from, to) of a release's rows, as rows of their own (the items are not copied). */
function sliceRows(rows: TokenRows, from: number, to: number): TokenRows {
  const base = rows.offsets[from];
  const offsets = Uint32Array.from(rows.offsets.subarray(from, to + 1), (o) => o - base);
  return { tokens: rows.tokens, offsets, items: rows.items.subarray(base, rows.offsets[to]) };
}

/** A published row's class: its input ids, then its other tokens (labels, whose ids are per slice). */
function classKey(dataset: Dataset, published: Dataset, p: number): string {
  const ids: number[] = [];
  const labels: string[] = [];
  for (const id of published.row(p))
    if (id < dataset.d) ids.push(id);
    else labels.push(published.dictionary.token(id));
  return labels.length === 0 ? ids.join(',') : `${ids.join(',')}|${JSON.stringify(labels.sort())}`;
}

function addToClass(classes: Map<string, ClassSoFar>, key: string, input: Uint32Array): void {
  const c = classes.get(key);
  if (!c) {
    classes.set(key, { size: 1, occurrences: input.length, common: Array.from(input) });
    return;
  }
  c.size++;
  c.occurrences += input.length;
  if (c.common.length > 0) c.common = c.common.filter((id) => sortedHas(input, id));
}

/** The published ids the asked input items are counted under (their labels, or themselves). */
function publishedIds(
  published: Dataset,
  asked: readonly number[],
  query: GeneralizedQuery | null,
): number[] {
  if (query === null) return [...asked];
  return asked.flatMap((id) => {
    const labels = query([id])?.labels ?? [];
    return labels.map((label) => published.dictionary.find(label) ?? -1);
  });
}

/** The slice's published rows holding the query's items (transactions) or its labels (generalized). */
function publishedCount(
  published: Dataset,
  rows: ItemRows,
  itemset: readonly number[],
  query: GeneralizedQuery | null,
): number {
  if (query === null) return rows.countRowsContaining(itemset);
  const asks = query(itemset);
  if (asks === null) return 0;
  if (asks.labels.length === 0) return published.n;
  const ids = asks.labels.map((label) => published.dictionary.find(label) ?? -1);
  return ids.includes(-1) ? 0 : rows.countRowsContaining(ids);
}
