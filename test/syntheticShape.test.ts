import { describe, expect, it } from 'vitest';
import {
  CAPPED_ROWS,
  lengthDistribution,
  shapeDataset,
  shapeFimi,
  SHAPES,
  type ShapeParams,
} from '../src/core/data/syntheticShape.ts';
import { datasetStats, itemSupports } from '../src/core/data/stats.ts';
import { parseText } from '../src/core/data/parsers/index.ts';
import { tokenRows } from './helpers.ts';

const base: ShapeParams = { D: 20_000, N: 1000, T: 8, maxLength: 300, zipf: 1, seed: 3 };

/** Least-squares slope of log(support) against log(rank + 1) over the ranks [from, to). */
function popularitySlope(supports: Uint32Array, from: number, to: number): number {
  const sorted = Array.from(supports).sort((a, b) => b - a);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let rank = from; rank < to; rank++) {
    xs.push(Math.log(rank + 1));
    ys.push(Math.log(sorted[rank]));
  }
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i] - my);
    sxx += (x - mx) ** 2;
  });
  return sxy / sxx;
}

describe('real-data-shaped generator', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const small = { ...base, D: 500 };
    expect(shapeFimi(small)).toBe(shapeFimi(small));
    expect(shapeFimi(small)).not.toBe(shapeFimi({ ...small, seed: 4 }));
  });

  it('its length distribution has mean T exactly and about CAPPED_ROWS rows at the maximum', () => {
    for (const shape of [base, SHAPES.netflix, SHAPES.retail]) {
      const p = lengthDistribution(shape);
      let mean = 0;
      let total = 0;
      p.forEach((q, i) => {
        mean += q * (i + 1);
        total += q;
      });
      expect(total).toBeCloseTo(1, 9);
      expect(mean).toBeCloseTo(shape.T, 4);
      expect(p.length).toBe(shape.maxLength);
      expect(p[shape.maxLength - 1] * shape.D).toBeCloseTo(CAPPED_ROWS, 2);
    }
  });

  it('has D rows, N items, mean length near T, the longest near maxLength and a heavy tail', () => {
    const dataset = shapeDataset(base);
    const stats = datasetStats(dataset);
    expect(stats.transactions).toBe(base.D);
    expect(stats.items).toBe(base.N);
    expect(stats.empty).toBe(0);
    expect(Math.abs(stats.avgLength - base.T) / base.T).toBeLessThan(0.05);
    expect(stats.maxLength).toBeLessThanOrEqual(base.maxLength);
    expect(stats.maxLength).toBeGreaterThanOrEqual(base.maxLength / 2);
    const lengths = Array.from({ length: dataset.n }, (_, r) => dataset.rowLength(r)).sort((a, b) => a - b);
    const median = lengths[lengths.length >> 1];
    const p99 = lengths[Math.floor(lengths.length * 0.99)];
    expect(median).toBeLessThan(base.T); // skewed: most rows are short...
    expect(p99).toBeGreaterThan(5 * median); // ...and a few are long
  });

  it('item popularity falls with rank at the Zipf exponent', () => {
    for (const zipf of [0.5, 1, 1.5]) {
      const slope = popularitySlope(itemSupports(shapeDataset({ ...base, zipf })), 10, 500);
      expect(Math.abs(slope + zipf)).toBeLessThan(0.15);
    }
    // zipf 0: every item equally popular.
    expect(Math.abs(popularitySlope(itemSupports(shapeDataset({ ...base, zipf: 0 })), 10, 500))).toBeLessThan(
      0.1,
    );
  });

  it('popularity does not follow the item number', () => {
    const dataset = shapeDataset(base);
    const supports = itemSupports(dataset);
    const byNumber = Array.from({ length: dataset.d }, (_, id) => ({
      number: Number(dataset.dictionary.token(id)),
      support: supports[id],
    })).sort((a, b) => a.number - b.number);
    const firstTen = byNumber.slice(0, 10).reduce((s, x) => s + x.support, 0);
    const mostPopularTen = Array.from(supports)
      .sort((a, b) => b - a)
      .slice(0, 10)
      .reduce((s, x) => s + x, 0);
    expect(firstTen).toBeLessThan(mostPopularTen / 3);
  });

  it('rows longer than N / 8 draw distinct items too (the weighted-keys draw)', () => {
    const dataset = shapeDataset({ D: 300, N: 40, T: 12, maxLength: 40, zipf: 1.2, seed: 5 });
    let long = 0;
    for (let r = 0; r < dataset.n; r++) {
      const row = dataset.row(r);
      if (row.length > 5) long++;
      expect(new Set(row).size).toBe(row.length);
    }
    expect(long).toBeGreaterThan(50);
    expect(datasetStats(dataset).maxLength).toBe(40);
  });

  it('its FIMI text parses back to the generated dataset, item ids included', () => {
    const small = { ...base, D: 800 };
    const parsed = parseText(shapeFimi(small), { fileName: 's.dat' }).dataset;
    const generated = shapeDataset(small);
    expect(tokenRows(parsed)).toEqual(tokenRows(generated));
    expect(parsed.dictionary.tokens).toEqual(generated.dictionary.tokens);
  });

  it('rejects params out of range, naming them', () => {
    expect(() => shapeDataset({ ...base, T: 400 })).toThrow(/T \(average length\)/);
    expect(() => shapeDataset({ ...base, zipf: -1 })).toThrow(/zipf/);
    expect(() => shapeDataset({ ...base, D: 0 })).toThrow(/D must/);
  });
});
