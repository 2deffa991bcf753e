/**
 * COAT's set-based anonymization as it evolves (Loukides et al., Def. 3.1, Theorem 3.10, Alg. 2-3):
 * every item maps to a generalized item (an id, `gid`; an item alone is its own gid) or is
 * suppressed; a generalized item is supported by every row that holds one of its items, kept as an
 * ascending row list. Generalize (Alg. 2) merges two gids of one utility constraint, the partner of
 * least UL (Def. 3.14: the least (2^|merged| - 1) * w(merged) * sup(merged), w = 1 or from a
 * hierarchy, hierarchyWeights.ts); Suppress
 * (Alg. 3) removes a gid and fails when more than s% of the items are suppressed.
 */
import type { Dataset } from '../../data/dataset.ts';
import { ItemRows } from '../../data/itemRows.ts';
import { sortedHas } from '../../data/rowDistance.ts';
import { InputError } from '../../base/errors.ts';
import type { ItemWeights } from './hierarchyWeights.ts';
import { PartnerIndex } from './partnerIndex.ts';
import { log2GeneralizedItemUl, log2Sum } from '../../base/logSpace.ts';

export interface CoatStep {
  /** The privacy constraint being satisfied, as the generalized items it held then (item ids each). */
  constraint: number[][];
  action: 'generalize' | 'suppress';
  item: number[];
  with?: number[];
  result: number[];
}

/** A partner Alg. 2 costed (recorded runs): its items, the merged item's size and support, log2 UL. */
export interface PartnerCost {
  items: number[];
  size: number;
  support: number;
  log2Ul: number;
}

/** Rows of `a` not in `b` (both ascending). */
export function rowsMinus(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length);
  let k = 0;
  let j = 0;
  for (const r of a) {
    while (j < b.length && b[j] < r) j++;
    if (j >= b.length || b[j] !== r) out[k++] = r;
  }
  return out.slice(0, k);
}

function unionSorted(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i] < b[j])) out[k++] = a[i++];
    else if (i >= a.length || b[j] < a[i]) out[k++] = b[j++];
    else {
      out[k++] = a[i++];
      j++;
    }
  }
  return out.slice(0, k);
}

/** log2(2^a - 1), exact enough for any a >= 1. */
export function log2Pow2Minus1(a: number): number {
  return a > 50 ? a : Math.log2(2 ** a - 1);
}

/**
 * What a generalization changed (Theorem 3.10): i_m and its partner became one generalized item,
 * which keeps the id of one of them (the constraints holding that one keep their images), and the
 * rows that side gained.
 */
export interface Merge {
  /** The merged generalized item: the id kept. */
  gid: number;
  /** The id retired, and its rows before the merge. */
  retired: number;
  retiredRows: Int32Array;
  /** Rows of the merged item that the kept side did not hold. */
  gained: Int32Array;
}

export class Generalization {
  /** gidOf[item]: the generalized item of each item, -1 when suppressed. */
  readonly gidOf: Int32Array;
  /** Items of each gid still in use (ascending). */
  readonly members = new Map<number, number[]>();
  readonly rowsOf = new Map<number, Int32Array>();
  readonly suppressed: number[] = [];
  readonly steps: CoatStep[] = [];
  private readonly utilityOf: Int32Array;
  private readonly utilityGids: Set<number>[];
  /** Alg. 2's candidates by size and support (partnerIndex.ts). */
  private readonly partners: PartnerIndex;
  /**
   * sharedRows[x]: after countShared(g), the rows g shares with generalized item x (by gid: a gid is
   * an item id, a merge keeps one of the two).
   */
  readonly sharedRows: Int32Array;
  // By gid: its first item and its support (members and rowsOf, read without a map look-up).
  private readonly firstOf: Int32Array;
  private readonly supportOf: Int32Array;
  private readonly lastRowOf: Int32Array;
  // Scratch of rowImage: seen[g] === imageStamp when g was met in the row being read.
  private readonly seen: Int32Array;
  private imageStamp = 0;
  /**
   * Recorded runs: set to [] before a generalization to receive every partner Alg. 2 costs (the
   * partner is then found by the scan, which costs each one; the index finds the same one).
   */
  partnerCosts?: PartnerCost[];

