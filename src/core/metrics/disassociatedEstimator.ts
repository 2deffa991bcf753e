/**
 * The support a `disassociated` release gives an itemset of input item ids: its expected support
 * over the datasets the release could come from (Terrovitis et al., PVLDB 2012, Sec. 3 and 6: an
 * analyst reconstructs a dataset by joining each cluster's chunks; we take the expectation over
 * those joins in closed form instead of sampling some). Within a cluster of N rows, the join that
 * hides which sub-records are one row's is a uniformly random matching of each record chunk's
 * sub-records (padded with N - |sub-records| empty ones) to the N rows, independent per chunk, so
 * a row holds the query's part S_j of chunk j with probability sup_j(S_j) / N, independently of
 * the other chunks: the cluster contributes N x prod_j sup_j(S_j) / N.
 * A term-chunk item comes with no count: the release proves only that some row of its cluster holds
 * it (VERPART sends there the items fewer than k rows hold, so 1 to k-1 rows do); like a
 * reconstruction that places each term once, we count it in one row, so a row holds it with
 * probability 1/N (our choice, docs/disassociation.md: on BMS1 at k = 5 the mean of the range,
 * k/2 rows, put the top 100 itemsets off by a median 20%, one row by 6%: topk.re).
 * The clusters an itemset's items share are found by merging their clusters lists; summed in
 * cluster order.
 */
import type { Dataset } from '../data/dataset.ts';
import type { DisassociatedRelease } from '../release/disassociated.ts';

export function disassociatedEstimator(
  dataset: Dataset,
  release: DisassociatedRelease,
): (itemset: readonly number[]) => number {
  const table = release.clusters;
  const clusters = table.rows.length;
  let n = 0;
  for (const rows of table.rows) n += rows;
  const idOf = (tokens: readonly string[]) =>
    Int32Array.from(tokens, (t) => dataset.dictionary.find(t) ?? -1);
  const chunkIds = idOf(table.chunkItems.tokens);
  const termIds = idOf(table.termChunks.tokens);
  const subIds = idOf(table.subrecords.tokens);
  // Every item's places: (cluster, chunk or -1 for the term chunk, its support in the chunk).
  const places: { cluster: number; chunk: number; support: number }[][] = Array.from(
    { length: dataset.d },
    () => [],
  );
  const counts = new Uint32Array(dataset.d);
  for (let c = 0; c < clusters; c++) {
    for (let j = table.chunkStart[c]; j < table.chunkStart[c + 1]; j++) {
      const end = table.subrecords.offsets[table.subStart[j + 1]];
      for (let p = table.subrecords.offsets[table.subStart[j]]; p < end; p++) {
        const id = subIds[table.subrecords.items[p]];
        if (id >= 0) counts[id]++;
      }
      for (let p = table.chunkItems.offsets[j]; p < table.chunkItems.offsets[j + 1]; p++) {
        const id = chunkIds[table.chunkItems.items[p]];
        if (id >= 0) places[id].push({ cluster: c, chunk: j, support: counts[id] });
      }
      for (let p = table.subrecords.offsets[table.subStart[j]]; p < end; p++) {
        const id = subIds[table.subrecords.items[p]];
        if (id >= 0) counts[id] = 0;
      }
    }
    for (let p = table.termChunks.offsets[c]; p < table.termChunks.offsets[c + 1]; p++) {
      const id = termIds[table.termChunks.items[p]];
      if (id >= 0) places[id].push({ cluster: c, chunk: -1, support: 0 });
    }
  }
  const wanted = new Int32Array(dataset.d); // stamp: query number that wants the item
  let query = 0;

  /** Sub-records of chunk j holding every item of `part` (marked in `wanted` with `query`). */
  const partSupport = (j: number, size: number): number => {
    let held = 0;
    for (let s = table.subStart[j]; s < table.subStart[j + 1]; s++) {
      let found = 0;
      for (let p = table.subrecords.offsets[s]; p < table.subrecords.offsets[s + 1]; p++) {
        const id = subIds[table.subrecords.items[p]];
        if (id >= 0 && wanted[id] === query) found++;
      }
      if (found === size) held++;
    }
    return held;
  };

  return (itemset) => {
    if (itemset.length === 0) return n;
    const lists = itemset.map((id) => places[id] ?? []);
    if (lists.some((list) => list.length === 0)) return 0;
    const at = new Array<number>(lists.length).fill(0);
    let total = 0;
    for (const first of lists[0]) {
      const c = first.cluster;
      const here = [first];
      let everywhere = true;
      for (let i = 1; i < lists.length; i++) {
        while (at[i] < lists[i].length && lists[i][at[i]].cluster < c) at[i]++;
        if (at[i] >= lists[i].length || lists[i][at[i]].cluster !== c) {
          everywhere = false;
          break;
        }
        here.push(lists[i][at[i]]);
      }
      if (!everywhere) continue;
      const size = table.rows[c];
      let estimate = size;
      const byChunk = new Map<number, number[]>();
      here.forEach((place, i) => {
        if (place.chunk < 0) estimate /= size;
        else byChunk.set(place.chunk, [...(byChunk.get(place.chunk) ?? []), i]);
      });
      for (const [j, members] of byChunk) {
        let support: number;
        if (members.length === 1) support = here[members[0]].support;
        else {
          query++;
          for (const i of members) wanted[itemset[i]] = query;
          support = partSupport(j, members.length);
        }
        estimate *= support / size;
      }
      total += estimate;
    }
    return total;
  };
}
