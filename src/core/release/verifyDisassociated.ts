/**
 * Verifier of `disassociated` releases (Terrovitis et al., PVLDB 2012, Sec. 3; DESIGN.md sec. 8),
 * strict, against the input and the audit:
 * - partition: the audit's clusters hold every input row once, as many as each cluster's `rows`,
 *   and every cluster at least k rows (this project's addition: a term chunk's items are then
 *   hidden among k rows at least; docs/disassociation.md);
 * - every item occurrence of a cluster in exactly one chunk: each item of the cluster's rows is in
 *   one record chunk or the term chunk of that cluster, never two, and nothing else is published;
 *   each record chunk publishes, for each row of its cluster whose projection on the chunk's items
 *   is not empty, exactly that projection, once (the audit names the row of each sub-record); a
 *   term-chunk item is held by some row of its cluster;
 * - every record chunk k^m-anonymous (Def. 2): every itemset of at most m of its items that a
 *   sub-record holds is held by at least k sub-records (release/rareItemsets.ts, the test the
 *   `generalized` verifier uses);
 * - with `params.safe` (arXiv 1904.03112): the occurrences the audit lists as suppressed are left
 *   out of their sub-records (and only those), and no cluster has a cover (release/covers.ts);
 *   without it nothing may be suppressed.
 */
import type { Dataset } from '../data/dataset.ts';
import { findCovers } from './covers.ts';
import type { DisassociatedAudit, DisassociatedRelease } from './disassociated.ts';
import { checkPartition } from './partition.ts';
import { hasRareItemsetInLists } from './rareItemsets.ts';
import { rowCount, rowIds, type TokenRows } from './tokenRows.ts';
import type { Verification } from './types.ts';

const MAX_PROBLEMS = 20;

