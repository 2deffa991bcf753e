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
 * Everything that grows with the constraints is typed (constraintImages.ts: the images and the table
 * from an image to its constraint; a typed list of constraints per gid; typed heaps): 34 million
 * pair constraints of 50,000 Netflix-shaped rows take about 40 bytes each.
 */
import type { Generalization, Merge } from './generalization.ts';
import { countHolding, rowsMinus } from './generalization.ts';
import { sortedHas } from '../../data/rowDistance.ts';
import { choose, forEachSubset } from '../../base/subsets.ts';
import { IntLists } from '../../data/intLists.ts';
import { IntHeap } from '../../data/intHeap.ts';
import { ConstraintImages, type ItemsetList } from './constraintImages.ts';

/** Def. 3.4 (2) is checked exactly up to this many generalized items; longer ones count unsatisfied. */
const EXACT_SUBSETS = 12;

const ALIVE = 1;
const SATISFIED = 2;

export class ConstraintSet {
  private readonly images: ConstraintImages;
  /** The index, in the itemsets given, of each constraint when some were merged as equal. */
  private origins: Int32Array | null = null;
  private readonly support: Int32Array;
  private readonly flags: Uint8Array;
  private readonly holders: IntLists;
  private readonly heaps: IntHeap[] = [];
  private maxSize = 0;
  /** Constraints alive and unsatisfied. */
  private openCount = 0;
  // rowMark[r] === markStamp when row r holds the generalized item just merged.
  private readonly rowMark: Int32Array;
  private markStamp = 0;

  /** Bytes a set of `count` constraints of `slots` items in all needs (with its lists and heaps). */
  static bytesFor(count: number, slots: number, rows: number): number {
    return ConstraintImages.bytesFor(count, slots) + count * 5 + slots * 8 + count * 8 + rows * 4;
  }

  /**
   * The itemsets become the constraints (ascending, distinct: an itemset equal to an earlier one
   * is kept once); their supports as the state stands are counted unless `list` knows them.
   */
  constructor(
    private readonly state: Generalization,
    private readonly k: number,
    list: ItemsetList,
  ) {
    this.rowMark = new Int32Array(state.dataset.n);
    this.images = new ConstraintImages(list);
    this.support = new Int32Array(list.count);
    this.flags = new Uint8Array(list.count);
    this.holders = new IntLists(state.dataset.d);
    let scratch = new Int32Array(16);
    for (let i = 0; i < list.count; i++) {
      const size = list.sizeOf(i);
      if (scratch.length < size) scratch = new Int32Array(size * 2);
      for (let j = 0; j < size; j++) scratch[j] = list.item(i, j);
      const length = ascendingSet(scratch, size);
      this.add(scratch, length, i, list.support?.(i));
    }
  }

  get size(): number {
    return this.images.count;
  }

  /** Constraint ci's image as it stands (a copy). */
  image(ci: number): number[] {
    return Array.from(this.images.image(ci));
  }

  /** The index, in the itemsets given, of constraint ci (the first of those with its image). */
  originOf(ci: number): number {
    return this.origins ? this.origins[ci] : ci;
  }

  isSatisfied(ci: number): boolean {
    return (this.flags[ci] & (ALIVE | SATISFIED)) !== ALIVE;
  }

  private isAlive(ci: number): boolean {
    return (this.flags[ci] & ALIVE) !== 0;
  }

  private isOpen(ci: number): boolean {
    return (this.flags[ci] & (ALIVE | SATISFIED)) === ALIVE;
  }

  /** The share of the constraints no longer open (satisfied, or merged into an equal one). */
  get closedShare(): number {
    return this.size === 0 ? 1 : 1 - this.openCount / this.size;
  }

  private setFlags(ci: number, flags: number): void {
    const wasOpen = this.isOpen(ci);
    this.flags[ci] = flags;
    this.openCount += (this.isOpen(ci) ? 1 : 0) - (wasOpen ? 1 : 0);
  }

  /** Alg. 1 step 3: the unsatisfied constraint of largest support (first given among equals), or -1. */
  takeLargest(): number {
    for (let s = this.k - 1; s >= 0; s--) {
      const heap = this.heaps[s];
      while (heap && heap.size > 0) {
        const ci = heap.pop();
        if (this.isOpen(ci) && this.support[ci] === s) return ci;
      }
    }
    return -1;
  }

  /** Which of two generalized items about to merge keeps its id: the one more constraints hold. */
  readonly keep = (a: number, b: number): number =>
    this.holders.length(a) >= this.holders.length(b) ? a : b;

