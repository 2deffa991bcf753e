/**
 * Pair counts (data/pairCounts.ts), by rows and by bitsets, are the same and equal a naive count:
 * rows holding each pair and each item alone, over any rows (repeated ones too, as a transactions
 * release publishes its classes), any slots (items left out of them are not counted).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countByItems, countByRows, countPairs } from '../src/core/data/pairCounts.ts';
import { arbitraryRows, datasetOf } from './helpers.ts';

describe('pair counts', () => {
  it('by rows, by bitsets and the cheaper way equal a naive count (property)', () => {
    const input = arbitraryRows(12, 80, 8).chain((rows) =>
      fc.tuple(
        // Repeat some rows right after themselves (classes published row after row).
        fc.constant(rows.flatMap((row, i) => (i % 3 === 0 ? [row, row] : [row]))),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      ),
    );
    fc.assert(
      fc.property(input, ([rows, counted]) => {
        const dataset = datasetOf(rows);
        const slotOf = new Int32Array(dataset.d).fill(-1);
        const items: string[] = [];
        dataset.dictionary.tokens.forEach((token, id) => {
          if (counted[Number(token)]) slotOf[id] = items.push(token) - 1;
        });
        const f = items.length;
        const holds = (row: number[], token: string) => row.includes(Number(token));
        for (const counts of [countByRows, countByItems, countPairs].map((count) =>
          count(dataset, slotOf, f),
        ))
          for (let i = 0; i < f; i++) {
            expect(counts.single(i)).toBe(rows.filter((row) => holds(row, items[i])).length);
            for (let j = 0; j < f; j++)
              if (i !== j)
                expect(counts.pair(i, j)).toBe(
                  rows.filter((row) => holds(row, items[i]) && holds(row, items[j])).length,
                );
          }
      }),
      { numRuns: 150 },
    );
  });
});
