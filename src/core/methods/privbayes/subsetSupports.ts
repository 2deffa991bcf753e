/**
 * The supports of every itemset of at most three of the N modelled items (slots 0..N-1), all that
 * GreedyBayes's scores of degree k <= 2 need (structureScore.ts): each row adds one to each of its
 * slotted items, pairs and triples, C(h, 3) + C(h, 2) + h for h of them. Pairs and triples are kept
 * in dense arrays by the combinatorial number system (index of a < b < c: C(c,3) + C(b,2) + a), so
 * N = 200 items take 1.3 M triple counters (5 MB). Rows with many modelled items cost the cube of
 * that number: mushroom's 23 items a row, 1,771 triples, 8,124 rows, 14 M additions.
 */
import type { Dataset } from '../../data/dataset.ts';

const pairIndex = (a: number, b: number) => (b * (b - 1)) / 2 + a;
const tripleIndex = (a: number, b: number, c: number) => (c * (c - 1) * (c - 2)) / 6 + pairIndex(a, b);

export class SubsetSupports {
  private constructor(
    readonly n: number,
    readonly slots: number,
    private readonly single: Uint32Array,
    private readonly pairs: Uint32Array,
    private readonly triples: Uint32Array | null,
  ) {}

  /**
   * Counts over `dataset`; `slotOf[id]` is the item's slot or -1. `width` is the largest itemset
   * counted (k + 1, at most 3).
   */
  static of(dataset: Dataset, slotOf: Int32Array, slots: number, width: number): SubsetSupports {
    if (width > 3) throw new RangeError('subset supports count itemsets of at most 3 items');
    const single = new Uint32Array(slots);
    const pairs = new Uint32Array(pairIndex(0, slots));
    const triples = width >= 3 ? new Uint32Array(tripleIndex(0, 0, slots)) : null;
    const held: number[] = [];
    for (let r = 0; r < dataset.n; r++) {
      held.length = 0;
      for (const id of dataset.row(r)) if (slotOf[id] >= 0) held.push(slotOf[id]);
      held.sort((x, y) => x - y);
      for (let j = 0; j < held.length; j++) {
        const c = held[j];
        single[c]++;
        for (let i = 0; i < j; i++) {
          const b = held[i];
          pairs[pairIndex(b, c)]++;
          if (triples) for (let h = 0; h < i; h++) triples[tripleIndex(held[h], b, c)]++;
        }
      }
    }
    return new SubsetSupports(dataset.n, slots, single, pairs, triples);
  }

  support1(a: number): number {
    return this.single[a];
  }

  support2(a: number, b: number): number {
    return a < b ? this.pairs[pairIndex(a, b)] : this.pairs[pairIndex(b, a)];
  }

  support3(a: number, b: number, c: number): number {
    if (!this.triples) throw new RangeError('triples were not counted');
    if (a > b) [a, b] = [b, a];
    if (b > c) [b, c] = [c, b];
    if (a > b) [a, b] = [b, a];
    return this.triples[tripleIndex(a, b, c)];
  }
}
