/**
 * COAT's privacy constraints as they evolve (Loukides et al., Def. 3.3-3.4, Alg. 1 step 3, Alg. 2
 * steps 3-4, Alg. 3 steps 2-3): each constraint is held as its image, the generalized items its
 * items map to now, with the image's support and whether Def. 3.4 holds.
 * - Two constraints with the same image stay the same ever after (a merge or a suppression changes
 *   both alike), so they are kept once: the one being satisfied, else the first given.
 * - Supports only grow (a merge adds rows to the merged item, a suppression drops an item from the
 *   image), so a constraint supported by k rows stays satisfied and leaves the lists.
 * - A merge keeps the id of the side more constraints hold: those keep their images and gain only
 *   the rows of the other side that this one lacked and that hold the rest of them. They are found
 *   from the gained rows (the subsets of each row's image, looked up by image) when that is cheaper
 *   than reading every constraint that holds the kept id, which then counts its gain on those rows.
 *   The constraints holding the retired id are renamed (their image changed in place) and counted
 *   afresh. A pair (k^m at m = 2 is almost all pairs) is supported by the rows the merged item
 *   shares with its other item: when the pairs of either id would cost more to intersect one by
 *   one, one pass over the merged item's rows counts them all (Generalization.countShared).
 * - Which id a merge keeps reads the lengths of the holder lists, entries no longer live included:
 *   those lists are cleaned exactly where they always were, so the ids, and with them the order of
 *   a constraint's generalized items in COAT's steps, stay what they were.
 * - Step 3 takes the unsatisfied constraint of largest support, the first one (by order given) among
 *   equals: one first-index heap per support value 0..k-1, entries checked when taken.
 */
import type { Generalization, Merge } from './generalization.ts';
import { countHolding, rowsMinus } from './generalization.ts';
import { sortedHas } from '../../data/rowDistance.ts';
import { choose, forEachSubset } from '../../base/subsets.ts';

/** Def. 3.4 (2) is checked exactly up to this many generalized items; longer ones count unsatisfied. */
const EXACT_SUBSETS = 12;

type Key = number | string;

export class ConstraintSet {
  readonly gids: number[][] = [];
  /** The index, in the images given, of each constraint (the first of those with its image). */
  readonly origin: number[] = [];
  private readonly support: number[] = [];
  private readonly satisfiedFlag: boolean[] = [];
  private readonly alive: boolean[] = [];
  private readonly holders = new Map<number, number[]>();
  private readonly byKey = new Map<Key, number>();
  private readonly heaps: number[][];
  private maxSize = 0;
  // rowMark[r] === markStamp when row r holds the generalized item just merged.
  private readonly rowMark: Int32Array;
  private markStamp = 0;

  /**
   * `supports[i]`, when given, is the support of images[i] as the state stands (saves a count). The
   * images become the constraints' (an ascending one is kept and changed in place as they evolve).
   */
  constructor(
    private readonly state: Generalization,
    private readonly k: number,
    images: number[][],
    supports?: readonly number[],
  ) {
    this.heaps = Array.from({ length: k }, () => []);
    this.rowMark = new Int32Array(state.dataset.n);
    images.forEach((image, i) => this.add(ascendingSet(image), i, supports?.[i]));
  }

  get size(): number {
    return this.gids.length;
  }

  isSatisfied(ci: number): boolean {
    return !this.alive[ci] || this.satisfiedFlag[ci];
  }

  /** Alg. 1 step 3: the unsatisfied constraint of largest support (first given among equals), or -1. */
  takeLargest(): number {
    for (let s = this.k - 1; s >= 0; s--) {
      const heap = this.heaps[s];
      while (heap.length > 0) {
        const ci = popMin(heap);
        if (this.alive[ci] && !this.satisfiedFlag[ci] && this.support[ci] === s) return ci;
      }
    }
    return -1;
  }

  /** Which of two generalized items about to merge keeps its id: the one more constraints hold. */
  readonly keep = (a: number, b: number): number =>
    (this.holders.get(a)?.length ?? 0) >= (this.holders.get(b)?.length ?? 0) ? a : b;