  /** After Alg. 2 merged two generalized items (merge.gid kept), while `current` is satisfied. */
  afterGeneralize(current: number, merge: Merge): void {
    const { gid, retired, gained } = merge;
    const { images } = this;
    const touched = new Set<number>();
    // Pairs holding either id are supported by the rows the merged item shares with their other item.
    const shared = this.pairsWorthCounting(merge) ? this.state.countShared(gid) : undefined;
    // Alg. 2 steps 3-4 for the constraints holding the kept id (not the retired one): their gain,
    // from the shared counts when every constraint is a pair (one look-up each), else from the
    // gained rows' images when that costs less than reading every constraint.
    const fromShared = shared !== undefined && this.maxSize <= 2;
    const gainedImages = fromShared ? undefined : this.gainedImages(gid, gained);
    if (gainedImages) {
      for (const [ci, gain] of this.gainsFromImages(gid, gainedImages)) {
        this.support[ci] += gain;
        touched.add(ci);
      }
    } else {
      // From the shared counts the list is read as it stands (kept uncleaned, as the look-ups of
      // the gained rows' images left it: which id a later merge keeps reads its length).
      for (const ci of fromShared ? this.holders.view(gid) : this.live(gid)) {
        if (!this.isOpen(ci) || images.includes(ci, retired)) continue; // retired: counted afresh below
        const length = images.length(ci);
        const support =
          shared && length <= 2
            ? length === 1
              ? this.state.support(gid)
              : this.state.sharedRows[images.other(ci, gid)]
            : this.support[ci] + countHolding(gained, this.rowLists(images.image(ci), gid));
        if (support === this.support[ci]) continue;
        this.support[ci] = support;
        touched.add(ci);
      }
    }
    // ... and for those holding the retired id: renamed to the kept one. A constraint that held the
    // retired id and not the kept one gains the kept side's rows that hold the rest; whichever is
    // cheaper, those rows are read, or the rows of its least supported item are (merged item by a mark).
    const renamed: number[] = [];
    const retiring = this.live(retired);
    if (retiring.length > 0) {
      const mergedRows = this.state.rowsOf.get(gid)!;
      let keptSide: Int32Array | undefined; // and the merged rows marked, when first needed
      let stamp = 0;
      for (const ci of retiring) {
        renamed.push(ci);
        const heldKept = images.includes(ci, gid);
        if (shared && images.length(ci) === 2 && !heldKept)
          this.support[ci] = this.state.sharedRows[images.other(ci, retired)];
        else {
          if (!keptSide) {
            keptSide = rowsMinus(mergedRows, merge.retiredRows);
            stamp = ++this.markStamp;
            for (const r of mergedRows) this.rowMark[r] = stamp;
          }
          const restLists = this.rowLists(images.image(ci), retired, gid);
          const shortest = restLists.reduce((a, b) => (b.length < a.length ? b : a), mergedRows);
          if (!heldKept && keptSide.length < shortest.length)
            this.support[ci] += countHolding(keptSide, restLists);
          else this.support[ci] = this.countMarked(shortest, restLists, stamp);
        }
        images.unkey(ci);
        images.rename(ci, retired, gid);
        if (!heldKept) this.holders.push(gid, ci);
        touched.add(ci);
      }
    }
    if (shared) this.state.clearShared(shared);
    this.holders.delete(retired);
    this.settle(current, touched, renamed);
  }

  /** The row lists of an image's gids other than `without` (and `alsoWithout`). */
  private rowLists(image: ArrayLike<number>, without: number, alsoWithout = -1): Int32Array[] {
    const lists: Int32Array[] = [];
    for (let j = 0; j < image.length; j++)
      if (image[j] !== without && image[j] !== alsoWithout) lists.push(this.state.rowsOf.get(image[j])!);
    return lists;
  }