export function verifyDisassociated(
  dataset: Dataset,
  release: DisassociatedRelease,
  audit: DisassociatedAudit,
): Verification {
  const problems: string[] = [];
  const note = (problem: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(problem);
  };
  const k = Number(release.params.k);
  const m = Number(release.params.m);
  const safe = release.params.safe === true;
  if (!(Number.isInteger(k) && k >= 1))
    note(`release params.k must be an integer >= 1, got ${release.params.k}`);
  if (!(Number.isInteger(m) && m >= 1))
    note(`release params.m must be an integer >= 1, got ${release.params.m}`);
  const partition = checkPartition(dataset.n, audit.clusters.items);
  partition.forEach(note);
  const table = release.clusters;
  const clusters = table.rows.length;
  if (rowCount(audit.clusters) !== clusters)
    note(`the audit has ${rowCount(audit.clusters)} clusters, the release ${clusters}`);
  if (audit.subrecordOf.length !== rowCount(table.subrecords))
    note(
      `the audit names the rows of ${audit.subrecordOf.length} sub-records, the release has ${rowCount(table.subrecords)}`,
    );
  const suppressed = suppressedSet(dataset, audit);
  if (!safe && suppressed.size > 0)
    note('a disassociation that is not safe suppresses nothing, but the audit lists suppressed occurrences');
  let suppressedSeen = 0;

  const chunkIds = inputIds(dataset, table.chunkItems);
  const subIds = inputIds(dataset, table.subrecords);
  const termIds = inputIds(dataset, table.termChunks);
  // An input item's place in the cluster at hand: its chunk (>= 0), the term chunk (-2), none (-1).
  const place = new Int32Array(dataset.d).fill(-1);
  const stamp = new Int32Array(dataset.n).fill(-1); // row -> last chunk that published it
  const clusterOf = new Int32Array(dataset.n).fill(-1);
  for (let c = 0; c < rowCount(audit.clusters); c++)
    for (const r of rowIds(audit.clusters, c)) if (r < dataset.n) clusterOf[r] = c;
  for (let c = 0; c < Math.min(clusters, rowCount(audit.clusters)); c++) {
    const name = `cluster ${c + 1}`;
    const rows = Array.from(rowIds(audit.clusters, c)).filter((r) => r < dataset.n);
    if (table.rows[c] !== rows.length)
      note(`${name}: rows ${table.rows[c]} but ${rows.length} input rows in the audit`);
    if (rows.length < k) note(`${name}: ${rows.length} rows, fewer than k = ${k}`);
    const placed: number[] = [];
    const put = (id: number, where: number, token: string) => {
      if (id < 0) return note(`${name}: ${token} is no item of the input`);
      if (place[id] !== -1) return note(`${name}: item ${token} is published in two of its chunks`);
      place[id] = where;
      placed.push(id);
    };
    const first = table.chunkStart[c];
    for (let j = first; j < table.chunkStart[c + 1]; j++)
      for (let p = table.chunkItems.offsets[j]; p < table.chunkItems.offsets[j + 1]; p++)
        put(chunkIds[table.chunkItems.items[p]], j, table.chunkItems.tokens[table.chunkItems.items[p]]);
    for (let p = table.termChunks.offsets[c]; p < table.termChunks.offsets[c + 1]; p++)
      put(termIds[table.termChunks.items[p]], -2, table.termChunks.tokens[table.termChunks.items[p]]);
    const inCluster = new Set<number>();
    for (const r of rows)
      for (let p = dataset.offsets[r]; p < dataset.offsets[r + 1]; p++) {
        const item = dataset.items[p];
        inCluster.add(item);
        if (place[item] === -1)
          note(`${name}: item ${dataset.dictionary.token(item)} of input row ${r} is in none of its chunks`);
        if (suppressed.has(key(dataset, r, item))) {
          suppressedSeen++;
          if (place[item] < 0)
            note(
              `${name}: the audit suppresses ${dataset.dictionary.token(item)} of row ${r}, which is in no record chunk`,
            );
        }
      }
    for (const id of placed)
      if (!inCluster.has(id))
        note(`${name}: item ${dataset.dictionary.token(id)} is published but no row of the cluster holds it`);
    const chunkRows: number[][][] = [];
    for (let j = first; j < table.chunkStart[c + 1]; j++) {
      const subs: number[][] = [];
      for (let s = table.subStart[j]; s < table.subStart[j + 1]; s++) {
        const r = audit.subrecordOf[s];
        const items = Array.from(rowIds(table.subrecords, s), (t) => subIds[t]).sort((a, b) => a - b);
        subs.push(items);
        if (!(r < dataset.n) || clusterOf[r] !== c) {
          note(`${name}, chunk ${j - first + 1}: sub-record ${s + 1} is of row ${r}, not of this cluster`);
          continue;
        }
        if (stamp[r] === j) note(`${name}, chunk ${j - first + 1}: row ${r} has two sub-records`);
        stamp[r] = j;
        const expected = projection(dataset, r, j, place, suppressed);
        if (items.length === 0 || items.join(',') !== expected.join(','))
          note(`${name}, chunk ${j - first + 1}: sub-record ${s + 1} is not row ${r}'s items of the chunk`);
      }
      for (const r of rows)
        if (stamp[r] !== j && projection(dataset, r, j, place, suppressed).length > 0)
          note(`${name}, chunk ${j - first + 1}: row ${r}'s items of the chunk are not published`);
      for (let p = table.chunkItems.offsets[j]; p < table.chunkItems.offsets[j + 1]; p++) {
        const id = chunkIds[table.chunkItems.items[p]];
        if (id >= 0 && !subs.some((sub) => sub.includes(id)))
          note(`${name}, chunk ${j - first + 1}: item ${dataset.dictionary.token(id)} is in no sub-record`);
      }
      if (hasRareItemsetInLists(subs, m, k))
        note(
          `${name}, chunk ${j - first + 1}: some itemset of at most ${m} of its items is held by fewer than ${k} of its sub-records`,
        );
      chunkRows.push(subs);
    }
    if (safe)
      for (const cover of findCovers(chunkRows, rows.length, k, m, 1))
        note(
          `${name}: the chunks force {${cover.parts
            .flat()
            .map((id) => dataset.dictionary.token(id))
            .join(', ')}} into ${cover.forced} rows, fewer than k = ${k} (a cover)`,
        );
    for (const id of placed) place[id] = -1;
  }
  if (suppressedSeen !== suppressed.size)
    note(
      `the audit suppresses ${suppressed.size - suppressedSeen} occurrences that no row of their cluster holds`,
    );
  return { verified: problems.length === 0, partitionComplete: partition.length === 0, problems };
}

/** Input ids of a token table's entries (-1: no item of the input). */
function inputIds(dataset: Dataset, rows: TokenRows): Int32Array {
  return Int32Array.from(rows.tokens, (t) => dataset.dictionary.find(t) ?? -1);
}

const key = (dataset: Dataset, r: number, item: number) => r * dataset.d + item;

function suppressedSet(dataset: Dataset, audit: DisassociatedAudit): Set<number> {
  const out = new Set<number>();
  const pairs = audit.suppressed ?? new Uint32Array(0);
  for (let i = 0; i + 1 < pairs.length; i += 2)
    if (pairs[i] < dataset.n && pairs[i + 1] < dataset.d) out.add(key(dataset, pairs[i], pairs[i + 1]));
  return out;
}

/** Row r's items in chunk j, less the suppressed ones, ascending. */
function projection(
  dataset: Dataset,
  r: number,
  j: number,
  place: Int32Array,
  suppressed: Set<number>,
): number[] {
  const out: number[] = [];
  for (let p = dataset.offsets[r]; p < dataset.offsets[r + 1]; p++) {
    const item = dataset.items[p];
    if (place[item] === j && !suppressed.has(key(dataset, r, item))) out.push(item);
  }
  return out;
}
