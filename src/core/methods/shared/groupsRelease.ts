/**
 * Publishing anonymized groups (Ghinita Sec. 3.1, Fig. 1d): each group's QID items exactly (one
 * row per transaction, shuffled within the group) and its sensitive items only as counts. The
 * audit lists each group's input rows in the order of its published QID rows.
 */
import type { Dataset } from '../../data/dataset.ts';
import type { GroupsAudit, GroupsRelease, ReleaseHeader } from '../../release/types.ts';
import type { Rng } from '../../experiment/rng.ts';
import type { SensitiveRows } from './sensitiveRows.ts';

export function groupsRelease(
  header: ReleaseHeader,
  dataset: Dataset,
  rows: SensitiveRows,
  groups: readonly number[][],
  rng: Rng,
): { release: GroupsRelease; audit: GroupsAudit } {
  const tokens = dataset.dictionary.tokens;
  const { offsets, items } = rows.qidRows;
  const qidTokens = (r: number): string[] => {
    const out: string[] = [];
    for (let k = offsets[r]; k < offsets[r + 1]; k++) out.push(tokens[items[k]]);
    return out;
  };
  const audit: number[][] = [];
  const published = groups.map((group) => {
    const order = rng.shuffle([...group]);
    audit.push(order);
    const sensitive: Record<string, number> = {};
    for (const r of group)
      for (const s of rows.sensitiveOf[r]) sensitive[tokens[s]] = (sensitive[tokens[s]] ?? 0) + 1;
    return { qid: order.map(qidTokens), sensitive };
  });
  return { release: { ...header, kind: 'groups', groups: published }, audit: { groups: audit } };
}