  /** After Alg. 2 merged two generalized items (merge.gid kept), while `current` is satisfied. */
  afterGeneralize(current: number, merge: Merge): void {
    const { gid, retired, gained } = merge;
    const touched = new Set<number>();
    // Pairs holding either id are supported by the rows the merged item shares with their other item.
    const shared = this.pairsWorthCounting(merge) ? this.state.countShared(gid) : undefined;
    // Alg. 2 steps 3-4 for the constraints holding the kept id (not the retired one): their gain.
    const images = this.gainedImages(gid, gained);
    if (images) {
      for (const [ci, gain] of this.gainsFromImages(gid, images)) {
        this.support[ci] += gain;
        touched.add(ci);
      }
    } else {
      for (const ci of this.live(gid)) {
        const image = this.gids[ci];
        if (image.includes(retired)) continue; // counted afresh below
        const support =
          shared && image.length <= 2
            ? image.length === 1
              ? this.state.support(gid)
              : this.state.sharedRows[otherOf(image, gid)]
            : this.support[ci] +
              countHolding(
                gained,
                image.filter((g) => g !== gid).map((g) => this.state.rowsOf.get(g)!),
              );
        if (support === this.support[ci]) continue;
        this.support[ci] = support;
        touched.add(ci);
      }
    }
    // ... and for those holding the retired id: renamed to the kept one. A constraint that held the
    // retired id and not the kept one gains the kept side's rows that hold the rest; whichever is
    // cheaper, those rows are read, or the rows of its least supported item are (merged item by a mark).
    const renamed = new Renamed();
    const retiring = this.live(retired);
    if (retiring.length > 0) {
      const mergedRows = this.state.rowsOf.get(gid)!;
      let keptSide: Int32Array | undefined; // and the merged rows marked, when first needed
      let stamp = 0;
      const keptHolders = this.holdersOf(gid);
      for (const ci of retiring) {
        const image = this.gids[ci];
        renamed.add(ci, this.keyOf(image));
        const heldKept = image.includes(gid);
        if (shared && image.length === 2 && !heldKept)
          this.support[ci] = this.state.sharedRows[otherOf(image, retired)];
        else {
          const rest = image.filter((g) => g !== retired && g !== gid);
          if (!keptSide) {
            keptSide = rowsMinus(mergedRows, merge.retiredRows);
            stamp = ++this.markStamp;
            for (const r of mergedRows) this.rowMark[r] = stamp;
          }
          const restLists = rest.map((g) => this.state.rowsOf.get(g)!);
          const shortest = restLists.reduce((a, b) => (b.length < a.length ? b : a), mergedRows);
          if (!heldKept && keptSide.length < shortest.length)
            this.support[ci] += countHolding(keptSide, restLists);
          else this.support[ci] = this.countMarked(shortest, restLists, stamp);
        }
        renameInPlace(image, retired, gid);
        if (!heldKept) keptHolders.push(ci);
        touched.add(ci);
      }
    }
    if (shared) this.state.clearShared(shared);
    this.holders.delete(retired);
    this.settle(current, touched, renamed);
  }

  /**
   * Whether one pass over the merged item's rows (countShared: every item of each) costs less than
   * counting, pair by pair, the rows it shares with the other item of each pair holding either id.
   */
  private pairsWorthCounting({ gid, retired, gained }: Merge): boolean {
    const merged = this.state.rowsOf.get(gid)!;
    let pairs = 0;
    for (const ci of this.live(retired))
      if (this.gids[ci].length === 2)
        pairs += Math.min(merged.length, this.state.support(otherOf(this.gids[ci], retired)));
    // The kept id's pairs gain by one intersection each with the gained rows, when their images
    // cost too much to read (at most as many pairs as it holds constraints).
    pairs += (this.holders.get(gid)?.length ?? 0) * gained.length;
    if (pairs <= merged.length) return false;
    const { offsets } = this.state.dataset;
    let pass = 0;
    for (let i = 0; i < merged.length && pass < pairs; i++)
      pass += offsets[merged[i] + 1] - offsets[merged[i]];
    return pass < pairs;
  }

  /** Rows of `rows` that hold the marked (merged) item and every list of `others`. */
  private countMarked(rows: ArrayLike<number>, others: readonly Int32Array[], stamp: number): number {
    let count = 0;
    for (let k = 0; k < rows.length; k++) {
      const r = rows[k];
      if (this.rowMark[r] === stamp && others.every((list) => list === rows || sortedHas(list, r))) count++;
    }
    return count;
  }

