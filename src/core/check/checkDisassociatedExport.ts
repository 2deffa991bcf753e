/**
 * Check of a disassociated release read back without its input (disassociatedExport.ts): what the
 * published chunks themselves must satisfy (Terrovitis et al., PVLDB 2012, Sec. 3, Def. 2-3;
 * release/verifyDisassociated.ts checks the same against the input and the audit):
 * - every cluster of at least k rows (this project's addition, as the verifier), and no chunk with
 *   more sub-records than its cluster has rows, nor an empty sub-record, nor an item twice in one;
 * - every item of a cluster in one of its chunks only (a record chunk or the term chunk);
 *   a record chunk's sub-records within its items, and each of its items in some sub-record;
 * - every record chunk k^m-anonymous: each itemset of at most m items that a sub-record holds is
 *   held by at least k of the chunk's sub-records;
 * - covers (release/covers.ts, the cover problem of arXiv 1904.03112): itemsets of at most m items
 *   over two or more record chunks that the supports force into 0 < forced < k rows. A problem
 *   when the release file claims the safe variant (`params.safe`), else counted in the reading.
 * `offered`: the largest k the chunks meet at this m (the fewest sub-records holding an itemset of
 * at most m items, at most the smallest cluster).
 */
import { findCovers } from '../release/covers.ts';
import type { PlainCluster } from '../release/disassociated.ts';
import { itemsetCounts } from '../release/verifyGeneralized.ts';
import type { DisassociatedExport } from './disassociatedExport.ts';
import type { CheckRequest, CheckResult } from './types.ts';
import { InputError } from '../base/errors.ts';

const MAX_PROBLEMS = 20;

/**
 * The check a request asks of a disassociated release (the page's Check, through the worker): its
 * model is disassociation, what the release guarantees; any other model is an input error naming it.
 */
export function checkDisassociatedRequest(exported: DisassociatedExport, request: CheckRequest): CheckResult {
  if (request.model !== 'disassociation')
    throw new InputError(
      `${exported.files[0]} is a disassociated release (clusters of record chunks and term chunks): what it guarantees is k^m-anonymity of its chunks; check it with the disassociation model`,
    );
  return checkDisassociatedExport(exported, request.k, request.m);
}

export function checkDisassociatedExport(exported: DisassociatedExport, k: number, m: number): CheckResult {
  const safe = exported.params?.safe === true;
  const problems: string[] = [];
  let more = 0;
  const note = (problem: string) => (problems.length < MAX_PROBLEMS ? problems.push(problem) : more++);
  const ids = new Map<string, number>();
  const idOf = (token: string) => ids.get(token) ?? ids.set(token, ids.size).get(token)!;
  let offered = Infinity;
  let covered = 0;
  let chunks = 0;
  exported.clusters.forEach((cluster, c) => {
    const name = `cluster ${c + 1}`;
    offered = Math.min(offered, cluster.rows);
    if (cluster.rows < k) note(`${name}: ${cluster.rows} rows, fewer than k = ${k}`);
    placeItems(cluster, name, note);
    cluster.recordChunks.forEach((chunk, j) => {
      chunks++;
      const where = `${name}, chunk ${j + 1}`;
      if (chunk.subrecords.length > cluster.rows)
        note(
          `${where}: ${chunk.subrecords.length} sub-records, more than the cluster's ${cluster.rows} rows`,
        );
      const domain = new Set(chunk.items);
      chunk.subrecords.forEach((sub, s) => {
        if (sub.length === 0) note(`${where}: sub-record ${s + 1} is empty`);
        if (new Set(sub).size !== sub.length) note(`${where}: sub-record ${s + 1} holds an item twice`);
        for (const t of sub)
          if (!domain.has(t)) note(`${where}: sub-record ${s + 1} holds ${t}, not an item of the chunk`);
      });
      for (const t of domain)
        if (!chunk.subrecords.some((sub) => sub.includes(t))) note(`${where}: item ${t} is in no sub-record`);
      const rare: [string, number][] = [];
      for (const [key, count] of itemsetCounts(chunk.subrecords, m)) {
        offered = Math.min(offered, count);
        if (count < k) rare.push([key, count]);
      }
      rare.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
      for (const [key, count] of rare.slice(0, 3))
        note(
          `${where}: {${key.split('\u0000').join(', ')}} is held by ${count} of its sub-records, fewer than k = ${k} (k^m-anonymity, m = ${m})`,
        );
      if (rare.length > 3) note(`${where}: … and ${rare.length - 3} more itemsets below k = ${k}`);
    });
    const chunkIds = cluster.recordChunks.map((chunk) => chunk.subrecords.map((sub) => sub.map(idOf)));
    const [cover] = findCovers(chunkIds, cluster.rows, k, m, 1);
    if (cover) {
      covered++;
      if (safe) {
        const tokens = [...ids.keys()];
        note(
          `${name}: the chunks force {${cover.parts
            .flat()
            .map((id) => tokens[id])
            .join(
              ', ',
            )}} into ${cover.forced} rows, fewer than k = ${k} (a cover; the release claims the safe variant)`,
        );
      }
    }
  });
  if (more > 0) problems.push(`… and ${more} more problems`);
  const coverText =
    covered === 0
      ? 'no cluster has a cover (no itemset across chunks forced into fewer than k rows)'
      : `${covered} cluster(s) have a cover: their chunks force an itemset of at most ${m} items across chunks into fewer than k = ${k} rows (the safe variant, --safe, publishes none)`;
  return {
    model: 'disassociation',
    holds: problems.length === 0,
    offered,
    problems,
    reading: `A disassociated release (${exported.files.join(', ')}): ${exported.clusters.length} cluster(s), ${chunks} record chunk(s), read without its input: every record chunk must be k^m-anonymous and every item in one chunk of its cluster; ${coverText}.${exported.params ? '' : ' The table carries no params: a chunk\u2019s items are those its sub-records hold.'}`,
  };
}

/** Every item of a cluster in one of its chunks only. */
function placeItems(cluster: PlainCluster, name: string, note: (problem: string) => void): void {
  const place = new Map<string, string>();
  const put = (token: string, where: string) => {
    const before = place.get(token);
    if (before !== undefined && before !== where)
      note(`${name}: item ${token} is published in ${before} and in ${where}`);
    place.set(token, where);
  };
  cluster.recordChunks.forEach((chunk, j) => chunk.items.forEach((t) => put(t, `record chunk ${j + 1}`)));
  const term = new Set<string>();
  for (const t of cluster.termChunk) {
    if (term.has(t)) note(`${name}: item ${t} is twice in the term chunk`);
    term.add(t);
    put(t, 'the term chunk');
  }
}
