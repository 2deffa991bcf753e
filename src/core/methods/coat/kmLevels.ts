/**
 * The privacy constraints of k^m-anonymity for COAT (Loukides et al. Sec. 3.2: "the same privacy
 * guarantees as k^m-anonymity, by formulating a privacy constraint set that consists of all
 * itemsets of size m"), generated level by level as Apriori does (Terrovitis et al.) and only where
 * protection is needed:
 * - level j = 1..m takes the j-itemsets of generalized items that occur in the data *as generalized
 *   so far* with support below k: an itemset supported by k rows is satisfied already (Def. 3.4) and
 *   stays so (supports only grow), and all the j-itemsets of items that map to one image are one
 *   constraint (they stay alike ever after);
 * - after COAT satisfied level j, every j-itemset that occurs has support >= k, and by Theorem 3.5
 *   so have its subsets; a row whose image has fewer than m generalized items was covered at the
 *   level of its length. Level m done, every itemset of at most m items that occurs is supported by
 *   k rows: k^m-anonymity.
 * Nothing is capped: a level enumerates the j-subsets of each row's image once, grouped by their
 * first generalized item so that only one item's counts are held at a time.
 */
import type { Generalization } from './generalization.ts';
import { forEachSubset } from '../../base/subsets.ts';
import { lowerBound } from '../../data/rowDistance.ts';
import { SparseCounts } from '../../data/sparseCounts.ts';

/**
 * Level j's constraints: the j-itemsets of generalized items that occur with support below k, in a
 * canonical order (generalized items ordered by their first item, so that the order, and with it
 * COAT's ties, does not depend on internal ids).
 */
export function levelConstraints(
  state: Generalization,
  j: number,
  k: number,
): { images: number[][]; supports: number[] } {
  const gids = [...state.members.keys()].sort((a, b) => state.first(a) - state.first(b));
  if (j === 1) {
    const below = gids.filter((g) => state.support(g) < k);
    return { images: below.map((g) => [g]), supports: below.map((g) => state.support(g)) };
  }
  const rank = new Map(gids.map((g, i) => [g, i]));
  const images = imagesAsRanks(state, rank);
  // (j-1)-itemsets of ranks as numbers in base G when they fit 2^53, else as strings.
  const base = gids.length;
  const numeric = (j - 1) * Math.log2(Math.max(2, base)) < 52;
  const keyOf = (subset: readonly number[]): number | string =>
    numeric ? subset.reduce((key, x) => key * base + x, 0) : subset.join(',');
  const decode = (key: number | string): number[] => {
    if (typeof key === 'string') return key.split(',').map(Number);
    const out: number[] = [];
    for (let i = 0, rest = key; i < j - 1; i++, rest = Math.floor(rest / base)) out.unshift(rest % base);
    return out;
  };
  const found: number[][] = [];
  const supports: number[] = [];
  if (j === 2) {
    pairsBelow(state, gids, images, k, found, supports);
    return { images: found, supports };
  }
  gids.forEach((first, firstRank) => {
    const counts = new Map<number | string, number>();
    for (const r of state.rowsOf.get(first)!) {
      const image = images[r];
      if (image.length < j) continue;
      forEachSubset(
        image,
        j - 1,
        (tail) => {
          const key = keyOf(tail);
          counts.set(key, (counts.get(key) ?? 0) + 1);
        },
        image.indexOf(firstRank) + 1,
      );
    }
    for (const [key, count] of counts) {
      if (count >= k) continue;
      found.push([first, ...decode(key).map((x) => gids[x])]);
      supports.push(count);
    }
  });
  return { images: found, supports };
}

/**
 * Each row's image as ranks, ascending: views into one buffer (an image holds at most its row's
 * items), not an array per row, whose freeing kept a second core busy in Chromium (issue 18).
 */
function imagesAsRanks(state: Generalization, rank: ReadonlyMap<number, number>): Int32Array[] {
  const { dataset } = state;
  const flat = new Int32Array(dataset.offsets[dataset.n]);
  let end = 0;
  return Array.from({ length: dataset.n }, (_, r) => {
    const from = end;
    for (const g of state.rowImage(r)) flat[end++] = rank.get(g)!;
    return flat.subarray(from, end).sort();
  });
}

/**
 * Level 2 without keys: for each first generalized item, one count per rank of the second, kept in
 * the order the pairs are first met (the order the keyed count of higher levels keeps).
 */
function pairsBelow(
  state: Generalization,
  gids: readonly number[],
  images: readonly Int32Array[],
  k: number,
  found: number[][],
  supports: number[],
): void {
  const counter = new PairsWithFirst(gids, images, k, found, supports);
  for (let firstRank = 0; firstRank < gids.length; firstRank++) {
    counter.count(firstRank, state.rowsOf.get(gids[firstRank])!);
    counter.keep(firstRank);
  }
}

/**
 * pairsBelow's work for one first item, in methods called once per item, each ending with its
 * loop. Written as loops nested inside pairsBelow, it ran in code that Chromium's V8 compiled for
 * the innermost loop alone (on-stack replacement) and left at every exit from that loop: 802 times
 * in one 16-run sweep of the page ("exit from OSR'd inner loop"). With the counting and the keeping
 * in one method, its compiled loop was left 118 times for the keeping, which had not run when it
 * was compiled ("insufficient type feedback"). (A forEach callback before deoptimized 73 times.)
 */
class PairsWithFirst {
  /** Per rank, the rows holding the first item and it; cleared between first items. */
  private readonly pairs: SparseCounts;

  constructor(
    private readonly gids: readonly number[],
    private readonly images: readonly Int32Array[],
    private readonly k: number,
    private readonly found: number[][],
    private readonly supports: number[],
  ) {
    this.pairs = new SparseCounts(gids.length);
  }

  /** Counts, per rank above `firstRank`, the rows (of `rows`) whose image holds it. */
  count(firstRank: number, rows: Int32Array): void {
    const { pairs, images } = this;
    for (let j = 0; j < rows.length; j++) {
      const image = images[rows[j]];
      for (let i = lowerBound(image, firstRank) + 1; i < image.length; i++) pairs.add(image[i]);
    }
  }

  /** Keeps the pairs counted below k, in the order first met, and clears the counts. */
  keep(firstRank: number): void {
    const { pairs, gids } = this;
    const first = gids[firstRank];
    for (const x of pairs.met) {
      if (pairs.counts[x] < this.k) {
        this.found.push(first < gids[x] ? [first, gids[x]] : [gids[x], first]); // ascending, as kept
        this.supports.push(pairs.counts[x]);
      }
    }
    pairs.clear();
  }
}
