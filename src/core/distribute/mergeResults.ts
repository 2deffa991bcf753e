/**
 * Partition releases merged into one release of the usual kind (issue 35), which then goes
 * through the same global verifier and metrics as any release (core/run/runMethod.ts with the
 * merged result). Each partition's release and audit speak of that partition's rows; `rows[i]`
 * names the input row of partition row i, so every audit is mapped back to input rows.
 *
 * - `transactions` (PTA, PatternKa) and `groups` (p-degree): published rows and groups are
 *   concatenated: a class or group lies inside one partition, so the guarantee holds as it is.
 * - `generalized` (COAT, Apriori k^m): the partitions' generalizations are joined (joinSets.ts)
 *   and an item suppressed anywhere suppresses its whole joined set; every published row is read
 *   again under the joined mapping. A k^m itemset's support in the merge is then a sum of partition
 *   supports each 0 or at least k (coarsening keeps each one so).
 * - `buckets` (multi-anatomy): the partitions' column partitions are joined and each bucket
 *   publishes the projections of its input rows on the joined columns, each column shuffled with
 *   the run's seed (Anatomy's permutation, anatomy paper Sec. III).
 * - DiffPart's `transactions` (a differentially private synthetic dataset): the parts' rows and
 *   partition trees concatenated and their ledgers composed in parallel (mergeDiffPart.ts); only
 *   over a row-wise split, which `split` must name.
 * - `itemsets` (PrivBasis): refused before any work (dpParts.ts says why); here it is a bug.
 */
import { createRng } from '../base/rng.ts';
import type { Dataset } from '../data/dataset.ts';
import { compareTokens } from '../data/tokenOrder.ts';
import {
  auditFromPlain,
  auditToPlain,
  releaseFromPlain,
  releaseToPlain,
  type PlainAudit,
  type PlainRelease,
} from '../release/plainRelease.ts';
import type { Audit, Release, ReleaseHeader } from '../release/types.ts';

// The merge reads and builds releases in their plain JSON form (release/plainRelease.ts): a JS
// array per row, which the merge's own steps (a row re-read under the joined mapping) need anyway.
type Plain<K extends PlainRelease['kind']> = Extract<PlainRelease, { kind: K }>;
type TransactionsRelease = Plain<'transactions'>;
type GroupsRelease = Plain<'groups'>;
type GeneralizedRelease = Plain<'generalized'>;
type BucketsRelease = Plain<'buckets'>;
type RowsAudit = { rowOf: number[] };
type GeneralizedAudit = Extract<PlainAudit, { rowOf: number[] }>;
type GroupsAudit = { groups: number[][] };
type BucketsAudit = { buckets: number[][] };

/** A partition's release and audit as plain JSON. */
interface PlainPartition {
  rows: readonly number[];
  release: PlainRelease;
  audit: PlainAudit;
}
import { joinSets } from './joinSets.ts';
import { mergeDiffPart } from './mergeDiffPart.ts';
import type { Split } from './partitionRows.ts';

/** One partition's result: its input rows (partition row i is input row rows[i]) and its run's output. */
export interface PartitionResult {
  rows: readonly number[];
  release: Release;
  audit: Audit;
}

export function mergeResults(
  dataset: Dataset,
  header: ReleaseHeader,
  typedParts: readonly PartitionResult[],
  /** How the partitions were cut (DiffPart's ledgers compose in parallel only over a row-wise split). */
  split?: Split,
): { release: Release; audit: Audit; warnings: string[] } {
  const kind = typedParts[0]?.release.kind;
  if (typedParts.some((p) => p.release.kind !== kind))
    throw new Error(
      `partition releases of different kinds: ${typedParts.map((p) => p.release.kind).join(', ')}`,
    );
  const parts: PlainPartition[] = typedParts.map((p) => ({
    rows: p.rows,
    release: releaseToPlain(p.release),
    audit: auditToPlain(p.audit),
  }));
  const merged = mergePlain(dataset, header, kind, parts, split);
  return {
    release: releaseFromPlain(merged.release),
    audit: auditFromPlain(merged.audit),
    warnings: merged.warnings,
  };
}

