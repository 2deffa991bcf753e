/**
 * The plain facts of a release (DESIGN.md sec. 5 `summary`), in the analyst's words: rows and
 * distinct items before and after, items per row before and after, what became of each input item
 * (kept as itself, only inside generalized items, suppressed) and the new items the release adds
 * (generalized labels), item occurrences added to or removed from rows, and rows emptied.
 *
 * Rows of `transactions` and `generalized` releases are linked to input rows by the audit, so the
 * per-row facts compare each published row with its input row (a generalized row's item counts as
 * kept when its label is in the published row). `groups` and `buckets` releases publish every item
 * of every row (QID rows exactly, sensitive items as counts per group; every bucket column), so they
 * add and remove nothing and empty no row; their rows are unlinked, which the metrics measure. A
 * group's sensitive items are counted apart (occurrences_as_counts), with the rows that held only
 * those (rows_as_counts_only): their QID row is published empty, which the page's rows show.
 */
import type { CsrRows, Dataset } from '../../data/dataset.ts';
import { publishedDataset } from '../../release/publishedRows.ts';
import type { Audit, BucketsRelease, GroupsRelease, Release, RowsAudit } from '../../release/types.ts';
import { groupsIndex } from '../../release/groupsIndex.ts';
import { heldTokenIds } from '../../release/tokenRows.ts';
import type { DisassociatedAudit, DisassociatedRelease } from '../../release/disassociated.ts';

export interface ReleaseFacts {
  rows_before: number;
  rows_after: number;
  /** Distinct items. */
  items_before: number;
  items_after: number;
  /** Item occurrences per row. */
  avg_items_before: number;
  avg_items_after: number;
  /** Input items published as themselves. */
  items_kept: number;
  /** Input items published only inside generalized items. */
  items_generalized: number;
  /** Input items the release does not publish at all. */
  items_suppressed: number;
  /** Published items that are not input items (generalized labels). */
  items_added: number;
  /**
   * Item occurrences published in rows whose input row did not hold them (PTA adds some); absent
   * when the published rows are linked to no input row (`publishes`).
   */
  occurrences_added?: number;
  /** Item occurrences of input rows their published row does not hold (as itself or generalized). */
  occurrences_removed?: number;
  /** Rows that held items and are published empty. */
  rows_emptied?: number;
  /**
   * What a `differential-privacy` release publishes instead of the input's rows: `synthetic` rows
   * drawn from noisy counts (DiffPart; rows_after counts them), or `itemsets` with noisy supports
   * (PrivBasis; rows_after is 0, items_after the distinct items of its itemsets).
   */
  publishes?: 'synthetic' | 'itemsets';
  /** `itemsets` releases: how many itemsets. */
  itemsets?: number;
  /**
   * Item occurrences published as counts of the row's group, not in its row (`groups`: the
   * sensitive items; 0 for other kinds). They are published, so not removed.
   */
  occurrences_as_counts: number;
  /** Rows that held only such items: their published row is empty, their items are counts. */
  rows_as_counts_only: number;
}

export function releaseFacts(dataset: Dataset, release: Release, audit: Audit): ReleaseFacts {
  const d = dataset.d;
  const before = {
    rows_before: dataset.n,
    items_before: d,
    avg_items_before: dataset.n === 0 ? 0 : dataset.items.length / dataset.n,
  };
  if (release.kind === 'itemsets') {
    const tokens = new Set(release.itemsets.flatMap((s) => s.items));
    const kept = dataset.dictionary.tokens.filter((t) => tokens.has(t)).length;
    return {
      ...before,
      publishes: 'itemsets',
      itemsets: release.itemsets.length,
      rows_after: 0,
      items_after: tokens.size,
      avg_items_after: 0,
      items_kept: kept,
      items_generalized: 0,
      items_suppressed: d - kept,
      items_added: tokens.size - kept,
      occurrences_as_counts: 0,
      rows_as_counts_only: 0,
    };
  }
  if (release.kind === 'transactions' || release.kind === 'generalized') {
    const published = publishedDataset(dataset, release.transactions);
    const labelOf = new Int32Array(d).map((_, id) => id); // input id -> published id, -1 suppressed
    if (release.kind === 'generalized') {
      for (const token of release.suppressed) setIf(labelOf, dataset.dictionary.find(token), -1);
      for (const [label, members] of Object.entries(release.generalized)) {
        const labelId = published.dictionary.find(label) ?? -1;
        for (const token of members) setIf(labelOf, dataset.dictionary.find(token), labelId);
      }
    }
    const present = presentIds(published);
    const kept = countIds(d, (id) => present[id] === 1);
    const generalized = countIds(
      d,
      (id) => present[id] === 0 && labelOf[id] >= 0 && present[labelOf[id]] === 1,
    );
    // DiffPart's synthetic rows are drawn from noisy counts: no published row is an input row.
    const rows =
      'rowOf' in audit
        ? rowChanges(dataset, published, (audit as RowsAudit).rowOf, labelOf)
        : { publishes: 'synthetic' as const };
    return {
      ...before,
      occurrences_as_counts: 0,
      rows_as_counts_only: 0,
      rows_after: published.n,
      items_after: present.reduce((sum, p) => sum + p, 0),
      avg_items_after: published.n === 0 ? 0 : published.items.length / published.n,
      items_kept: kept,
      items_generalized: generalized,
      items_suppressed: d - kept - generalized,
      items_added: countIds(present.length - d, (i) => present[d + i] === 1),
      ...rows,
    };
  }
  const { tokens, occurrences, rows, asCounts, countsOnly, removed } =
    release.kind === 'groups'
      ? groupsTokens(dataset, release)
      : release.kind === 'disassociated'
        ? disassociatedTokens(dataset, release, audit as DisassociatedAudit)
        : bucketsTokens(release);
  let kept = 0;
  for (const token of dataset.dictionary.tokens) if (tokens.has(token)) kept++;
  return {
    ...before,
    rows_after: rows,
    items_after: tokens.size,
    avg_items_after: rows === 0 ? 0 : occurrences / rows,
    items_kept: kept,
    items_generalized: 0,
    items_suppressed: d - kept,
    items_added: tokens.size - kept,
    occurrences_added: 0,
    occurrences_removed: removed ?? 0,
    rows_emptied: 0,
    occurrences_as_counts: asCounts,
    rows_as_counts_only: countsOnly,
  };
}

