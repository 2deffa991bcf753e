/**
 * VERPART, disassociation's vertical partitioning of one cluster (Terrovitis et al., PVLDB 2012,
 * Sec. 4.2, Algorithm 2 as we recall it): the items that fewer than k rows of the cluster hold go
 * to the term chunk; the others, by support descending, are packed greedily into record chunks:
 * an item joins the chunk being built when the cluster's rows projected on the chunk's items with
 * it stay k^m-anonymous (every itemset of at most m of those items that some row holds is held by
 * at least k rows, Def. 2), else it waits for a later chunk. A chunk is closed when every waiting
 * item was tried; the first waiting item always fits a new chunk (k rows hold it), so the loop ends.
 * Only itemsets holding the new item can become rare when it joins (the chunk was k^m-anonymous
 * before), so the test counts the subsets of at most m-1 chunk items in the rows holding it:
 * an array of counts for m = 2, a TupleCounter per size above.
 * Ties of support go to the smaller input id, so a run is reproducible from its seed alone.
 */
import type { Dataset } from '../../data/dataset.ts';
import { TupleCounter } from '../../data/tupleCounts.ts';

/** One cluster's vertical partition, as input item ids. */
export interface ClusterChunks {
  /** The record chunks' domains, each in the order its items joined. */
  domains: number[][];
  /** The term chunk, ascending. */
  term: number[];
}

/** A decision of VERPART, for the stepper: an item tried for the chunk being built. */
export interface ChunkTrial {
  chunk: number;
  item: number;
  support: number;
  fits: boolean;
}

/** Scratch reused across the clusters of one run (indexed by input item id). */
export class VerpartScratch {
  readonly local: Int32Array;
  constructor(d: number) {
    this.local = new Int32Array(d).fill(-1);
  }
}

export function verpart(
  dataset: Dataset,
  rows: ArrayLike<number>,
  k: number,
  m: number,
  scratch: VerpartScratch,
  onTrial?: (trial: ChunkTrial) => void,
): ClusterChunks {
  const { offsets, items } = dataset;
  const { local } = scratch;
  // The cluster's items as local ids 0..size-1 and each row as local ids.
  const itemOf: number[] = [];
  const localRows: number[][] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const row: number[] = [];
    for (let p = offsets[r]; p < offsets[r + 1]; p++) {
      const item = items[p];
      if (local[item] < 0) {
        local[item] = itemOf.length;
        itemOf.push(item);
      }
      row.push(local[item]);
    }
    localRows.push(row);
  }
  const size = itemOf.length;
  const holders: number[][] = Array.from({ length: size }, () => []);
  localRows.forEach((row, i) => {
    for (const id of row) holders[id].push(i);
  });
  for (const item of itemOf) local[item] = -1;

  const term: number[] = [];
  let waiting: number[] = [];
  for (let id = 0; id < size; id++) (holders[id].length < k ? term : waiting).push(id);
  waiting.sort((a, b) => holders[b].length - holders[a].length || itemOf[a] - itemOf[b]);

  const inChunk = new Uint8Array(size);
  const counts = new Uint32Array(size);
  const domains: number[][] = [];
  while (waiting.length > 0) {
    const chunk: number[] = [];
    const later: number[] = [];
    for (const id of waiting) {
      const fits = chunk.length === 0 || m === 1 || staysAnonymous(id);
      onTrial?.({ chunk: domains.length, item: itemOf[id], support: holders[id].length, fits });
      if (fits) {
        chunk.push(id);
        inChunk[id] = 1;
      } else later.push(id);
    }
    for (const id of chunk) inChunk[id] = 0;
    domains.push(chunk.map((id) => itemOf[id]));
    waiting = later;
  }
  return { domains, term: term.map((id) => itemOf[id]).sort((a, b) => a - b) };

  /** Whether every itemset of the chunk's items with `id` and at most m-1 others has support 0 or >= k. */
  function staysAnonymous(id: number): boolean {
    if (m === 2) {
      const seen: number[] = [];
      for (const i of holders[id])
        for (const other of localRows[i]) if (inChunk[other] === 1 && counts[other]++ === 0) seen.push(other);
      let ok = true;
      for (const other of seen) {
        if (counts[other] < k) ok = false;
        counts[other] = 0;
      }
      return ok;
    }
    const counters = Array.from({ length: m - 1 }, (_, w) => new TupleCounter(w + 1, 64));
    const chosen = new Uint32Array(m - 1);
    for (const i of holders[id]) {
      const held = localRows[i].filter((other) => inChunk[other] === 1).sort((a, b) => a - b);
      const walk = (start: number, depth: number) => {
        for (let p = start; p < held.length; p++) {
          chosen[depth] = held[p];
          counters[depth].add(chosen);
          if (depth + 2 < m) walk(p + 1, depth + 1);
        }
      };
      walk(0, 0);
    }
    let ok = true;
    for (const counter of counters) counter.forEach((_, count) => (ok &&= count >= k));
    return ok;
  }
}
