/** The class-size histogram in at most N bars (src/ui/releases/sizeBins.ts). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { binLabel, sizeBins } from '../src/ui/releases/sizeBins.ts';

describe('sizeBins', () => {
  it('keeps every size when there are few', () => {
    expect(
      sizeBins(
        [
          [5, 10],
          [7, 2],
        ],
        40,
      ),
    ).toEqual([
      { from: 5, to: 5, classes: 10 },
      { from: 7, to: 7, classes: 2 },
    ]);
  });

  it('merges many sizes into at most N ranges that cover them all, small sizes exact', () => {
    const histogram: [number, number][] = Array.from({ length: 500 }, (_, i) => [5 + i * 5, 500 - i]);
    const bins = sizeBins(histogram, 40);
    expect(bins.length).toBeLessThanOrEqual(40);
    expect(bins[0]).toEqual({ from: 5, to: 5, classes: 500 });
    expect(bins[bins.length - 1].to).toBe(2500);
    expect(binLabel(bins[bins.length - 1])).toMatch(/^\d+–2500$/);
  });

  it('property: ranges are contiguous, ascending, within the bar limit, and keep every class', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 400 }),
        fc.integer({ min: 1, max: 60 }),
        (sizes, maxBars) => {
          const histogram = [...sizes].sort((a, b) => a - b).map((s): [number, number] => [s, (s % 7) + 1]);
          const bins = sizeBins(histogram, maxBars);
          expect(bins.length).toBe(Math.min(histogram.length, bins.length));
          expect(bins.length).toBeLessThanOrEqual(maxBars < histogram.length ? maxBars : histogram.length);
          const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
          expect(total(bins.map((b) => b.classes))).toBe(total(histogram.map(([, c]) => c)));
          for (const [i, bin] of bins.entries()) {
            expect(bin.from).toBeLessThanOrEqual(bin.to);
            if (i > 0 && histogram.length > maxBars) expect(bin.from).toBe(bins[i - 1].to + 1);
          }
          for (const [size] of histogram) expect(bins.some((b) => b.from <= size && size <= b.to)).toBe(true);
        },
      ),
    );
  });
});