function mergePlain(
  dataset: Dataset,
  header: ReleaseHeader,
  kind: Release['kind'] | undefined,
  parts: readonly PlainPartition[],
  split: Split | undefined,
): { release: PlainRelease; audit: PlainAudit; warnings: string[] } {
  switch (kind) {
    case 'transactions':
      if (parts.some((p) => (p.release as TransactionsRelease).partitions)) {
        if (!split) throw new Error("DiffPart's partitions merge only over a split the merge is told");
        const diffParts = parts.map((p) => ({ release: p.release as TransactionsRelease, audit: p.audit }));
        return { ...mergeDiffPart(header, diffParts, split), warnings: [] };
      }
      return { ...mergeTransactions(header, parts), warnings: [] };
    case 'groups':
      return { ...mergeGroups(header, parts), warnings: [] };
    case 'generalized':
      return { ...mergeGeneralized(header, parts), warnings: [] };
    case 'buckets':
      return mergeBuckets(dataset, header, parts);
    default:
      throw new Error(`no merge of ${kind} releases`);
  }
}

/** Partition rows as input rows. */
const inputRows = (part: PlainPartition, rows: readonly number[]) => rows.map((r) => part.rows[r]);

function mergeTransactions(header: ReleaseHeader, parts: readonly PlainPartition[]) {
  const releases = parts.map((p) => p.release as TransactionsRelease);
  const release: TransactionsRelease = {
    ...header,
    kind: 'transactions',
    transactions: releases.flatMap((r) => r.transactions),
  };
  const audit: RowsAudit = { rowOf: parts.flatMap((p) => inputRows(p, (p.audit as RowsAudit).rowOf)) };
  return { release, audit };
}

function mergeGroups(header: ReleaseHeader, parts: readonly PlainPartition[]) {
  const release: GroupsRelease = {
    ...header,
    kind: 'groups',
    groups: parts.flatMap((p) => (p.release as GroupsRelease).groups),
  };
  const audit: GroupsAudit = {
    groups: parts.flatMap((p) => (p.audit as GroupsAudit).groups.map((g) => inputRows(p, g))),
  };
  return { release, audit };
}

function mergeGeneralized(header: ReleaseHeader, parts: readonly PlainPartition[]) {
  const releases = parts.map((p) => p.release as GeneralizedRelease);
  const suppressedAnywhere = new Set(releases.flatMap((r) => r.suppressed));
  // A label is one generalized item in every partition (Apriori's hierarchy node holds in each the
  // items that partition has): its sets join first.
  const byLabel = new Map<string, string[]>();
  for (const r of releases)
    for (const [label, items] of Object.entries(r.generalized))
      (byLabel.get(label) ?? byLabel.set(label, []).get(label)!).push(...items);
  const joined = joinSets([[...byLabel.values()]]);
  // A joined set made of sets that all bear one label (Apriori's hierarchy node, holding in each
  // partition the items that partition has) keeps it, as does one that is exactly a partition's
  // set; any other is named as COAT names one, `(a,b)` (joinedLabel).
  const labelsOfItem = new Map<string, Set<string>>();
  const labelOfSet = new Map<string, string>();
  for (const r of releases)
    for (const [label, items] of Object.entries(r.generalized)) {
      const key = setKey(items);
      if (!labelOfSet.has(key)) labelOfSet.set(key, label);
      for (const t of items) (labelsOfItem.get(t) ?? labelsOfItem.set(t, new Set()).get(t)!).add(label);
    }
  const oneLabel = (items: readonly string[]): string | undefined => {
    const labels = new Set(items.flatMap((t) => [...(labelsOfItem.get(t) ?? [])]));
    return labels.size === 1 ? [...labels][0] : undefined;
  };
  const target = new Map<string, string | null>(); // input item -> label, itself, or null (suppressed)
  const generalized: Record<string, string[]> = {};
  const suppressed: string[] = [...suppressedAnywhere];
  for (const set of joined) {
    const items = [...set].sort(compareTokens);
    if (items.some((t) => suppressedAnywhere.has(t))) {
      for (const t of items) {
        target.set(t, null);
        if (!suppressedAnywhere.has(t)) suppressed.push(t);
      }
      continue;
    }
    const label = labelOfSet.get(setKey(items)) ?? oneLabel(items) ?? joinedLabel(items);
    generalized[label] = items;
    for (const t of items) target.set(t, label);
  }
  for (const t of suppressedAnywhere) target.set(t, null);
  // A partition's published token (an input item or one of its labels) under the joined mapping.
  const transactions: string[][] = [];
  for (const r of releases) {
    const firstItemOf = new Map(Object.entries(r.generalized).map(([label, items]) => [label, items[0]]));
    const mapToken = (t: string): string | null => {
      const item = firstItemOf.get(t) ?? t;
      const to = target.get(item);
      return to === undefined ? item : to;
    };
    for (const row of r.transactions) {
      const out: string[] = [];
      for (const t of row) {
        const to = mapToken(t);
        if (to !== null && !out.includes(to)) out.push(to);
      }
      transactions.push(out);
    }
  }
  const release: GeneralizedRelease = {
    ...header,
    kind: 'generalized',
    generalized,
    suppressed: suppressed.sort(compareTokens),
    transactions,
  };
  // Privacy constraints are the run's (a file every partition read); utility constraints are
  // joined like the generalizations: one file read by all gives itself back, and COAT's default
  // (all of a partition's items in one constraint) gives all the input's items in one.
  const audits = parts.map((p) => p.audit as GeneralizedAudit);
  const utility = audits.every((a) => a.utility) ? joinSets(audits.map((a) => a.utility!)) : undefined;
  const audit: GeneralizedAudit = {
    rowOf: parts.flatMap((p) => inputRows(p, (p.audit as GeneralizedAudit).rowOf)),
    ...(audits[0].constraints && { constraints: audits[0].constraints }),
    ...(utility && { utility }),
  };
  return { release, audit };
}

