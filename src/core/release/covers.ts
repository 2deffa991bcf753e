/**
 * The cover problem of a disassociated cluster (Barakat, Al Bouna, Nassar, Guyeux, 2016; Awad,
 * Al Bouna, Couchot, Philippe, "Safe disassociation of set-valued datasets", arXiv 1904.03112),
 * in the form this project checks (its own formalization, built from those papers' abstracts: their
 * full text was not available to us; docs/disassociation.md): record chunks are shuffled apart,
 * yet their supports alone can force items of different chunks to meet. A cluster of N rows whose
 * chunks C_1..C_t hold the parts S_1..S_t of an itemset S in sup_1..sup_t sub-records has, in
 * every way of joining the chunks back into rows, at least
 *   forced(S) = sup_1 + ... + sup_t - (t - 1) N
 * rows holding all of S (pigeonhole). When 0 < forced(S) < k the release proves that S occurs
 * while fewer than k rows are proven to hold it: the items are "tightly coupled", which
 * k^m-anonymity of each chunk does not prevent. The safe variant requires, for every S of at most
 * m items over two or more record chunks of a cluster, forced(S) <= 0 or forced(S) >= k.
 * Term-chunk items carry no count and take no part. Adding a part never raises forced(S) (it adds
 * sup_j - N <= 0), so the search over parts stops extending once forced(S) <= 0.
 */

/** A chunk's sub-records, as item ids (ids distinct across the cluster's chunks). */
export type ChunkRows = readonly (readonly number[])[];

export interface Cover {
  /** The itemset's parts, one per chunk involved (item ids ascending). */
  parts: number[][];
  /** The index of each part's chunk. */
  chunks: number[];
  /** Each part's support in its chunk. */
  supports: number[];
  /** Rows forced to hold the whole itemset. */
  forced: number;
}

/** Every itemset of 1..width items held by some sub-record, with its support (ids ascending). */
function partSupports(rows: ChunkRows, width: number): { items: number[]; support: number }[] {
  const counts = new Map<string, { items: number[]; support: number }>();
  const chosen: number[] = [];
  const walk = (row: readonly number[], start: number) => {
    for (let p = start; p < row.length; p++) {
      chosen.push(row[p]);
      const key = chosen.join(',');
      const entry = counts.get(key);
      if (entry) entry.support++;
      else counts.set(key, { items: [...chosen], support: 1 });
      if (chosen.length < width) walk(row, p + 1);
      chosen.pop();
    }
  };
  for (const row of rows)
    walk(
      [...row].sort((a, b) => a - b),
      0,
    );
  return [...counts.values()].sort((a, b) => b.support - a.support);
}

/**
 * The covers of a cluster of `rows` rows: itemsets of at most m items over two or more of its
 * record chunks with 0 < forced < k, the first `limit` found (chunks in order, parts by support).
 */
export function findCovers(
  chunks: readonly ChunkRows[],
  rows: number,
  k: number,
  m: number,
  limit = 1,
): Cover[] {
  if (m < 2 || chunks.length < 2) return [];
  const parts = chunks.map((c) => partSupports(c, m - 1));
  const found: Cover[] = [];
  const picked: { chunk: number; items: number[]; support: number }[] = [];
  const extend = (from: number, size: number, sum: number): boolean => {
    for (let c = from; c < chunks.length; c++)
      for (const part of parts[c]) {
        if (size + part.items.length > m) continue;
        const total = sum + part.support;
        const forced = total - picked.length * rows; // picked.length + 1 parts
        // Parts come by support descending: once two or more parts force nothing, none after does.
        if (picked.length >= 1 && forced <= 0) break;
        picked.push({ chunk: c, items: part.items, support: part.support });
        if (picked.length >= 2 && forced < k) {
          found.push({
            parts: picked.map((p) => p.items),
            chunks: picked.map((p) => p.chunk),
            supports: picked.map((p) => p.support),
            forced,
          });
          if (found.length >= limit) return true;
        }
        if (extend(c + 1, size + part.items.length, total)) return true;
        picked.pop();
      }
    return false;
  };
  extend(0, 0, 0);
  return found;
}