  constructor(
    readonly dataset: Dataset,
    utility: readonly number[][],
    private readonly s: number,
    private readonly weights?: ItemWeights,
  ) {
    const d = dataset.d;
    const index = ItemRows.of(dataset);
    this.gidOf = Int32Array.from({ length: d }, (_, i) => i);
    this.firstOf = Int32Array.from({ length: d }, (_, i) => i);
    this.supportOf = new Int32Array(d);
    for (let i = 0; i < d; i++) {
      this.members.set(i, [i]);
      this.rowsOf.set(i, Int32Array.from(index.rowsOf(i)));
      this.supportOf[i] = this.rowsOf.get(i)!.length;
    }
    this.sharedRows = new Int32Array(d);
    this.lastRowOf = new Int32Array(d).fill(-1);
    this.seen = new Int32Array(d);
    this.utilityOf = new Int32Array(d);
    this.utilityGids = utility.map((u, ui) => {
      u.forEach((item) => (this.utilityOf[item] = ui));
      return new Set(u);
    });
    this.partners = new PartnerIndex(d, utility, (item) => this.support(item));
  }

  support(g: number): number {
    return this.supportOf[g];
  }

  first(g: number): number {
    return this.firstOf[g];
  }

  /** Whether row r holds generalized item g. */
  holds(r: number, g: number): boolean {
    return sortedHas(this.rowsOf.get(g)!, r);
  }

  /** The generalized items of g's utility constraint as it stands (g among them). */
  utilityOfGid(g: number): number[] {
    return [...this.utilityGids[this.utilityOf[this.first(g)]]];
  }

  /** Alg. 1 step 7: whether g's utility constraint holds another generalized item to merge with. */
  canGeneralize(g: number): boolean {
    return this.utilityGids[this.utilityOf[this.first(g)]].size > 1;
  }

  /** Rows holding every gid of `gids` (n for none). */
  itemsetSupport(gids: ArrayLike<number>): number {
    if (gids.length === 0) return this.dataset.n;
    const lists: Int32Array[] = [];
    for (let j = 0; j < gids.length; j++) lists.push(this.rowsOf.get(gids[j])!);
    lists.sort((a, b) => a.length - b.length);
    return countHolding(lists[0], lists.slice(1));
  }

  /** The gid generalized items of `gids` and a constraint's description, for steps. */
  labels(gids: readonly number[]): number[][] {
    return gids.map((g) => [...this.members.get(g)!]);
  }

  /**
   * Alg. 2: merges im with the partner of least UL in its utility constraint; returns the merge.
   * `constraint` is the constraint being satisfied (for the steps); `keep` picks which of the two
   * ids the merged item keeps (the ids are internal: nothing published or chosen depends on them).
   */
  generalize(constraint: readonly number[], im: number, keep: (a: number, b: number) => number): Merge {
    const partner = this.bestPartner(im);
    const merged = [...this.members.get(im)!, ...this.members.get(partner)!].sort((a, b) => a - b);
    this.steps.push({
      constraint: this.labels(constraint),
      action: 'generalize',
      item: [...this.members.get(im)!],
      with: [...this.members.get(partner)!],
      result: merged,
    });
    const gid = keep(im, partner);
    const retired = gid === im ? partner : im;
    const keptRows = this.rowsOf.get(gid)!;
    const retiredRows = this.rowsOf.get(retired)!;
    const gained = rowsMinus(retiredRows, keptRows);
    this.unindex(im);
    this.unindex(partner);
    for (const item of this.members.get(retired)!) this.gidOf[item] = gid;
    this.members.set(gid, merged);
    this.rowsOf.set(gid, unionSorted(keptRows, retiredRows));
    this.firstOf[gid] = merged[0];
    this.supportOf[gid] = this.rowsOf.get(gid)!.length;
    this.partners.add(this.utilityOf[merged[0]], merged.length, this.support(gid), merged[0]);
    this.utilityGids[this.utilityOf[merged[0]]].delete(retired);
    this.members.delete(retired);
    this.rowsOf.delete(retired);
    return { gid, retired, retiredRows, gained };
  }