/** The most items a joined set's label spells out. */
const LABEL_ITEMS = 8;

/**
 * A joined set's label: COAT's `(a,b,c)` up to LABEL_ITEMS items, else its least item and how many
 * more, `(a,…+2344)` (unique: joined sets are disjoint; a label spelling out thousands of items,
 * repeated in every row that holds it, would make the release's JSON gigabytes).
 */
function joinedLabel(items: readonly string[]): string {
  return items.length <= LABEL_ITEMS ? `(${items.join(',')})` : `(${items[0]},…+${items.length - 1})`;
}

const setKey = (items: readonly string[]) => JSON.stringify([...items].sort(compareTokens));

function mergeBuckets(dataset: Dataset, header: ReleaseHeader, parts: readonly PlainPartition[]) {
  const columns = joinSets(parts.map((p) => (p.release as BucketsRelease).columns)).map((c) =>
    c.sort(compareTokens),
  );
  const columnOfId = new Int32Array(dataset.d).fill(-1);
  columns.forEach((c, i) => c.forEach((t) => (columnOfId[dataset.dictionary.find(t)!] = i)));
  const rng = createRng(header.seed);
  const buckets: BucketsRelease['buckets'] = [];
  const audit: BucketsAudit = { buckets: [] };
  for (const part of parts)
    for (const members of (part.audit as BucketsAudit).buckets) {
      const rows = inputRows(part, members);
      const values = columns.map(() => rows.map(() => [] as string[]));
      rows.forEach((r, i) => {
        for (const id of dataset.row(r)) values[columnOfId[id]][i].push(dataset.dictionary.tokens[id]);
      });
      buckets.push({ size: rows.length, columns: values.map((column) => rng.shuffle(column)) });
      audit.buckets.push(rows);
    }
  const release: BucketsRelease = { ...header, kind: 'buckets', columns, buckets };
  const chosen = Math.max(...parts.map((p) => (p.release as BucketsRelease).columns.length));
  const warnings =
    columns.length < chosen
      ? [
          `The partitions chose their columns each on its own (up to ${chosen}); their join, the finest partition of the items every partition's columns refine, has ${columns.length}: fewer columns publish more of each row together. anonymize on the whole input keeps the columns asked for.`,
        ]
      : [];
  return { release, audit, warnings };
}
