import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parseBytes, parseText } from '../src/core/data/parsers/index.ts';
import {
  datasetStats,
  itemSupports,
  lengthHistogram,
  rankFrequency,
  topItems,
} from '../src/core/data/stats.ts';

/**
 * The published characteristics of the benchmark files the repository carries (test/data, gzip:
 * a clone has nothing beside it). BMS2 and T10I4D100K (2 MB compressed) stay out of the
 * repository; `npm run bench -- datasets` checks all five from the reference copies.
 */
const PUBLISHED = [
  { file: 'BMS1.dat.gz', transactions: 59602, items: 497, maxLength: 267, avgLength: 2.51 },
  { file: 'chess.dat.gz', transactions: 3196, items: 75, maxLength: 37, avgLength: 37.0 },
  { file: 'mushroom.dat.gz', transactions: 8124, items: 119, maxLength: 23, avgLength: 23.0 },
];

describe('stats', () => {
  it('counts transactions, items, lengths, density and empty rows', () => {
    const { dataset } = parseText('1 2 3\n\n2\n4 1\n', { fileName: 's.dat' });
    expect(datasetStats(dataset)).toEqual({
      transactions: 4,
      items: 4,
      maxLength: 3,
      avgLength: 1.5,
      density: 6 / 16,
      empty: 1,
    });
  });

  it('top items, rank-frequency and length histogram summarise supports', () => {
    const { dataset } = parseText('1 2 3\n2 3\n3\n', { fileName: 's.dat' });
    const supports = itemSupports(dataset);
    expect(topItems(dataset, supports, 2)).toEqual([
      { token: '3', support: 3 },
      { token: '2', support: 2 },
    ]);
    expect(rankFrequency(supports)).toEqual([
      [1, 3],
      [2, 2],
      [3, 1],
    ]);
    expect(lengthHistogram(dataset).map((b) => b.count)).toEqual([0, 1, 1, 1]);
  });

  it('thins a long rank-frequency curve on a log scale, keeping both ends', () => {
    const supports = Uint32Array.from({ length: 5000 }, (_, i) => 5000 - i);
    const points = rankFrequency(supports, 100);
    expect(points.length).toBeLessThanOrEqual(100);
    expect(points[0]).toEqual([1, 5000]);
    expect(points[points.length - 1]).toEqual([5000, 1]);
  });

  it('bins long transactions into at most maxBins bins', () => {
    const { dataset } = parseText(
      Array.from({ length: 300 }, (_, i) => Array.from({ length: i }, (_, k) => k).join(' ')).join('\n') +
        '\n',
      { fileName: 'l.dat' },
    );
    const bins = lengthHistogram(dataset, 60);
    expect(bins.length).toBeLessThanOrEqual(60);
    expect(bins.reduce((sum, b) => sum + b.count, 0)).toBe(300);
  });

  for (const expected of PUBLISHED) {
    it(`reproduces the published characteristics of ${expected.file}`, () => {
      const { dataset } = parseBytes(gunzipSync(readFileSync(`test/data/${expected.file}`)), {
        fileName: expected.file,
      });
      const stats = datasetStats(dataset);
      expect(stats.transactions).toBe(expected.transactions);
      expect(stats.items).toBe(expected.items);
      expect(stats.maxLength).toBe(expected.maxLength);
      expect(stats.avgLength).toBeCloseTo(expected.avgLength, 2);
      expect(stats.empty).toBe(0);
    });
  }
});