  /** After Alg. 3 suppressed g, while constraint `current` is being satisfied. */
  afterSuppress(current: number, g: number): void {
    const touched = new Set<number>();
    const renamed = new Renamed();
    for (const ci of this.live(g)) {
      renamed.add(ci, this.keyOf(this.gids[ci]));
      this.gids[ci] = this.gids[ci].filter((x) => x !== g);
      this.support[ci] = this.state.itemsetSupport(this.gids[ci]);
      touched.add(ci);
    }
    this.holders.delete(g);
    this.settle(current, touched, renamed);
  }

  /**
   * The images of the gained rows without `partner` (the id kept), when looking up their subsets
   * (gainsFromImages) costs less than reading every constraint that holds the kept id; else undefined.
   */
  private gainedImages(partner: number, rows: Int32Array): number[][] | undefined {
    const budget = (this.holders.get(partner)?.length ?? 0) * Math.max(1, rows.length);
    const images: number[][] = [];
    let cost = 0;
    for (const r of rows) {
      const image = this.state.rowImage(r, partner);
      for (let size = 0; size < this.maxSize; size++) cost += choose(image.length, size);
      if (cost > budget) return undefined;
      images.push(image);
    }
    return images;
  }

  /**
   * The gain of each live constraint holding `partner`, read off the gained rows' images: every
   * subset of an image, with `partner` added, is looked up.
   */
  private gainsFromImages(partner: number, images: readonly number[][]): Map<number, number> {
    const gains = new Map<number, number>();
    for (const image of images) {
      const count = (key: Key) => {
        const ci = this.byKey.get(key);
        if (ci !== undefined && this.alive[ci] && !this.satisfiedFlag[ci])
          gains.set(ci, (gains.get(ci) ?? 0) + 1);
      };
      count(this.keyOf([partner]));
      const one = [0];
      if (this.maxSize > 1) for (const g of image) count(this.keyWith(((one[0] = g), one), partner));
      for (let size = 2; size < this.maxSize && size <= image.length; size++)
        forEachSubset(image, size, (subset) => count(this.keyWith(subset, partner)));
    }
    return gains;
  }

  /** The key of `subset` (ascending) with `extra` (not in it) added, without building the image. */
  private keyWith(subset: readonly number[], extra: number): Key {
    const base = this.state.dataset.d + 1;
    if ((subset.length + 1) * Math.log2(base) >= 53) return insertSorted([...subset], extra).join(',');
    let key = 0;
    let placed = false;
    for (const g of subset) {
      if (!placed && extra < g) {
        key = key * base + extra + 1;
        placed = true;
      }
      key = key * base + g + 1;
    }
    return placed ? key : key * base + extra + 1;
  }

  /**
   * An image's key: its gids + 1 as the digits of a number in base d + 1 (bijective numeration: no
   * digit is 0, so images of different sizes never share a key, and a pair's key is a small integer
   * for d below 32,767), or the gids joined when that number would pass 2^53.
   */
  private keyOf(image: readonly number[]): Key {
    const base = this.state.dataset.d + 1;
    if (image.length * Math.log2(base) >= 53) return image.join(',');
    let key = 0;
    for (const g of image) key = key * base + g + 1;
    return key;
  }

  private add(image: number[], origin: number, support?: number): void {
    const key = this.keyOf(image);
    if (this.byKey.has(key)) return;
    const ci = this.gids.length;
    this.byKey.set(key, ci);
    this.gids.push(image);
    this.origin.push(origin);
    this.support.push(support ?? this.state.itemsetSupport(image));
    this.satisfiedFlag.push(false);
    this.alive.push(true);
    this.maxSize = Math.max(this.maxSize, image.length);
    this.evaluate(ci);
    if (!this.satisfiedFlag[ci]) for (const g of image) this.holdersOf(g).push(ci);
  }

  /** The alive, unsatisfied constraints holding g (the list is cleaned in place as it is read). */
  private live(g: number): number[] {
    const list = this.holders.get(g);
    if (!list) return [];
    let kept = 0;
    for (const ci of list) if (this.alive[ci] && !this.satisfiedFlag[ci]) list[kept++] = ci;
    list.length = kept;
    return list;
  }

