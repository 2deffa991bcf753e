/**
 * The row-wise split of a differentially private distributed run (issue 35; dp/itemHashSplit.ts):
 * a row's partition depends on that row alone, so adding or removing another row (anywhere in the
 * file, with items new or known, which renumbers the dataset's item ids) moves no other row; the
 * same transaction goes to the same partition in any order and with its items in any order;
 * identical rows share a partition; every row lies in exactly one partition. Parallel composition
 * (McSherry 2009 Thm. 4) rests on the first of these. The Gray splits fail it, which the last test
 * shows on an example (a negative control: the property is not true of any split).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partitionRows } from '../src/core/distribute/partitionRows.ts';
import { itemHasher, itemHashParts } from '../src/core/dp/itemHashSplit.ts';
import { datasetOfTokens } from './helpers.ts';

const item = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'milk', 'x y', 'é', '10', '2');
const row = fc.uniqueArray(item, { maxLength: 5 });
const rows = fc.array(row, { minLength: 1, maxLength: 40 });
const key = fc.integer({ min: 0, max: 2 ** 32 - 1 });
const parts = fc.integer({ min: 1, max: 7 });

/** Each row's partition, keyed by the row's position. */
const partsOf = (data: string[][], seed: number, n: number) =>
  Array.from(itemHashParts(datasetOfTokens(data), seed, n));

describe('the item-hash split (property, fast-check)', () => {
  it('adding a row anywhere moves no other row', () => {
    fc.assert(
      fc.property(rows, row, fc.nat(), key, parts, (data, extra, at, seed, n) => {
        const where = at % (data.length + 1);
        const before = partsOf(data, seed, n);
        const after = partsOf([...data.slice(0, where), extra, ...data.slice(where)], seed, n);
        expect([...after.slice(0, where), ...after.slice(where + 1)]).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });

  it('removing a row moves no other row', () => {
    fc.assert(
      fc.property(rows, fc.nat(), key, parts, (data, at, seed, n) => {
        const where = at % data.length;
        const before = partsOf(data, seed, n);
        const after = partsOf([...data.slice(0, where), ...data.slice(where + 1)], seed, n);
        expect(after).toEqual([...before.slice(0, where), ...before.slice(where + 1)]);
      }),
      { numRuns: 300 },
    );
  });

  it("a row's partition does not depend on the order of rows nor of its items; identical rows share one", () => {
    fc.assert(
      fc.property(rows, key, parts, fc.nat(), (data, seed, n, shift) => {
        const partOf = itemHasher(seed, n);
        const found = partsOf(data, seed, n);
        data.forEach((r, i) => {
          expect(found[i]).toBe(partOf([...r].reverse()));
          expect(found[i]).toBeLessThan(n);
        });
        const rotated = data.map((_, i) => data[(i + shift) % data.length]);
        const again = partsOf(rotated, seed, n);
        rotated.forEach((r, i) => expect(again[i]).toBe(partOf(r)));
      }),
      { numRuns: 200 },
    );
  });

  it('partitionRows: every row in exactly one partition, in input order', () => {
    fc.assert(
      fc.property(rows, key, parts, (data, seed, n) => {
        const dataset = datasetOfTokens(data);
        const cut = partitionRows(dataset, Math.min(n, dataset.n), 'item-hash', seed);
        expect(cut.flat().sort((a, b) => a - b)).toEqual(data.map((_, i) => i));
        for (const p of cut) expect(p).toEqual([...p].sort((a, b) => a - b));
      }),
      { numRuns: 200 },
    );
  });

  it('near-equal parts on many distinct rows, and the key chooses the partition', () => {
    const data = Array.from({ length: 4000 }, (_, i) => [`i${i}`, `j${i % 7}`]);
    const sizes = partitionRows(datasetOfTokens(data), 4, 'item-hash', 1).map((p) => p.length);
    for (const s of sizes) expect(Math.abs(s - 1000)).toBeLessThan(130); // 4 sd of a binomial
    const other = partsOf(data.slice(0, 200), 2, 4);
    expect(other).not.toEqual(partsOf(data.slice(0, 200), 1, 4));
  });

  it('the Gray splits move other rows when one row is added (why they cannot compose in parallel)', () => {
    const data = [['a'], ['b'], ['a', 'b'], ['c'], ['a'], ['b', 'c']];
    const withRow = [['b'], ...data];
    for (const split of ['contiguous', 'strided'] as const) {
      const partOfRow = (d: string[][]) => {
        const out = new Array<number>(d.length);
        partitionRows(datasetOfTokens(d), 2, split).forEach((p, i) => p.forEach((r) => (out[r] = i)));
        return out;
      };
      expect(partOfRow(withRow).slice(1)).not.toEqual(partOfRow(data));
    }
  });
});
