/**
 * PrivBasis (Li et al. PVLDB 2012; dp-notes §3): the exact top-k miner against brute force, the
 * basis construction (cliques, merging, orphans) and the support reconstruction on hand-checked
 * cases, λ2 and its guards (dp-notes P2, P3), a plan that sums to ε exactly, and runs that verify.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { topItemsets } from '../../src/core/data/topItemsets.ts';
import { constructBasisSet, maximalCliques } from '../../src/core/dp/basisSet.ts';
import { reconstructTopK, supersetSums } from '../../src/core/dp/basisFreq.ts';
import { epsilonOf } from '../../src/core/dp/ledger.ts';
import { add, parseDecimal, rational, ZERO } from '../../src/core/dp/rational.ts';
import { pairCount, privBasisPlan } from '../../src/core/dp/privBasisPlan.ts';
import { runMethod } from '../../src/core/run/runMethod.ts';
import { recomputeLedger } from '../../src/core/dp/ledger.ts';
import type { ItemsetsRelease } from '../../src/core/release/itemsets.ts';
import { arbitraryRows, datasetOf, withAnItem } from '../helpers.ts';

describe('the exact top-k miner', () => {
  it('gives the k most frequent itemsets of every length, ties by length then items (brute force)', () => {
    fc.assert(
      fc.property(withAnItem(arbitraryRows(7, 30, 5)), fc.integer({ min: 1, max: 30 }), (rows, k) => {
        const dataset = datasetOf(rows);
        const all: { items: number[]; support: number }[] = [];
        for (let mask = 1; mask < 1 << dataset.d; mask++) {
          const items = Array.from({ length: dataset.d }, (_, i) => i).filter((i) => mask & (1 << i));
          let support = 0;
          for (let r = 0; r < dataset.n; r++) {
            const row = new Set(dataset.row(r));
            if (items.every((i) => row.has(i))) support++;
          }
          if (support > 0) all.push({ items, support });
        }
        all.sort(
          (a, b) =>
            b.support - a.support ||
            a.items.length - b.items.length ||
            a.items.join(',').localeCompare(b.items.join(','), 'en', { numeric: true }),
        );
        const top = topItemsets(dataset, k);
        expect(top.map((s) => s.support)).toEqual(all.slice(0, k).map((s) => s.support));
        expect(top).toEqual(all.slice(0, k));
      }),
      { numRuns: 80 },
    );
  });
});

describe('the basis set (Alg. 2) and the reconstruction (Alg. 1)', () => {
  it('cliques of the pairs, merged up to the largest, orphans topping up then in threes', () => {
    const pairs = [
      ['a', 'b'],
      ['a', 'c'],
      ['b', 'c'],
      ['d', 'e'],
    ];
    expect(maximalCliques(pairs)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    expect(constructBasisSet(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'], pairs)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
      ['g', 'h', 'i'],
      ['j', 'k'],
    ]);
    // Two short cliques sharing an item merge when the union fits the longest (4).
    expect(
      constructBasisSet(
        ['a', 'b', 'c', 'd', 'x', 'y'],
        [
          ['a', 'b'],
          ['a', 'c'],
          ['a', 'd'],
          ['b', 'c'],
          ['b', 'd'],
          ['c', 'd'],
          ['x', 'y'],
          ['a', 'x'],
        ],
      ),
    ).toEqual([
      ['a', 'b', 'c', 'd'],
      ['a', 'x', 'y'],
    ]);
  });

  it('an itemset’s support is the sum of the bins of its supersets; one in two bases takes the mean', () => {
    // Basis [x, y]: bins for {x}, {y}, {x, y}.
    expect(Array.from(supersetSums([5, 3, 2], 2))).toEqual([10, 7, 5, 2]);
    const top = reconstructTopK(
      [
        ['x', 'y'],
        ['y', 'z'],
      ],
      [
        [5, 3, 2],
        [4, 1, 0],
      ],
      3,
    );
    // x: 7; y: (5 + 4) / 2; z: 1; {x,y}: 2; {y,z}: 0.
    expect(top).toEqual([
      { items: ['x'], support: 7 },
      { items: ['y'], support: 4.5 },
      { items: ['x', 'y'], support: 2 },
    ]);
  });
});

describe('the budget (dp-notes §3.6)', () => {
  it('λ2: ηk - λ shrunk, an integer in 1..C(λ,2), 0 for λ <= 12 (P2, P3)', () => {
    expect(pairCount(12, 100)).toBe(0);
    expect(pairCount(13, 100)).toBe(Math.floor(97 / Math.sqrt(97 / 13)));
    expect(pairCount(110, 100)).toBe(1); // ηk - λ = 0: the code would draw a pair on 1.4e-14
    expect(pairCount(20, 10)).toBe(1); // λ above ηk
    expect(pairCount(13, 1000)).toBe(78); // at most C(13, 2)
  });

  it('the plan sums to ε exactly for any λ and number of bases', () => {
    for (const [lambda, bases, eps] of [
      [3, 1, rational(1)],
      [13, 5, rational(1, 10)],
      [40, 17, rational(7, 4)],
    ] as const) {
      let total = ZERO;
      for (const c of privBasisPlan(eps, 50, lambda, bases))
        total = add(total, epsilonOf(c.mechanism, 1, c.scale));
      expect(total).toEqual(eps);
    }
  });

  it('runs verify and their ledgers compose to ε exactly (random datasets)', () => {
    fc.assert(
      fc.property(
        withAnItem(arbitraryRows(16, 50, 6)),
        fc.constantFrom(0.5, 1, 4),
        fc.integer({ min: 1, max: 20 }),
        fc.nat(),
        (rows, epsilon, k, seed) => {
          const { release } = runMethod(datasetOf(rows), {
            method: 'privbasis',
            params: { epsilon, k },
            seed: seed % 1000,
            seededNoise: true,
          });
          const r = release as ItemsetsRelease;
          expect(recomputeLedger(r.ledger!).total).toEqual(parseDecimal(epsilon));
          expect(r.itemsets.length).toBeLessThanOrEqual(k);
        },
      ),
      { numRuns: 40 },
    );
  });
});
