/**
 * Publishing anonymized groups (Ghinita Sec. 3.1, Fig. 1d): each group's QID items exactly (one
 * row per transaction, shuffled within the group) and its sensitive items only as counts. The
 * audit lists each group's input rows in the order of its published QID rows.
 * Published rows are read-only: rows with one QID item share one array per item (and rows with
 * none one empty array), which on sparse data (BMS1: 60k rows, most of one or two items) saves
 * most of the allocations of the release.
 */
import type { Dataset } from '../../../data/dataset.ts';
import type { GroupsAudit, GroupsRelease, ReleaseHeader } from '../../../release/types.ts';
import type { Rng } from '../../../base/rng.ts';
import type { SensitiveRows } from './sensitiveRows.ts';
import { SparseCounts } from '../../../data/sparseCounts.ts';

export function groupsRelease(
  header: ReleaseHeader,
  dataset: Dataset,
  rows: SensitiveRows,
  groups: readonly number[][],
  rng: Rng,
): { release: GroupsRelease; audit: GroupsAudit } {
  const qidTokens = publishedQid(dataset, rows);
  const sensitiveCounts = new SparseCounts(dataset.d);
  const audit: number[][] = [];
  const published = groups.map((group) => {
    const order = rng.shuffle([...group]);
    audit.push(order);
    return {
      qid: order.map(qidTokens),
      sensitive: sensitiveHistogram(dataset, rows, group, sensitiveCounts),
    };
  });
  return { release: { ...header, kind: 'groups', groups: published }, audit: { groups: audit } };
}

/** Row -> its QID items as tokens (ascending ids); rows of at most one item share their array. */
function publishedQid(dataset: Dataset, rows: SensitiveRows): (r: number) => string[] {
  const tokens = dataset.dictionary.tokens;
  const { offsets, items } = rows.qidRows;
  const none: string[] = [];
  const single: (string[] | undefined)[] = [];
  return (r) => {
    const length = offsets[r + 1] - offsets[r];
    if (length === 0) return none;
    if (length === 1) return (single[items[offsets[r]]] ??= [tokens[items[offsets[r]]]]);
    const out = new Array<string>(length);
    for (let k = 0; k < length; k++) out[k] = tokens[items[offsets[r] + k]];
    return out;
  };
}

/** The group's sensitive items with their counts, by token, in order of first sight. */
function sensitiveHistogram(
  dataset: Dataset,
  rows: SensitiveRows,
  group: readonly number[],
  counts: SparseCounts,
): Record<string, number> {
  for (const r of group) {
    if (rows.holdsSensitive[r] === 0) continue;
    const own = rows.sensitiveOf[r];
    for (let i = 0; i < own.length; i++) counts.add(own[i]);
  }
  const sensitive: Record<string, number> = {};
  for (const s of counts.met) sensitive[dataset.dictionary.tokens[s]] = counts.counts[s];
  counts.clear();
  return sensitive;
}