  /**
   * Whether one pass over the merged item's rows (countShared: every item of each) costs less than
   * counting, pair by pair, the rows it shares with the other item of each pair holding either id.
   */
  private pairsWorthCounting({ gid, retired, gained }: Merge): boolean {
    const merged = this.state.rowsOf.get(gid)!;
    let pairs = 0;
    for (const ci of this.live(retired))
      if (this.images.length(ci) === 2)
        pairs += Math.min(merged.length, this.state.support(this.images.other(ci, retired)));
    // The kept id's pairs gain by one intersection each with the gained rows, when their images
    // cost too much to read (at most as many pairs as it holds constraints).
    pairs += this.holders.length(gid) * gained.length;
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
    const renamed: number[] = [];
    for (const ci of this.live(g)) {
      renamed.push(ci);
      this.images.unkey(ci);
      this.images.remove(ci, g);
      this.support[ci] = this.state.itemsetSupport(this.images.image(ci));
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
    const budget = this.holders.length(partner) * Math.max(1, rows.length);
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
  private gainsFromImages(partner: number, gainedImages: readonly number[][]): Map<number, number> {
    const gains = new Map<number, number>();
    const probe = new Int32Array(this.maxSize + 1);
    const count = (subset: ArrayLike<number>, size: number) => {
      // subset with `partner` inserted in order, into probe
      let at = 0;
      let placed = false;
      for (let j = 0; j < size; j++) {
        if (!placed && partner < subset[j]) {
          probe[at++] = partner;
          placed = true;
        }
        probe[at++] = subset[j];
      }
      if (!placed) probe[at++] = partner;
      const ci = this.images.find(probe, at);
      if (ci >= 0 && this.isOpen(ci)) gains.set(ci, (gains.get(ci) ?? 0) + 1);
    };
    const one = [0];
    for (const image of gainedImages) {
      count(one, 0);
      if (this.maxSize > 1) for (const g of image) count(((one[0] = g), one), 1);
      for (let size = 2; size < this.maxSize && size <= image.length; size++)
        forEachSubset(image, size, (subset) => count(subset, size));
    }
    return gains;
  }

  private add(image: Int32Array, length: number, origin: number, support?: number): void {
    const twin = this.images.find(image, length);
    if (twin >= 0) {
      this.origins ??= Int32Array.from({ length: this.support.length }, (_, i) => i);
      return;
    }
    const ci = this.images.add(image, length);
    if (this.origins) this.origins[ci] = origin;
    this.images.key(ci);
    this.support[ci] = support ?? this.state.itemsetSupport(image.subarray(0, length));
    this.setFlags(ci, ALIVE);
    this.maxSize = Math.max(this.maxSize, length);
    this.evaluate(ci);
    if (this.isOpen(ci)) for (let j = 0; j < length; j++) this.holders.push(image[j], ci);
  }

  /** The alive, unsatisfied constraints holding g (the list is cleaned in place as it is read). */
  private live(g: number): Int32Array {
    const list = this.holders.view(g);
    let kept = 0;
    for (let i = 0; i < list.length; i++) if (this.isOpen(list[i])) list[kept++] = list[i];
    this.holders.truncate(g, kept);
    return list.subarray(0, kept);
  }

  /**
   * Re-evaluates the touched constraints; the renamed ones (unkeyed when their image changed) are
   * keyed again, and one of two with the same image is dropped (never `current`).
   */
  private settle(current: number, touched: ReadonlySet<number>, renamed: readonly number[]): void {
    const { images } = this;
    for (const ci of renamed) {
      const twin = images.find(images.image(ci), images.length(ci));
      if (twin >= 0 && twin !== ci && this.isAlive(twin)) {
        // Keep the one being satisfied, else the first given (ties of step 3 go to it).
        if (twin === current || (ci !== current && twin < ci)) {
          this.setFlags(ci, this.flags[ci] & ~ALIVE);
          continue;
        }
        this.setFlags(twin, this.flags[twin] & ~ALIVE);
      }
      if (twin >= 0) images.unkey(twin);
      images.key(ci);
    }
    for (const ci of touched) if (this.isAlive(ci)) this.evaluate(ci);
  }

  /** Def. 3.4 for constraint ci at its current support; files it under its support when unsatisfied. */
  private evaluate(ci: number): void {
    const image = this.images.image(ci);
    const support = this.support[ci];
    const satisfied = image.length === 0 || support >= this.k || (support === 0 && this.subsetsSafe(image));
    if (satisfied) this.setFlags(ci, this.flags[ci] | SATISFIED);
    else {
      this.setFlags(ci, this.flags[ci] & ~SATISFIED);
      (this.heaps[support] ??= new IntHeap()).push(ci);
    }
  }

  /** Def. 3.4 (2): every proper subset supported by k rows or none (exact up to EXACT_SUBSETS). */
  private subsetsSafe(image: Int32Array): boolean {
    if (image.length > EXACT_SUBSETS) return false;
    const subset: number[] = [];
    for (let mask = 1; mask < (1 << image.length) - 1; mask++) {
      subset.length = 0;
      for (let i = 0; i < image.length; i++) if (mask & (1 << i)) subset.push(image[i]);
      const support = this.state.itemsetSupport(subset);
      if (support > 0 && support < this.k) return false;
    }
    return true;
  }
}

/** Sorts values[0..length) ascending and drops repeats in place; returns the length kept. */
function ascendingSet(values: Int32Array, length: number): number {
  let ascending = true;
  for (let i = 1; i < length && ascending; i++) ascending = values[i - 1] < values[i];
  if (ascending) return length;
  values.subarray(0, length).sort();
  let kept = 0;
  for (let i = 0; i < length; i++) if (i === 0 || values[i] !== values[i - 1]) values[kept++] = values[i];
  return kept;
}