  private holdersOf(g: number): number[] {
    let list = this.holders.get(g);
    if (!list) this.holders.set(g, (list = []));
    return list;
  }

  /**
   * Re-evaluates the touched constraints; the renamed ones (with their keys before) are re-keyed,
   * and one of two with the same image is dropped (never `current`).
   */
  private settle(current: number, touched: ReadonlySet<number>, renamed: Renamed): void {
    renamed.cis.forEach((ci, i) => {
      if (this.byKey.get(renamed.keysBefore[i]) === ci) this.byKey.delete(renamed.keysBefore[i]);
    });
    for (const ci of renamed.cis) {
      const key = this.keyOf(this.gids[ci]);
      const twin = this.byKey.get(key);
      if (twin !== undefined && twin !== ci && this.alive[twin]) {
        // Keep the one being satisfied, else the first given (ties of step 3 go to it).
        if (twin === current || (ci !== current && twin < ci)) {
          this.alive[ci] = false;
          continue;
        }
        this.alive[twin] = false;
      }
      this.byKey.set(key, ci);
    }
    for (const ci of touched) if (this.alive[ci]) this.evaluate(ci);
  }

  /** Def. 3.4 for constraint ci at its current support; files it under its support when unsatisfied. */
  private evaluate(ci: number): void {
    const image = this.gids[ci];
    const support = this.support[ci];
    const satisfied = image.length === 0 || support >= this.k || (support === 0 && this.subsetsSafe(image));
    this.satisfiedFlag[ci] = satisfied;
    if (!satisfied) pushMin(this.heaps[support], ci);
  }

  /** Def. 3.4 (2): every proper subset supported by k rows or none (exact up to EXACT_SUBSETS). */
  private subsetsSafe(image: readonly number[]): boolean {
    if (image.length > EXACT_SUBSETS) return false;
    for (let mask = 1; mask < (1 << image.length) - 1; mask++) {
      const subset = image.filter((_, i) => mask & (1 << i));
      const support = this.state.itemsetSupport(subset);
      if (support > 0 && support < this.k) return false;
    }
    return true;
  }
}

/** The distinct values of `list`, ascending: `list` itself when it is so already (it is not changed). */
function ascendingSet(list: number[]): number[] {
  let ascending = true;
  for (let i = 1; i < list.length && ascending; i++) ascending = list[i - 1] < list[i];
  if (ascending) return list;
  const sorted = list.slice().sort((a, b) => a - b);
  let kept = 0;
  for (let i = 0; i < sorted.length; i++)
    if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[kept++] = sorted[i];
  sorted.length = kept;
  return sorted;
}

/** The other generalized item of a pair. */
function otherOf(pair: readonly number[], g: number): number {
  return pair[0] === g ? pair[1] : pair[0];
}

/** The constraints renamed by a step, with their keys before. */
class Renamed {
  readonly cis: number[] = [];
  readonly keysBefore: Key[] = [];
  add(ci: number, keyBefore: Key): void {
    this.cis.push(ci);
    this.keysBefore.push(keyBefore);
  }
}

/** In an ascending image, `from` becomes `to` (dropped when `to` is there already), in place. */
function renameInPlace(image: number[], from: number, to: number): void {
  let at = image.indexOf(from);
  for (; at + 1 < image.length; at++) image[at] = image[at + 1];
  image.length--;
  insertSorted(image, to);
}

function insertSorted(list: number[], value: number): number[] {
  let at = 0;
  while (at < list.length && list[at] < value) at++;
  if (list[at] === value) return list;
  list.splice(at, 0, value);
  return list;
}

/** Binary min-heap of constraint indices. */
function pushMin(heap: number[], value: number): void {
  heap.push(value);
  let i = heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent] <= heap[i]) break;
    [heap[parent], heap[i]] = [heap[i], heap[parent]];
    i = parent;
  }
}

function popMin(heap: number[]): number {
  const top = heap[0];
  const last = heap.pop()!;
  if (heap.length > 0) {
    heap[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < heap.length && heap[l] < heap[least]) least = l;
      if (r < heap.length && heap[r] < heap[least]) least = r;
      if (least === i) break;
      [heap[least], heap[i]] = [heap[i], heap[least]];
      i = least;
    }
  }
  return top;
}