function setIf(array: Int32Array, index: number | undefined, value: number): void {
  if (index !== undefined) array[index] = value;
}

function countIds(count: number, test: (id: number) => boolean): number {
  let n = 0;
  for (let id = 0; id < count; id++) if (test(id)) n++;
  return n;
}

/** 1 for every id some published row holds. */
function presentIds(published: Dataset): Uint8Array {
  const present = new Uint8Array(published.d);
  for (let k = 0; k < published.items.length; k++) present[published.items[k]] = 1;
  return present;
}

/** Occurrences added and removed, and rows emptied, comparing each published row with its input row. */
function rowChanges(
  dataset: Dataset,
  published: Dataset,
  rowOf: ArrayLike<number>,
  labelOf: Int32Array,
): Pick<ReleaseFacts, 'occurrences_added' | 'occurrences_removed' | 'rows_emptied'> {
  const stamp = new Int32Array(published.d).fill(-1); // published ids of the current published row
  const covered = new Int32Array(published.d).fill(-1); // published ids its input row maps to
  let added = 0;
  let removed = 0;
  let emptied = 0;
  for (let p = 0; p < published.n; p++) {
    const out = published.row(p);
    const input = dataset.row(rowOf[p]);
    for (const id of out) stamp[id] = p;
    for (const id of input) {
      const to = labelOf[id];
      if (to >= 0 && stamp[to] === p) covered[to] = p;
      else removed++;
    }
    for (const id of out) if (covered[id] !== p) added++;
    if (out.length === 0 && input.length > 0) emptied++;
  }
  return { occurrences_added: added, occurrences_removed: removed, rows_emptied: emptied };
}

interface PublishedTokens {
  tokens: Set<string>;
  occurrences: number;
  rows: number;
  /** ReleaseFacts' occurrences_as_counts and rows_as_counts_only. */
  asCounts: number;
  countsOnly: number;
  /** Occurrences left out (safe disassociation's suppression). */
  removed?: number;
}

/**
 * A `disassociated` release's distinct tokens: it publishes every occurrence of every row, in a
 * record chunk's sub-record or as an item of its cluster's term chunk, except those the safe
 * variant suppressed (the audit lists them); its rows are its clusters' rows.
 */
function disassociatedTokens(
  dataset: Dataset,
  release: DisassociatedRelease,
  audit: DisassociatedAudit,
): PublishedTokens {
  const { chunkItems, termChunks, rows } = release.clusters;
  const tokens = new Set<string>();
  for (const table of [chunkItems, termChunks])
    for (const id of heldTokenIds(table)) tokens.add(table.tokens[id]);
  let count = 0;
  for (const r of rows) count += r;
  const removed = (audit.suppressed?.length ?? 0) / 2;
  return {
    tokens,
    occurrences: dataset.items.length - removed,
    rows: count,
    asCounts: 0,
    countsOnly: 0,
    removed,
  };
}

/** A `groups` release's distinct tokens (QID rows read as ids; sensitive counts, groupsIndex.ts). */
function groupsTokens(dataset: Dataset, release: GroupsRelease): PublishedTokens {
  const index = groupsIndex(dataset, release);
  const qid = release.groups.qid;
  const tokens = new Set<string>();
  for (const id of heldTokenIds(qid)) tokens.add(qid.tokens[id]);
  let asCounts = 0;
  for (const s of index.sensitiveTokens) {
    tokens.add(s);
    const counts = index.countsOf(s);
    for (const g of index.groupsWith(s)) asCounts += counts[g];
  }
  return {
    tokens,
    occurrences: qid.items.length + asCounts,
    rows: index.rowCount,
    asCounts,
    countsOnly: rowsOfSensitiveOnly(dataset, qid),
  };
}

/**
 * Input rows that held items, every one of them sensitive: their QID row is published empty. Every
 * input row is published once as its QID row, so they are the empty QID rows less the empty input rows.
 */
function rowsOfSensitiveOnly(dataset: Dataset, qidRows: CsrRows): number {
  return emptyRows(qidRows) - emptyRows(dataset);
}

function emptyRows({ offsets }: CsrRows): number {
  let empty = 0;
  for (let r = 0; r + 1 < offsets.length; r++) if (offsets[r] === offsets[r + 1]) empty++;
  return empty;
}

/** A `buckets` release's distinct tokens, item occurrences and rows. */
function bucketsTokens(release: BucketsRelease): PublishedTokens {
  const { cells, size } = release.buckets;
  const tokens = new Set<string>();
  for (const id of heldTokenIds(cells)) tokens.add(cells.tokens[id]);
  let rows = 0;
  for (const s of size) rows += s;
  return { tokens, occurrences: cells.items.length, rows, asCounts: 0, countsOnly: 0 };
}
