/**
 * Alg. 2 step 1's candidates, indexed (Loukides et al., Alg. 2 line 1 and Def. 3.14): the generalized
 * items of each utility constraint, grouped by size |g| and ordered within a size by (support, first
 * item). With w = 1, UL((i_m, g)) = (2^(|i_m| + |g|) - 1) * sup(i_m ∪ g) rises with |g| and with
 * sup(i_m ∪ g), which is sup(i_m) + sup(g) for every g that shares no row with i_m: among those, a
 * size's least candidates are its first ones, so Alg. 2 reads a few entries of each size (and the
 * generalized items that do share rows with i_m, found from i_m's rows) instead of every candidate.
 * An entry is the number support * d + first item (d: the number of items), so one sorted array of
 * numbers holds a size's order.
 */
import { lowerBound } from '../../data/rowDistance.ts';

export class PartnerIndex {
  /** bySize[u]: size -> the entries of that size in utility constraint u, ascending. */
  private readonly bySize: Map<number, number[]>[];

  /** Every item alone (size 1), in its utility constraint. */
  constructor(
    private readonly d: number,
    utility: readonly (readonly number[])[],
    support: (item: number) => number,
  ) {
    this.bySize = utility.map((items) => {
      const entries = items.map((item) => support(item) * d + item).sort((a, b) => a - b);
      return new Map(entries.length > 0 ? [[1, entries]] : []);
    });
  }

  add(u: number, size: number, support: number, first: number): void {
    let list = this.bySize[u].get(size);
    if (!list) this.bySize[u].set(size, (list = []));
    const entry = support * this.d + first;
    list.splice(lowerBound(list, entry), 0, entry);
  }

  remove(u: number, size: number, support: number, first: number): void {
    const list = this.bySize[u].get(size)!;
    list.splice(lowerBound(list, support * this.d + first), 1);
    if (list.length === 0) this.bySize[u].delete(size);
  }

  /** The sizes present in utility constraint u, each with its entries (ascending). */
  sizes(u: number): IterableIterator<[number, number[]]> {
    return this.bySize[u].entries();
  }

  supportOf(entry: number): number {
    return Math.floor(entry / this.d);
  }

  firstOf(entry: number): number {
    return entry % this.d;
  }

  /** Where, in a size's entries, those of support at least `support` start. */
  fromSupport(list: readonly number[], support: number): number {
    return lowerBound(list, support * this.d);
  }
}
