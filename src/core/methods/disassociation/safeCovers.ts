/**
 * Safe disassociation's partial suppression (Awad, Al Bouna, Couchot, Philippe, arXiv 1904.03112,
 * whose abstract we follow: "relies on partial-suppression" to overcome the cover problem; the
 * steps below are this project's, as its full text was not available: docs/disassociation.md).
 * While a cluster has a cover (release/covers.ts: an itemset of at most m items over two or more
 * record chunks forced into 0 < f < k rows), the part of the cover with the largest support loses
 * f occurrences of its most supported item, from the smallest sub-records that hold the part, so
 * that the cover forces nothing. A removal that would leave its chunk not k^m-anonymous is undone
 * and another sub-record tried; when f removals cannot be made, the item leaves its record chunk
 * for the term chunk (all its occurrences kept, as an item of the cluster with no count). Each
 * round lowers a chunk's occurrences or its domain, so the loop ends.
 */
import { findCovers } from '../../release/covers.ts';
import { hasRareItemsetInLists } from '../../release/rareItemsets.ts';
import type { ClusterChunks } from './verpart.ts';

/** A sub-record being built: its input row and its items (input ids, ascending). */
export interface SubrecordDraft {
  row: number;
  items: number[];
}

/**
 * Breaks every cover of one cluster in place (drafts lose items, chunks may lose items to the
 * term chunk); returns the occurrences left out as (input row, item) pairs.
 */
export function breakCovers(
  chunks: ClusterChunks,
  drafts: SubrecordDraft[][],
  rows: number,
  k: number,
  m: number,
): [number, number][] {
  const cut: [number, number][] = [];
  for (;;) {
    const [cover] = findCovers(
      drafts.map((chunk) => chunk.map((s) => s.items)),
      rows,
      k,
      m,
    );
    if (!cover) return cut;
    let best = 0;
    cover.supports.forEach((s, i) => (s > cover.supports[best] ? (best = i) : 0));
    const j = cover.chunks[best];
    const part = cover.parts[best];
    const chunk = drafts[j];
    const single = (item: number) => chunk.filter((s) => s.items.includes(item)).length;
    const item = part.reduce((a, b) => (single(b) > single(a) ? b : a));
    const holders = chunk
      .filter((s) => part.every((i) => s.items.includes(i)))
      .sort((a, b) => a.items.length - b.items.length || a.row - b.row);
    const removed: SubrecordDraft[] = [];
    for (const sub of holders) {
      if (removed.length === cover.forced) break;
      const at = sub.items.indexOf(item);
      sub.items.splice(at, 1);
      if (anonymous(chunk, k, m)) removed.push(sub);
      else sub.items.splice(at, 0, item);
    }
    if (removed.length === cover.forced) {
      for (const sub of removed) cut.push([sub.row, item]);
      continue;
    }
    for (const sub of removed) restore(sub, item);
    toTermChunk(chunks, drafts, j, item);
  }
}

function restore(sub: SubrecordDraft, item: number): void {
  sub.items.push(item);
  sub.items.sort((a, b) => a - b);
}

/** Moves `item` from record chunk j to the term chunk (a chunk left empty is dropped). */
function toTermChunk(chunks: ClusterChunks, drafts: SubrecordDraft[][], j: number, item: number): void {
  for (const sub of drafts[j]) {
    const at = sub.items.indexOf(item);
    if (at >= 0) sub.items.splice(at, 1);
  }
  chunks.domains[j] = chunks.domains[j].filter((i) => i !== item);
  chunks.term.push(item);
  chunks.term.sort((a, b) => a - b);
  if (chunks.domains[j].length === 0) {
    chunks.domains.splice(j, 1);
    drafts.splice(j, 1);
  }
}

/** Whether a chunk's sub-records are k^m-anonymous (release/rareItemsets.ts). */
function anonymous(chunk: readonly SubrecordDraft[], k: number, m: number): boolean {
  return !hasRareItemsetInLists(
    chunk.map((sub) => sub.items),
    m,
    k,
  );
}
