/**
 * COAT's Alg. 2 partner read from the candidate index (partnerIndex.ts) is the partner the scan of
 * every candidate picks: weights that are all 1 send COAT through the scan, none through the index,
 * and the steps (generalizations, suppressions, partners, tie-breaks) must be the same.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { coatKm } from '../src/core/methods/coat/coatAlgorithm.ts';
import { consecutiveUtility } from '../src/core/methods/coat/constraints.ts';
import type { ItemWeights } from '../src/core/methods/coat/hierarchyWeights.ts';
import { PartnerIndex } from '../src/core/methods/coat/partnerIndex.ts';
import { arbitraryRows, datasetOf } from './helpers.ts';

const ONES: ItemWeights = { ofPair: () => 1, of: () => 1 };

describe('COAT partner index', () => {
  it('keeps each size ordered by (support, first item) as entries come and go', () => {
    const index = new PartnerIndex(10, [[0, 1, 2, 3]], (item) => [5, 2, 2, 7][item]);
    const entries = () =>
      [...index.sizes(0)].map(([size, list]) => [
        size,
        list.map((e) => [index.supportOf(e), index.firstOf(e)]),
      ]);
    expect(entries()).toEqual([
      [
        1,
        [
          [2, 1],
          [2, 2],
          [5, 0],
          [7, 3],
        ],
      ],
    ]);
    index.remove(0, 1, 2, 1);
    index.remove(0, 1, 2, 2);
    index.add(0, 2, 3, 1);
    expect(entries()).toEqual([
      [
        1,
        [
          [5, 0],
          [7, 3],
        ],
      ],
      [2, [[3, 1]]],
    ]);
    expect(index.fromSupport([...index.sizes(0)][0][1], 6)).toBe(1);
  });

  it('picks the partner the scan of every candidate picks (k^m mode, property)', () => {
    fc.assert(
      fc.property(
        arbitraryRows(30, 40, 8),
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom(0, 4),
        (rows, k, m, group) => {
          const dataset = datasetOf(rows);
          const utility = consecutiveUtility(dataset.d, group);
          const run = (weights?: ItemWeights) => {
            try {
              const result = coatKm(dataset, m, utility, k, 100, undefined, weights);
              return { steps: result.steps, gidOf: [...result.gidOf] };
            } catch (error) {
              return { error: (error as Error).message };
            }
          };
          expect(run()).toEqual(run(ONES));
        },
      ),
      { numRuns: 150 },
    );
  });
});