  /** The generalized items row r holds now, ascending, without `except`. */
  rowImage(r: number, except = -1): number[] {
    const stamp = ++this.imageStamp;
    const gids: number[] = [];
    for (const item of this.dataset.row(r)) {
      const g = this.gidOf[item];
      if (g < 0 || g === except || this.seen[g] === stamp) continue;
      this.seen[g] = stamp;
      gids.push(g);
    }
    return gids.sort((a, b) => a - b);
  }

  /** Alg. 3: suppresses g; `describe` names the constraint for the error past s%. */
  suppress(constraint: readonly number[], g: number, describe: () => string): void {
    const items = this.members.get(g)!;
    const d = this.dataset.d;
    // Named before g leaves the state: the constraint's description reads its generalized items.
    const over = (this.suppressed.length + items.length) * 100 > this.s * d;
    const what = over ? describe() : '';
    this.steps.push({
      constraint: this.labels(constraint),
      action: 'suppress',
      item: [...items],
      result: [],
    });
    this.unindex(g);
    for (const item of items) {
      this.gidOf[item] = -1;
      this.suppressed.push(item);
    }
    this.utilityGids[this.utilityOf[items[0]]].delete(g);
    this.members.delete(g);
    this.rowsOf.delete(g);
    if (over) {
      const tokens = items.map((i) => this.dataset.dictionary.token(i)).join(', ');
      throw new InputError(
        `utility constraints violated: suppressing ${tokens} (to satisfy ${what}) ` +
          `takes suppression to ${this.suppressed.length} of ${d} items, above s = ${this.s}% (COAT Alg. 3); allow more generalization or a larger s`,
      );
    }
  }

  /**
   * log10 of Def. 3.16's generalization part: the sum over generalized items of
   * (2^|g| - 1) / (2^M - 1) * w(g) * sup(g) / N, summed in log space (its terms underflow for large
   * M); -Infinity when nothing is generalized.
   */
  log10Ul(): number {
    const { d, n } = this.dataset;
    const logs: number[] = [];
    for (const [g, items] of this.members)
      if (items.length > 1)
        logs.push(log2GeneralizedItemUl(items.length, d, this.weights?.of(items) ?? 1, this.support(g), n));
    return logs.length === 0 ? -Infinity : log2Sum(logs) * Math.log10(2);
  }

  /** Takes g out of Alg. 2's candidate index (before it is merged or suppressed). */
  private unindex(g: number): void {
    const items = this.members.get(g)!;
    this.partners.remove(this.utilityOf[items[0]], items.length, this.support(g), items[0]);
  }

  /**
   * Alg. 2 step 1: the partner of least UL((i_m, i_r)) = (2^|merged| - 1) * w(merged) * sup(merged),
   * in log2 (w = 1 without a hierarchy); ties (within 1e-12) go to the candidate whose first item
   * comes first. sup(merged) = |rows(i_m)| + |rows(g)| - |rows(i_m) ∩ rows(g)|; the intersections
   * come from one pass over i_m's rows (counting the generalized items each row holds). With w = 1
   * the candidates are read from the index (indexedPartner), else (or when two costs are too close
   * to tell which the scan would keep) every candidate is costed in order (scanPartner).
   */
  private bestPartner(im: number): number {
    const counted = this.countShared(im);
    const indexed = this.weights || this.partnerCosts ? undefined : this.indexedPartner(im, counted);
    const best = indexed ?? this.scanPartner(im);
    this.clearShared(counted);
    return best;
  }

  /**
   * One pass over g's rows, counting in sharedRows the rows g shares with each generalized item;
   * returns the generalized items met (g among them when it has rows). clearShared(them) after use.
   */
  countShared(g: number): number[] {
    const { offsets, items } = this.dataset;
    const counted: number[] = [];
    for (const r of this.rowsOf.get(g)!) {
      const end = offsets[r + 1];
      for (let t = offsets[r]; t < end; t++) {
        const x = this.gidOf[items[t]];
        if (x < 0 || this.lastRowOf[x] === r) continue; // suppressed, or met already in this row
        this.lastRowOf[x] = r;
        if (this.sharedRows[x]++ === 0) counted.push(x);
      }
    }
    return counted;
  }

  clearShared(counted: readonly number[]): void {
    for (const x of counted) {
      this.sharedRows[x] = 0;
      this.lastRowOf[x] = -1;
    }
  }

