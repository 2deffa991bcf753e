import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { combineWords, hammingWords, popcount32, setBits, wordsFor } from '../src/core/data/bitset.ts';
import { BitMatrix } from '../src/core/data/bitMatrix.ts';
import { arbitraryRows, datasetOf } from './helpers.ts';

const naivePopcount = (x: number) =>
  x
    .toString(2)
    .split('')
    .filter((b) => b === '1').length;

describe('bitset words', () => {
  it('popcount32 counts the set bits of any 32-bit word', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (x) => popcount32(x) === naivePopcount(x >>> 0)),
    );
    expect(popcount32(0xffffffff)).toBe(32);
    expect(popcount32(0x80000000)).toBe(1);
  });

  it('setBits lists the set bits in order', () => {
    const words = new Uint32Array([0b1010, 0x80000001]);
    expect(setBits(words)).toEqual([1, 3, 32, 63]);
    expect(wordsFor(0)).toBe(0);
    expect(wordsFor(33)).toBe(2);
  });

  it('combineWords is AND, OR and AND-NOT word by word', () => {
    const a = new Uint32Array([0b1100, 0xffff0000]);
    const b = new Uint32Array([0b1010, 0x0000ffff]);
    const out = new Uint32Array(2);
    combineWords('and', a, 0, b, 0, out, 0, 2);
    expect([...out]).toEqual([0b1000, 0]);
    combineWords('or', a, 0, b, 0, out, 0, 2);
    expect([...out]).toEqual([0b1110, 0xffffffff]);
    combineWords('andNot', a, 0, b, 0, out, 0, 2);
    expect([...out]).toEqual([0b0100, 0xffff0000]);
    expect(hammingWords(a, 0, b, 0, 2)).toBe(2 + 32);
  });
});

describe('BitMatrix primitives equal their set definitions', () => {
  const pairOfRows = arbitraryRows(100, 30, 20).filter((rows) => rows.length >= 2);

  it('Hamming(a, b) is the size of the symmetric difference', () => {
    fc.assert(
      fc.property(pairOfRows, (rows) => {
        const bits = datasetOf(rows).bits!;
        const dataset = datasetOf(rows);
        for (let a = 0; a < rows.length; a++) {
          for (let b = 0; b < rows.length; b++) {
            const A = new Set(dataset.row(a));
            const B = new Set(dataset.row(b));
            const symmetric = [...A].filter((x) => !B.has(x)).length + [...B].filter((x) => !A.has(x)).length;
            if (bits.hamming(a, b) !== symmetric) return false;
          }
        }
        return true;
      }),
    );
  });

  it('rowPopcount, AND, OR, AND-NOT and commonItems match set operations', () => {
    fc.assert(
      fc.property(pairOfRows, fc.nat(), fc.nat(), (rows, i, j) => {
        const dataset = datasetOf(rows);
        const bits = dataset.bits!;
        const a = i % rows.length;
        const b = j % rows.length;
        const A = new Set(dataset.row(a));
        const B = new Set(dataset.row(b));
        const asSet = (words: Uint32Array) => setBits(words);
        expect(bits.rowPopcount(a)).toBe(A.size);
        expect(asSet(bits.andRows(a, b))).toEqual([...A].filter((x) => B.has(x)).sort((x, y) => x - y));
        expect(asSet(bits.orRows(a, b))).toEqual([...new Set([...A, ...B])].sort((x, y) => x - y));
        expect(asSet(bits.andNotRows(a, b))).toEqual([...A].filter((x) => !B.has(x)).sort((x, y) => x - y));
        expect(bits.commonItems(a, b)).toBe([...A].filter((x) => B.has(x)).length);
      }),
    );
  });

  it('columnSupports and rowsContaining agree with a recount over the rows', () => {
    fc.assert(
      fc.property(arbitraryRows(70, 50, 15), fc.array(fc.nat(), { maxLength: 3 }), (rows, picks) => {
        const dataset = datasetOf(rows);
        const bits = dataset.bits!;
        const supports = new Array(dataset.d).fill(0);
        for (let r = 0; r < dataset.n; r++) for (const item of dataset.row(r)) supports[item]++;
        expect([...bits.columnSupports()]).toEqual(supports);
        const itemset = dataset.d === 0 ? [] : [...new Set(picks.map((p) => p % dataset.d))];
        const expected: number[] = [];
        for (let r = 0; r < dataset.n; r++) {
          const row = new Set(dataset.row(r));
          if (itemset.every((item) => row.has(item))) expected.push(r);
        }
        expect(setBits(bits.rowsContaining(itemset))).toEqual(expected);
      }),
    );
  });

  it('rows spanning several words keep their bits apart', () => {
    const m = new BitMatrix(2, 70);
    m.set(0, 69);
    m.set(1, 0);
    expect(m.has(0, 69)).toBe(true);
    expect(m.has(1, 69)).toBe(false);
    expect(m.hamming(0, 1)).toBe(2);
    expect(m.wordsPerRow).toBe(3);
  });

  it('the dense matrix is skipped when it exceeds the budget, the CSR stays', () => {
    const dataset = datasetOf([[1, 2], [3]], 4);
    expect(dataset.bits).toBeNull();
    expect(dataset.n).toBe(2);
  });
});

describe('bit 31 of a word (the sign bit of a signed 32-bit int)', () => {
  it('rowsContaining finds an item with id 31 (found by the property above)', () => {
    const m = new BitMatrix(2, 32);
    m.set(0, 31);
    m.set(1, 30);
    expect(setBits(m.rowsContaining([31]))).toEqual([0]);
    expect(setBits(m.rowsContaining([30]))).toEqual([1]);
    expect(m.columnSupports()[31]).toBe(1);
  });
});

describe('the one Hamming distance between rows', () => {
  it('rowHamming is the size of the symmetric difference, by merge or by popcount (property)', async () => {
    const { rowHamming } = await import('../src/core/data/rowDistance.ts');
    // Up to 40 items (2 words a row): rows of up to 30 items go by popcount, short ones by merge;
    // a budget below 0 leaves the dataset without a BitMatrix (merge only).
    fc.assert(
      fc.property(arbitraryRows(40, 12, 30), fc.boolean(), (rows, withBits) => {
        const dataset = datasetOf(rows, withBits ? undefined : -1);
        expect(dataset.bits === null).toBe(!withBits);
        for (let a = 0; a < rows.length; a++)
          for (let b = 0; b < rows.length; b++) {
            const x = new Set(rows[a]);
            const y = new Set(rows[b]);
            const difference =
              [...x].filter((i) => !y.has(i)).length + [...y].filter((i) => !x.has(i)).length;
            expect(rowHamming(dataset, a, b)).toBe(difference);
          }
      }),
      { numRuns: 100 },
    );
  });
});
