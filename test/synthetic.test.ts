import { describe, expect, it } from 'vitest';
import { questDataset, questFimi } from '../src/core/data/synthetic.ts';
import { datasetStats } from '../src/core/data/stats.ts';
import { parseText } from '../src/core/data/parsers/index.ts';
import { tokenRows } from './helpers.ts';
import { chooseSensitive } from '../src/core/data/sensitive.ts';

const params = { D: 3000, T: 10, I: 4, N: 500, L: 300, seed: 7 };

describe('IBM Quest-style generator', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    expect(questFimi(params)).toBe(questFimi(params));
    expect(questFimi(params)).not.toBe(questFimi({ ...params, seed: 8 }));
  });

  it('has D transactions, items below N, and an average length near T', () => {
    const stats = datasetStats(questDataset(params));
    expect(stats.transactions).toBe(3000);
    expect(stats.items).toBeLessThanOrEqual(500);
    expect(stats.avgLength).toBeGreaterThan(7);
    expect(stats.avgLength).toBeLessThan(13);
    expect(stats.empty).toBe(0);
  });

  it('its FIMI text parses back to the generated dataset, item ids included', () => {
    const parsed = parseText(questFimi(params), { fileName: 'q.dat' }).dataset;
    const generated = questDataset(params);
    expect(tokenRows(parsed)).toEqual(tokenRows(generated));
    // Same ids, so a seeded random choice of sensitive items (it draws ids) picks the same tokens.
    expect(parsed.dictionary.tokens).toEqual(generated.dictionary.tokens);
    expect(Array.from(parsed.items)).toEqual(Array.from(generated.items));
    const sensitive = (d: typeof parsed) =>
      chooseSensitive(d, { random: 10 }, 3).map((id) => d.dictionary.token(id));
    expect(sensitive(parsed)).toEqual(sensitive(generated));
  });

  it('plants patterns: some pair of items co-occurs far above independence', () => {
    const dataset = questDataset(params);
    const pairs = new Map<string, number>();
    const support = new Map<number, number>();
    for (let r = 0; r < dataset.n; r++) {
      const row = [...dataset.row(r)];
      for (const a of row) support.set(a, (support.get(a) ?? 0) + 1);
      for (let i = 0; i < row.length; i++)
        for (let j = i + 1; j < row.length; j++)
          pairs.set(`${row[i]},${row[j]}`, (pairs.get(`${row[i]},${row[j]}`) ?? 0) + 1);
    }
    let bestLift = 0;
    for (const [key, count] of pairs) {
      if (count < 20) continue;
      const [a, b] = key.split(',').map(Number);
      bestLift = Math.max(bestLift, (count * dataset.n) / (support.get(a)! * support.get(b)!));
    }
    expect(bestLift).toBeGreaterThan(5);
  });
});
