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
 *   whose column itemset contains the query's items of that column.
 */
import type { Dataset } from '../data/dataset.ts';
import { ItemRows } from '../data/itemRows.ts';
import { publishedDataset } from '../release/publishedRows.ts';
import type { BucketsRelease, GeneralizedRelease, GroupsRelease, Release } from '../release/types.ts';

export type SupportEstimator = (itemset: readonly number[]) => number;

export function supportEstimator(dataset: Dataset, release: Release): SupportEstimator {
  switch (release.kind) {
    case 'transactions': {
      const index = ItemRows.of(publishedDataset(dataset, release.transactions));
      return (itemset) => index.countRowsContaining(itemset);
    }
    case 'buckets':
      return bucketsEstimator(dataset, release);
    case 'groups':
      return groupsEstimator(dataset, release);
    case 'generalized':
      return generalizedEstimator(dataset, release);
    default:
      throw new Error(`no support estimator for releases of kind '${(release as Release).kind}'`);
  }
}

function bucketsEstimator(dataset: Dataset, release: BucketsRelease): SupportEstimator {
  const columnOf = new Map<string, number>();
  release.columns.forEach((tokens, c) => tokens.forEach((t) => columnOf.set(t, c)));
  // Per bucket, how many of its rows hold each token (in the token's column); the values as sets
  // only where a query asks for two items of one column in the same row.
  const holding = release.buckets.map((bucket) => {
    const counts = new Map<string, number>();
    for (const values of bucket.columns)
      for (const value of values) for (const t of value) counts.set(t, (counts.get(t) ?? 0) + 1);
    return counts;
  });
  const valueSets = new Map<number, Set<string>[][]>();
  const setsOf = (index: number) => {
    let sets = valueSets.get(index);
    if (!sets)
      valueSets.set(
        index,
        (sets = release.buckets[index].columns.map((values) => values.map((v) => new Set(v)))),
      );
    return sets;
  };
  // token -> the buckets (ascending) where some row holds it: only those can contribute.
  const bucketsOf = new Map<string, number[]>();
  holding.forEach((counts, index) => {
    for (const t of counts.keys()) {
      const list = bucketsOf.get(t);
      if (list) list.push(index);
      else bucketsOf.set(t, [index]);
    }
  });
  return (itemset) => {
    const tokens = itemset.map((id) => dataset.dictionary.token(id));
    if (tokens.length === 0) return release.buckets.reduce((sum, b) => sum + b.size, 0);
    const parts = new Map<number, string[]>();
    for (const token of tokens) {
      const c = columnOf.get(token);
      if (c === undefined) return 0;
      const part = parts.get(c);
      if (part) part.push(token);
      else parts.set(c, [token]);
    }
    const shortest = shortestList(tokens.map((t) => bucketsOf.get(t) ?? []));
    let total = 0;
    for (const index of shortest) {
      const size = release.buckets[index].size;
      let estimate = size;
      for (const [c, wanted] of parts) {
        let rows = 0;
        if (wanted.length === 1) rows = holding[index].get(wanted[0]) ?? 0;
        else for (const value of setsOf(index)[c]) if (wanted.every((t) => value.has(t))) rows++;
        estimate *= rows / size;
        if (estimate === 0) break;
      }
      total += estimate;
    }
    return total;
  };
}

function groupsEstimator(dataset: Dataset, release: GroupsRelease): SupportEstimator {
  const sensitive = new Set(release.sensitive);
  // token -> published QID rows (group index, row index) holding it.
  const holders = new Map<string, number[]>();
  const groupOf: number[] = [];
  const qidSets: Set<string>[] = [];
  release.groups.forEach((group, g) =>
    group.qid.forEach((row) => {
      const index = groupOf.length;
      groupOf.push(g);
      qidSets.push(new Set(row));
      for (const t of row) {
        const list = holders.get(t);
        if (list) list.push(index);
        else holders.set(t, [index]);
      }
    }),
  );
  return (itemset) => {
    const tokens = itemset.map((id) => dataset.dictionary.token(id));
    const qid = tokens.filter((t) => !sensitive.has(t));
    const sens = tokens.filter((t) => sensitive.has(t));
    const matching = new Map<number, number>();
    if (qid.length === 0) release.groups.forEach((group, g) => matching.set(g, group.qid.length));
    else {
      const shortest = shortestList(qid.map((t) => holders.get(t) ?? []));
      for (const index of shortest) {
        if (qid.every((t) => qidSets[index].has(t)))
          matching.set(groupOf[index], (matching.get(groupOf[index]) ?? 0) + 1);
      }
    }
    let total = 0;
    for (const [g, b] of matching) {
      const group = release.groups[g];
      let estimate = b;
      for (const s of sens) estimate *= (group.sensitive[s] ?? 0) / group.qid.length;
      total += estimate;
    }
    return total;
  };
}

/** The shortest of some posting lists: every item must hold, so it bounds the candidates. */
function shortestList(lists: number[][]): number[] {
  return lists.reduce((a, b) => (b.length < a.length ? b : a));
}

function generalizedEstimator(dataset: Dataset, release: GeneralizedRelease): SupportEstimator {
  const labelOf = new Map<string, string>();
  const sizeOf = new Map<string, number>();
  for (const [label, items] of Object.entries(release.generalized)) {
    sizeOf.set(label, items.length);
    for (const t of items) labelOf.set(t, label);
  }
  const suppressed = new Set(release.suppressed);
  const holders = new Map<string, number[]>();
  const rows = release.transactions.map((row, p) => {
    for (const t of row) (holders.get(t) ?? holders.set(t, []).get(t)!).push(p);
    return new Set(row);
  });
  return (itemset) => {
    const perLabel = new Map<string, number>();
    for (const id of itemset) {
      const token = dataset.dictionary.token(id);
      if (suppressed.has(token)) return 0;
      const label = labelOf.get(token) ?? token;
      perLabel.set(label, (perLabel.get(label) ?? 0) + 1);
    }
    let probability = 1;
    for (const [label, j] of perLabel) {
      const size = sizeOf.get(label) ?? 1;
      probability *= 2 ** (size - j) / (2 ** size - 1);
    }
    const labels = [...perLabel.keys()];
    if (labels.length === 0) return release.transactions.length;
    if (labels.length === 1) return (holders.get(labels[0])?.length ?? 0) * probability;
    const shortest = shortestList(labels.map((l) => holders.get(l) ?? []));
    let matching = 0;
    for (const p of shortest) if (labels.every((l) => rows[p].has(l))) matching++;
    return matching * probability;
  };
}
