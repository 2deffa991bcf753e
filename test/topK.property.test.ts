/** topK gives what a stable sort then slice(0, k) gives, for any items, k and ties. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { topK } from '../src/core/base/topK.ts';

describe('topK', () => {
  it('equals a stable sort and a slice, ties in the order they came', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ key: fc.integer({ min: 0, max: 6 }), id: fc.nat() }), { maxLength: 60 }),
        fc.integer({ min: -1, max: 70 }),
        (items, k) => {
          const compare = (a: { key: number }, b: { key: number }) => b.key - a.key;
          expect(topK(items, k, compare)).toEqual([...items].sort(compare).slice(0, Math.max(0, k)));
        },
      ),
      { numRuns: 500 },
    );
  });
});
