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
 * first generalized item so that only one item's counts are held at a time: pairs in one array of
 * counts (the shared counter, data/pairsByFirst.ts), larger itemsets' tails in a typed hash table
 * (TupleCounter), whose largest size is estimated against the run's memory budget before the level
 * starts. The constraints found are kept in typed chunks (34 million pairs on 50,000 Netflix rows).
 */
import type { Generalization } from './generalization.ts';
import { choose, forEachSubset } from '../../base/subsets.ts';
import type { MemoryCheck } from '../../base/memoryBudget.ts';
import { PairCountsByFirst } from '../../data/pairsByFirst.ts';
import { ChunkedU32 } from '../../data/chunkedU32.ts';
import { TupleCounter } from '../../data/tupleCounts.ts';
import { itemsetListOf, type ItemsetList } from './constraintImages.ts';

/** A level's constraints as they are found: `width` gids each, with their supports, in chunks. */
class FoundItemsets implements ItemsetList {
  private readonly gids: ChunkedU32;
  private readonly supports: ChunkedU32;

  constructor(
    private readonly width: number,
    memory: MemoryCheck,
  ) {
    const check = () =>
      memory(
        this.bytes + 4 * 2 ** 20 * (width + 1),
        `COAT's privacy constraints of ${width} items (itemsets below k)`,
        'a smaller k',
      );
    this.gids = new ChunkedU32(check);
    this.supports = new ChunkedU32(check);
  }

  get count(): number {
    return this.supports.length;
  }

  get bytes(): number {
    return this.gids.bytes + this.supports.bytes;
  }

  sizeOf(): number {
    return this.width;
  }

  item(i: number, j: number): number {
    return this.gids.get(i * this.width + j);
  }

  support(i: number): number {
    return this.supports.get(i);
  }

  add(gids: ArrayLike<number>, support: number): void {
    for (let j = 0; j < this.width; j++) this.gids.push(gids[j]);
    this.supports.push(support);
  }
}

/**
 * Level j's constraints: the j-itemsets of generalized items that occur with support below k, in a
 * canonical order (generalized items ordered by their first item, so that the order, and with it
 * COAT's ties, does not depend on internal ids), with their supports.
 */
export function levelConstraints(
  state: Generalization,
  j: number,
  k: number,
  memory: MemoryCheck = () => {},
): ItemsetList & { readonly bytes?: number } {
  const gids = [...state.members.keys()].sort((a, b) => state.first(a) - state.first(b));
  if (j === 1) {
    const below = gids.filter((g) => state.support(g) < k);
    return itemsetListOf(
      below.map((g) => [g]),
      below.map((g) => state.support(g)),
    );
  }
  const rank = new Map(gids.map((g, i) => [g, i]));
  const images = imagesAsRanks(state, rank);
  const found = new FoundItemsets(j, memory);
  if (j === 2) {
    pairsBelow(state, gids, images, k, found);
    return found;
  }
  checkTails(images, gids.length, j, memory);
  const tuple = new Array<number>(j).fill(0);
  gids.forEach((first, firstRank) => {
    const counts = new TupleCounter(j - 1);
    for (const r of state.rowsOf.get(first)!) {
      const image = images[r];
      if (image.length < j) continue;
      forEachSubset(image, j - 1, (tail) => counts.add(tail), image.indexOf(firstRank) + 1);
    }
    tuple[0] = first;
    counts.forEach((tail, count) => {
      if (count >= k) return;
      for (let t = 0; t < j - 1; t++) tuple[t + 1] = gids[tail[t]];
      found.add(tuple, count);
    });
  });
  return found;
}

/**
 * Level j >= 3 counts, per first generalized item, the (j-1)-tails of the rows holding it: the
 * largest of those tables (at most one entry per tail met and per possible tail) must fit.
 */
function checkTails(images: readonly Int32Array[], items: number, j: number, memory: MemoryCheck): void {
  const tails = new Float64Array(items);
  for (const image of images)
    for (let i = 0; i < image.length; i++) tails[image[i]] += choose(image.length - 1 - i, j - 1);
  let largest = 0;
  for (let f = 0; f < items; f++)
    largest = Math.max(largest, Math.min(tails[f], choose(items - 1 - f, j - 1)));
  // A TupleCounter entry: j - 1 keys, a count and an order slot, at half load, doubling.
  memory(
    largest * (4 * (j - 1) + 8) * 3,
    `COAT's count of the ${j}-itemsets (${largest.toPrecision(3)} tails of one generalized item)`,
    `m = ${j - 1}`,
  );
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
  found: FoundItemsets,
): void {
  const counter = new PairsWithFirst(gids, images, k, found);
  for (let firstRank = 0; firstRank < gids.length; firstRank++) {
    const rows = state.rowsOf.get(gids[firstRank])!;
    counter.count(rows);
    counter.keep(firstRank, rows);
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
  /** Per rank, the rows holding the first item and it (data/pairsByFirst.ts). */
  private readonly pairs: PairCountsByFirst;
  /** next[r]: where row r's image goes on after the first item being counted (it only steps on). */
  private readonly next: Int32Array;
  /** The ranks below k of the first item (rare[0..rareCount)), their counts, a mark for the order pass. */
  private readonly rare: Int32Array;
  private readonly rareSupport: Int32Array;
  private readonly mark: Int32Array;
  private stamp = 0;
  private readonly pair = [0, 0];

  constructor(
    private readonly gids: readonly number[],
    private readonly images: readonly Int32Array[],
    private readonly k: number,
    private readonly found: FoundItemsets,
  ) {
    this.pairs = new PairCountsByFirst(gids.length);
    this.next = new Int32Array(images.length);
    this.rare = new Int32Array(gids.length);
    this.rareSupport = new Int32Array(gids.length);
    this.mark = new Int32Array(gids.length);
  }

  /**
   * Counts, per rank above `firstRank`, the rows (of `rows`) whose image holds it. The first ranks
   * come in ascending order and `rows` are the rows whose image holds `firstRank`, so each image is
   * read from its cursor on.
   */
  count(rows: Int32Array): void {
    const { pairs, images, next } = this;
    for (let j = 0; j < rows.length; j++) {
      const image = images[rows[j]];
      pairs.add(image, ++next[rows[j]], image.length);
    }
  }

  /**
   * Keeps the pairs counted below k, in the order first met reading `rows` (the order the keyed
   * count of higher levels keeps): when more than one, one more pass over the rows finds it, ending
   * once every one is met. Clears the counts.
   */
  keep(firstRank: number, rows: Int32Array): void {
    const { gids, pair, rare, rareSupport, mark, images, next } = this;
    let rareCount = 0;
    this.pairs.takeRare(firstRank, this.k, (x, count) => {
      rare[rareCount] = x;
      rareSupport[x] = count;
      rareCount++;
    });
    if (rareCount > 1) {
      const stamp = ++this.stamp;
      for (let i = 0; i < rareCount; i++) mark[rare[i]] = stamp;
      let met = 0;
      for (let j = 0; j < rows.length && met < rareCount; j++) {
        const image = images[rows[j]];
        for (let t = next[rows[j]]; t < image.length; t++)
          if (mark[image[t]] === stamp) {
            mark[image[t]] = 0;
            rare[met++] = image[t];
          }
      }
    }
    const first = gids[firstRank];
    for (let i = 0; i < rareCount; i++) {
      const other = gids[rare[i]];
      // ascending, as kept
      pair[0] = first < other ? first : other;
      pair[1] = first < other ? other : first;
      this.found.add(pair, rareSupport[rare[i]]);
    }
  }
}
