import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ItemRows } from '../src/core/data/itemRows.ts';
import { arbitraryRows, datasetOf } from './helpers.ts';

/** Rows holding every item of `itemset`, by reading every row. */
function holdersByScan(rows: number[][], itemset: number[]): number[] {
  return rows.flatMap((row, r) => (itemset.every((item) => row.includes(item)) ? [r] : []));
}

describe('ItemRows: support counting over tid-lists', () => {
  it('finds exactly the rows holding an itemset, with and without the BitMatrix, as bitsets of holders get built', () => {
    fc.assert(
      fc.property(
        arbitraryRows(8, 60, 6),
        fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.boolean(),
        (rows, itemsets, withBits) => {
          const dataset = datasetOf(rows, withBits ? undefined : 0);
          const index = ItemRows.of(dataset);
          // The same itemsets asked many times: the searches asked of an item pay for its bitset.
          for (const tokens of [...itemsets, ...itemsets, ...itemsets]) {
            const itemset = tokens.flatMap((t) => {
              const id = dataset.dictionary.find(String(t));
              return id === undefined ? [] : [id];
            });
            if (itemset.length < tokens.length) continue;
            const expected = holdersByScan(rows, tokens);
            const found: number[] = [];
            index.forRowsHolding(itemset, (row) => void found.push(row));
            expect(found).toEqual(expected);
            expect(index.countRowsContaining(itemset)).toBe(expected.length);
            expect(index.countRowsContaining(itemset, 2)).toBe(Math.min(2, expected.length));
          }
        },
      ),
    );
  });

  it('walks long lists a segment at a time: every holder in order, and a visitor that stops early stops there', () => {
    fc.assert(
      fc.property(
        // Lists of hundreds of rows: past the first segments (64, 128, 256 rows).
        fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { maxLength: 4 }), {
          minLength: 150,
          maxLength: 700,
        }),
        fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { minLength: 2, maxLength: 3 }),
        fc.integer({ min: 1, max: 400 }),
        fc.boolean(),
        (rows, tokens, stopAfter, withBits) => {
          const dataset = datasetOf(rows, withBits ? undefined : 0);
          const index = ItemRows.of(dataset);
          const itemset = tokens.flatMap((t) => {
            const id = dataset.dictionary.find(String(t));
            return id === undefined ? [] : [id];
          });
          if (itemset.length < tokens.length) return;
          const expected = holdersByScan(rows, tokens);
          for (let round = 0; round < 3; round++) {
            const some: number[] = [];
            index.forRowsHolding(itemset, (row) => some.push(row) < stopAfter);
            expect(some).toEqual(expected.slice(0, stopAfter));
            const all: number[] = [];
            index.forRowsHolding(itemset, (row) => void all.push(row));
            expect(all).toEqual(expected);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('charges a count that stops early for the tests it made, not for the whole list', () => {
    const rows = Array.from({ length: 4000 }, () => [0, 1]);
    const dataset = datasetOf(rows, 0);
    const index = ItemRows.of(dataset);
    const [first, second] = ['0', '1'].map((t) => dataset.dictionary.find(t)!);
    expect(index.countRowsContaining([first, second], 2)).toBe(2);
    // One query that stopped after two rows: no bitset of 4,000 rows bought for it.
    expect(index.holderBits(first, 0)).toBeNull();
    expect(index.holderBits(second, 0)).toBeNull();
  });

  it('builds a bitset of an item once the membership tests asked of it would cost more than one', () => {
    const rows = Array.from({ length: 4000 }, (_, r) => (r % 2 === 0 ? [0, 1] : [1]));
    const dataset = datasetOf(rows, 0);
    const index = ItemRows.of(dataset);
    const popular = dataset.dictionary.find('1')!;
    expect(index.holderBits(popular, 10)).toBeNull();
    const bits = index.holderBits(popular, 4000);
    expect(bits).not.toBeNull();
    expect(index.holderBits(popular, 1)).toBe(bits);
  });
});
