/** SparseCounts: counts kept in order of first sight and cleared to zero for the next use. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SparseCounts } from '../src/core/data/sparseCounts.ts';

describe('SparseCounts', () => {
  it('counts like a map in order of first sight, and is all zero after clear', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 19 }), { maxLength: 30 }), { maxLength: 5 }),
        (uses) => {
          const counts = new SparseCounts(20);
          for (const ids of uses) {
            const expected = new Map<number, number>();
            for (const id of ids) {
              counts.add(id);
              expected.set(id, (expected.get(id) ?? 0) + 1);
            }
            expect(counts.met).toEqual([...expected.keys()]);
            expect(counts.met.map((id) => counts.counts[id])).toEqual([...expected.values()]);
            counts.clear();
            expect(counts.met).toEqual([]);
            expect(counts.counts.every((c) => c === 0)).toBe(true);
          }
        },
      ),
    );
  });
});