  /** log2 UL((i_m, g)) for |i_m| = imSize, |g| = size, w = 1 and sup(i_m ∪ g) = union. */
  private static log2Ul(imSize: number, size: number, union: number, weight = 0): number {
    return log2Pow2Minus1(imSize + size) + Math.log2(Math.max(1, union)) + weight;
  }

  /**
   * Every candidate in the order of its first item, the first one of least cost kept (a later one
   * only when cheaper by more than 1e-12): Alg. 2 step 1 as read.
   */
  private scanPartner(im: number): number {
    const a = this.rowsOf.get(im)!;
    const candidates = [...this.utilityGids[this.utilityOf[this.first(im)]]]
      .filter((g) => g !== im)
      .sort((x, y) => this.first(x) - this.first(y));
    let best = -1;
    let bestCost = Infinity;
    const imSize = this.members.get(im)!.length;
    for (const g of candidates) {
      const unionSize = a.length + this.rowsOf.get(g)!.length - this.sharedRows[g];
      const weight = this.weights
        ? Math.log2(this.weights.ofPair(this.members.get(im)!, this.members.get(g)!))
        : 0;
      const cost = Generalization.log2Ul(imSize, this.members.get(g)!.length, unionSize, weight);
      this.partnerCosts?.push({
        items: [...this.members.get(g)!],
        size: imSize + this.members.get(g)!.length,
        support: unionSize,
        log2Ul: cost,
      });
      if (cost < bestCost - 1e-12) {
        bestCost = cost;
        best = g;
      }
    }
    return best;
  }

  /**
   * scanPartner's choice (w = 1) from the index: the least cost among the candidates sharing rows
   * with i_m (counted) and each size's first candidates sharing none; the one of that cost whose
   * first item comes first. The scan keeps it when every other cost is above it by more than 1e-12:
   * reaching it, the scan holds no cost below that gap, and nothing after is cheaper by 1e-12.
   * Otherwise (costs closer than that) undefined: the scan decides.
   */
  private indexedPartner(im: number, counted: readonly number[]): number | undefined {
    const u = this.utilityOf[this.first(im)];
    const aLength = this.support(im);
    const imSize = this.members.get(im)!.length;
    // The least cost, the first candidate (by first item) of that cost, the least cost above it.
    let least = Infinity;
    let best = -1;
    let above = Infinity;
    const consider = (g: number, cost: number) => {
      if (cost < least) {
        above = Math.min(above, least);
        least = cost;
        best = g;
      } else if (cost === least) {
        if (this.first(g) < this.first(best)) best = g;
      } else above = Math.min(above, cost);
    };
    for (const g of counted) {
      if (g === im || this.utilityOf[this.first(g)] !== u) continue;
      const union = aLength + this.support(g) - this.sharedRows[g];
      consider(g, Generalization.log2Ul(imSize, this.members.get(g)!.length, union));
    }
    // Of each size, the least supported candidates sharing no row with i_m, one support at a time
    // until the cost rises (costs rise with the support within a size).
    const index = this.partners;
    const disjointFrom = (list: readonly number[], from: number): number => {
      for (let i = from; i < list.length; i++) {
        const g = this.gidOf[index.firstOf(list[i])];
        if (g !== im && this.sharedRows[g] === 0) return i;
      }
      return -1;
    };
    for (const [size, list] of index.sizes(u)) {
      let sizeLeast = Infinity;
      for (let i = disjointFrom(list, 0); i >= 0;) {
        const support = index.supportOf(list[i]);
        const cost = Generalization.log2Ul(imSize, size, aLength + support);
        consider(this.gidOf[index.firstOf(list[i])], cost);
        if (cost > sizeLeast) break; // the next cost of this size, kept to check the gap to it
        sizeLeast = cost;
        i = disjointFrom(list, index.fromSupport(list, support + 1));
      }
    }
    return best >= 0 && least < above - 1e-12 ? best : undefined;
  }
}

/** How many rows of `rows` are in every list of `others` (ascending lists). */
export function countHolding(rows: ArrayLike<number>, others: readonly Int32Array[]): number {
  let count = 0;
  for (let k = 0; k < rows.length; k++) {
    const r = rows[k];
    if (others.every((list) => sortedHas(list, r))) count++;
  }
  return count;
}
