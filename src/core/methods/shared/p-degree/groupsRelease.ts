/**
 * Publishing anonymized groups (Ghinita Sec. 3.1, Fig. 1d): each group's QID items exactly (one
 * row per transaction, shuffled within the group) and its sensitive items only as counts. The
 * audit lists each group's input rows in the order of its published QID rows.
 * The QID rows are the input's ids in one array (release/tokenRows.ts), sized before it is filled.
 */
import type { Dataset } from '../../../data/dataset.ts';
import type { GroupsAudit, GroupsRelease, ReleaseHeader } from '../../../release/types.ts';
import type { Rng } from '../../../base/rng.ts';
import type { SensitiveRows } from './sensitiveRows.ts';
import { SparseCounts } from '../../../data/sparseCounts.ts';
import { inPropertyOrder } from '../../../release/propertyOrder.ts';

export function groupsRelease(
  header: ReleaseHeader,
  dataset: Dataset,
  rows: SensitiveRows,
  groups: readonly number[][],
  rng: Rng,
): { release: GroupsRelease; audit: GroupsAudit } {
  const tokens = dataset.dictionary.tokens;
  const { offsets, items } = rows.qidRows;
  let published = 0;
  let occurrences = 0;
  for (const group of groups)
    for (const r of group) {
      published++;
      occurrences += offsets[r + 1] - offsets[r];
    }
  const start = new Uint32Array(groups.length + 1);
  const qidOffsets = new Uint32Array(published + 1);
  const qidItems = new Uint32Array(occurrences);
  const auditRows = new Uint32Array(published);
  const counts = new SparseCounts(dataset.d);
  const sensitiveOffsets = new Uint32Array(groups.length + 1);
  const sensitiveItems: number[] = [];
  const sensitiveCounts: number[] = [];
  let row = 0;
  let at = 0;
  groups.forEach((group, g) => {
    for (const r of rng.shuffle([...group])) {
      auditRows[row] = r;
      qidItems.set(items.subarray(offsets[r], offsets[r + 1]), at);
      at += offsets[r + 1] - offsets[r];
      qidOffsets[++row] = at;
    }
    start[g + 1] = row;
    countSensitive(rows, group, counts);
    for (const s of inPropertyOrder(counts.met, (id) => tokens[id])) {
      sensitiveItems.push(s);
      sensitiveCounts.push(counts.counts[s]);
    }
    counts.clear();
    sensitiveOffsets[g + 1] = sensitiveItems.length;
  });
  const release: GroupsRelease = {
    ...header,
    kind: 'groups',
    groups: {
      start,
      qid: { tokens, offsets: qidOffsets, items: qidItems },
      sensitive: {
        tokens,
        offsets: sensitiveOffsets,
        items: Uint32Array.from(sensitiveItems),
        counts: Float64Array.from(sensitiveCounts),
      },
    },
  };
  return { release, audit: { groups: { offsets: start.slice(), items: auditRows } } };
}

/** The group's sensitive items with their counts, in order of first sight. */
function countSensitive(rows: SensitiveRows, group: readonly number[], counts: SparseCounts): void {
  for (const r of group) {
    if (rows.holdsSensitive[r] === 0) continue;
    const own = rows.sensitiveOf[r];
    for (let i = 0; i < own.length; i++) counts.add(own[i]);
  }
}
