import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { marksPay, sortDistinct, sortDistinctBelow } from '../src/core/data/sortPrefix.ts';
import { DatasetBuilder } from '../src/core/data/datasetBuilder.ts';

describe('sortDistinctBelow: a row sorted by a bitmap of marks', () => {
  it('gives what sortDistinct gives, and leaves the marks zero', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(3000), { maxLength: 400 }), (values) => {
        const marks = new Uint32Array(Math.ceil(3001 / 32));
        const a = Uint32Array.from(values);
        const b = Uint32Array.from(values);
        const n = sortDistinctBelow(a, a.length, marks);
        expect([...a.subarray(0, n)]).toEqual([...b.subarray(0, sortDistinct(b, b.length))]);
        expect(marks.every((w) => w === 0)).toBe(true);
      }),
    );
  });

  it('refuses a value past the bitmap (-1), the row and the marks untouched', () => {
    const marks = new Uint32Array(2);
    const row = Uint32Array.from([5, 63, 64, 1]);
    expect(sortDistinctBelow(row, row.length, marks)).toBe(-1);
    expect([...row]).toEqual([5, 63, 64, 1]);
    expect([...marks]).toEqual([0, 0]);
  });

  it('the builder gives the same rows for long rows (marks) and short ones (insertion sort)', () => {
    expect(marksPay(65, 100)).toBe(true);
    expect(marksPay(64, 100)).toBe(false);
    fc.assert(
      fc.property(fc.array(fc.array(fc.nat(200), { maxLength: 150 }), { maxLength: 8 }), (rows) => {
        const builder = new DatasetBuilder();
        for (let i = 0; i <= 200; i++) builder.dictionary.idOf(`i${i}`);
        const repeats = rows.map((row) => builder.addIds(row));
        const dataset = builder.build('t', 'fimi');
        rows.forEach((row, r) => {
          const expected = [...new Set(row)].sort((x, y) => x - y);
          expect([...dataset.row(r)]).toEqual(expected);
          expect(repeats[r]).toBe(row.length - expected.length);
        });
      }),
    );
  });
});
