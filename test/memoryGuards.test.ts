/**
 * Issue 21, case 9: multi-anatomy's item-pair counts go sparse when d is large and fit the memory
 * budget or say so before allocating; Theorem 2's sum does not overflow the stack on many buckets.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/core/base/errors.ts';
import { itemPartition, log10ReconstructedRecords } from '../src/core/methods/multi-anatomy/index.ts';
import { phiSquares } from '../src/core/methods/multi-anatomy/phiSquare.ts';
import { arbitraryRows, datasetOf, withAnItem } from './helpers.ts';

describe('case 9: multi-anatomy within its memory budget', () => {
  it('the sparse pair counts give the phi^2 of the triangle, every pair (property)', () => {
    fc.assert(
      fc.property(withAnItem(arbitraryRows(30, 40, 8)), (rows) => {
        const dataset = datasetOf(rows);
        const dense = phiSquares(dataset, 1e9, 'triangle');
        const sparse = phiSquares(dataset, 1e9, 'sparse');
        expect([dense.sparse, sparse.sparse]).toEqual([false, true]);
        for (let i = 0; i < dataset.d; i++)
          for (let j = 0; j < dataset.d; j++) expect(sparse.get(i, j)).toBe(dense.get(i, j));
      }),
    );
  });

  it('200,000 items: no d x d arrays (480 GB), the pairs that occur kept sparse', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => [2 * i, 2 * i + 1]);
    const dataset = datasetOf(rows);
    expect(dataset.d).toBe(200_000);
    const phi = phiSquares(dataset, 1024 * 1024 * 1024);
    expect(phi.sparse).toBe(true);
    expect(phi.bytes).toBeLessThan(10_000_000);
    const f = 1e-5; // each item is in 1 of 100,000 rows
    expect(phi.get(0, 1)).toBeCloseTo((1 - f) ** 2, 12); // always together: (f - f^2)^2 / f^2
    expect(phi.get(0, 2)).toBeCloseTo(f * f, 15); // never together: (f1 f2)^2 / (f1 f2) = f1 f2
  });

  it('a budget too small even for the sparse counts is an InputError saying how much is needed', () => {
    const rows = Array.from({ length: 300 }, (_, i) => Array.from({ length: 40 }, (_, j) => 7 * i + 13 * j));
    const dataset = datasetOf(rows);
    expect(() => itemPartition(dataset, 2, 1_000_000)).toThrow(InputError);
    expect(() => itemPartition(dataset, 2, 1_000_000)).toThrow(
      /needs about \d+\.\d+ MiB, above the memory budget of 0\.95 MiB/,
    );
  });

  it('log10 of the reconstructable records (Thm. 2) over 500,000 buckets: no stack overflow', () => {
    const sizes = new Array<number>(500_000).fill(2);
    // 500,000 buckets of 2 rows in 3 columns: 500,000 * 2^3 = 4e6 records.
    expect(log10ReconstructedRecords(sizes, 3)).toBeCloseTo(Math.log10(4e6), 9);
  });
});
