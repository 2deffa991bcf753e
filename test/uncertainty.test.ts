/**
 * Uncertainty of comparisons (core/experiment/uncertainty.ts, comparison.ts): a point's standard
 * error over seeds and queries, the paired difference of two series seed by seed and query by
 * query, and the letters that mark which series cannot be told apart.
 */
import { describe, expect, it } from 'vitest';
import { combinedSe, pairedDifference, rankLetters } from '../src/core/experiment/uncertainty.ts';
import { compareAt } from '../src/core/experiment/comparison.ts';
import type { RunRecord } from '../src/core/run/runRecord.ts';
import { releaseFactsOf } from './helpers.ts';

const run = (method: string, seed: number, kl: number, perQuery?: number[], se?: number): RunRecord => ({
  method,
  params: { p: 10 },
  seed,
  sensitive: [],
  verified: true,
  problems: [],
  metrics: se === undefined ? { kl } : { kl, kl_se: se },
  runtime_ms: 1,
  total_ms: 1,
  summary: releaseFactsOf(),
  warnings: [],
  peak_bytes: null,
  notes: {},
  ...(perQuery ? { perQuery: { kl: perQuery } } : {}),
  command: '',
});

describe('combinedSe: the standard error of a mean over seeds that knows each run’s query error', () => {
  it('one seed: its query standard error; one seed of an exact value: unknown', () => {
    expect(combinedSe([0.5], [0.1])).toBe(0.1);
    expect(combinedSe([0.5], [undefined])).toBeUndefined();
  });

  it('several seeds: the spread of the seeds, never below the query part', () => {
    // Values 1, 2, 3: sample variance 1, over 3 seeds -> se = sqrt(1/3).
    expect(combinedSe([1, 2, 3], [0.01, 0.01, 0.01])).toBeCloseTo(Math.sqrt(1 / 3), 12);
    // Identical seeds but noisy queries: the query part, sqrt(mean(se^2) / 3).
    expect(combinedSe([1, 1, 1], [0.3, 0.3, 0.3])).toBeCloseTo(Math.sqrt(0.09 / 3), 12);
  });
});

describe('pairedDifference: seed by seed, query by query', () => {
  it('two methods whose query values differ by a constant are told apart though each is noisy', () => {
    const a = [run('a', 1, 2.5, [1, 2, 3, 4]), run('a', 2, 2.5, [4, 3, 2, 1])];
    const b = [run('b', 1, 2.6, [1.1, 2.1, 3.1, 4.1]), run('b', 2, 2.6, [4.1, 3.1, 2.1, 1.1])];
    const pair = pairedDifference(a, b, 'kl')!;
    expect(pair).toMatchObject({ seeds: 2, paired: true, verdict: 'different' });
    expect(pair.difference).toBeCloseTo(-0.1, 12);
    expect(pair.se).toBeCloseTo(0, 12);
  });

  it('query differences that change sign are indistinguishable', () => {
    const a = [run('a', 1, 2.5, [1, 2, 3, 4])];
    const b = [run('b', 1, 2.5, [2, 1, 4, 3])];
    expect(pairedDifference(a, b, 'kl')).toMatchObject({ difference: 0, verdict: 'indistinguishable' });
  });

  it('exact values over several seeds use the spread of the per-seed differences; one seed is unknown', () => {
    const a = [run('a', 1, 10), run('a', 2, 11), run('a', 3, 12)];
    const b = [run('b', 1, 9), run('b', 2, 10.5), run('b', 3, 10.5)];
    // d = 1, 0.5, 1.5: mean 1, sample sd 0.5, se 0.5 / sqrt 3 = 0.289; 1 > 2 x 0.289.
    expect(pairedDifference(a, b, 'kl')).toMatchObject({
      difference: 1,
      verdict: 'different',
      paired: false,
    });
    expect(pairedDifference(a.slice(0, 1), b.slice(0, 1), 'kl')?.verdict).toBe('unknown');
    expect(pairedDifference(a, [run('b', 9, 1)], 'kl')).toBeUndefined();
  });
});

describe('rankLetters and compareAt', () => {
  it('gives each longest run of mutually indistinguishable neighbours a letter', () => {
    // 0~1, 1~2, but 0 and 2 differ; 3 differs from all.
    const apart = (i: number, j: number) => !((Math.abs(i - j) === 1 && Math.max(i, j) <= 2) || i === j);
    expect(rankLetters(4, apart)).toEqual(['a', 'ab', 'b', 'c']);
    expect(rankLetters(3, () => false)).toEqual(['a', 'a', 'a']);
  });

  it('ranks series at one value best first and marks the ones that cannot be told apart', () => {
    const queries = (base: number) => [base, base + 1, base + 2, base + 3];
    const runs = [
      run('nn', 1, 1.5, queries(0)),
      run('gray-cahd', 1, 1.6, [0.2, 1.1, 1.9, 3.2]),
      run('anatomy', 1, 5.5, queries(4)),
    ];
    const { series, known } = compareAt(runs, 'p', 10, 'kl', 'lower', ['p']);
    expect(known).toBe(true);
    expect(series.map((s) => [s.name, s.letters])).toEqual([
      ['nn', 'a'],
      ['gray-cahd', 'a'],
      ['anatomy', 'b'],
    ]);
  });
});
