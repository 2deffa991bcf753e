/**
 * A diagnostic of p-degree releases for the benches and the reproduction report: how much of a
 * sensitive row's QID the rest of its group shares. KL (Ghinita eq. 4) estimates a sensitive item
 * in a QID cell from the group's rows in that cell, so a sensitive row whose QID items no group mate
 * holds is estimated badly; the share of such items ranks the methods as KL does.
 */
import { numberArrays } from '../src/core/release/tokenRows.ts';
import type { Dataset } from '../src/core/data/dataset.ts';
import { estimateOf } from '../src/core/metrics/sampling.ts';
import type { GroupsAudit, GroupsRelease } from '../src/core/release/types.ts';

/**
 * Over the sensitive rows (with QID items) of a release: the share of a row's QID items that none
 * of its group mates holds (what KL, eq. 4, pays for), and the size of its group (a large group
 * spreads the row's sensitive item over many cells even when its mates share its items).
 */
export function sensitiveCoverage(
  dataset: Dataset,
  release: GroupsRelease,
  audit: GroupsAudit,
): { uncovered: number; groupSize: number } {
  const sensitive = new Set(release.sensitive.map((t) => dataset.dictionary.find(t)));
  const shares: number[] = [];
  const sizes: number[] = [];
  for (const group of numberArrays(audit.groups)) {
    const counts = new Map<number, number>();
    for (const r of group) for (const item of dataset.row(r)) counts.set(item, (counts.get(item) ?? 0) + 1);
    for (const r of group) {
      const row = Array.from(dataset.row(r));
      if (!row.some((i) => sensitive.has(i))) continue;
      const qid = row.filter((i) => !sensitive.has(i));
      if (qid.length === 0) continue;
      shares.push(qid.filter((i) => counts.get(i) === 1).length / qid.length);
      sizes.push(group.length);
    }
  }
  return { uncovered: estimateOf(shares).mean, groupSize: estimateOf(sizes).mean };
}
