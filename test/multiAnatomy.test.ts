/** Multi-dimension anatomy (anatomy paper, Sec. IV) on hand-checked examples and random data. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { parseText } from '../src/core/data/parsers/index.ts';
import { phiSquare, phiSquares } from '../src/core/methods/multi-anatomy/phiSquare.ts';
import { pam } from '../src/core/methods/multi-anatomy/pam.ts';
import { columnValues, partitionRecords } from '../src/core/methods/multi-anatomy/recordPartition.ts';
import { columnsLimit } from '../src/core/methods/multi-anatomy/feasibility.ts';
import { createRng } from '../src/core/base/rng.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { verifyRelease } from '../src/core/release/verify.ts';
import type { BucketsRelease } from '../src/core/release/types.ts';
import { arbitraryRows, datasetOf, plain, typed, typedAudit } from './helpers.ts';

const tableIA = parseText(readFileSync('public/samples/anatomy-table1a.csv', 'utf8'), {
  fileName: 'anatomy-table1a.csv',
}).dataset;
const id = (token: string) => tableIA.dictionary.find(token)!;

describe('phi^2 (eq. 4)', () => {
  it('of a hand-computed 2x2 table: n = 10, I1 in 4 rows, I2 in 5, both in 3', () => {
    // f1 = 0.4, f2 = 0.5, f12 = 0.3: (0.3 - 0.2)^2 / (0.4 * 0.5) = 0.01 / 0.2 = 0.05
    expect(phiSquare(0.4, 0.5, 0.3)).toBeCloseTo(0.05, 12);
    const rows = [[1, 2], [1, 2], [1, 2], [1], [2], [2], [], [], [], []];
    const dataset = datasetOf(rows);
    const phi = phiSquares(dataset, 1e9);
    const a = dataset.dictionary.find('1')!;
    const b = dataset.dictionary.find('2')!;
    expect(phi.get(a, b)).toBeCloseTo(0.05, 12);
    expect(phiSquare(0.5, 0.5, 0.25)).toBe(0); // independent items
  });
});

describe('PAM (BUILD + FastPAM1 SWAP)', () => {
  it('finds the known optimum of two clusters on a line', () => {
    const points = [0, 1, 2, 10, 11, 12, 30];
    const result = pam(points.length, 2, (i, j) => Math.abs(points[i] - points[j]));
    // Optimum: medoids 1 and 11 -> cost 1+0+1 + 1+0+1 + 19 = 23
    expect(result.cost).toBe(23);
    expect(result.medoids.map((m) => points[m]).sort((x, y) => x - y)).toEqual([1, 11]);
  });

  it('ends in a swap-optimal clustering, as plain PAM does (property, brute-force swap check)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 4, maxLength: 14 }),
        fc.integer({ min: 2, max: 3 }),
        (xs, k) => {
          const dist = (i: number, j: number) => Math.abs(xs[i] - xs[j]);
          const result = pam(xs.length, k, dist);
          const cost = (medoids: number[]) =>
            xs.reduce((sum, _, o) => sum + Math.min(...medoids.map((m) => dist(o, m))), 0);
          expect(cost(result.medoids)).toBe(result.cost);
          for (let i = 0; i < k; i++) {
            for (let c = 0; c < xs.length; c++) {
              if (result.medoids.includes(c)) continue;
              const swapped = result.medoids.map((m, index) => (index === i ? c : m));
              expect(cost(swapped)).toBeGreaterThanOrEqual(result.cost - 1e-9);
            }
          }
        },
      ),
    );
  });
});

describe('record partition (Fig. 2) on Table I(A) with the columns of Table I(E)', () => {
  const columns = [
    ['a', 'c'],
    ['b', 'e', 'g'],
    ['d', 'f', 'h'],
  ];
  const columnOf = new Int32Array(tableIA.d);
  columns.forEach((items, c) => items.forEach((t) => (columnOf[id(t)] = c)));

  it('streams t1, t2 into B1 (2-diverse at once) and t3..t10 into B2', () => {
    // B1 closes after t2: every column has two distinct values. B2 closes only after t10, when
    // {b} (t3, t4, t5, t8) and {f,h} (t3, t4, t8, t9) reach exactly 4 of 8 rows = 1/2.
    const values = columnValues(tableIA, columnOf, 3);
    expect(partitionRecords(values, 3, 2, createRng(1))).toEqual([
      [0, 1],
      [2, 3, 4, 5, 6, 7, 8, 9],
    ]);
  });

  /** Table I(E) as printed: B1 = t1..t5, B2 = t6..t10, under the reading named. */
  const tableIE = (diversity?: string): BucketsRelease => {
    const bucket = (rows: number[]) => ({
      size: rows.length,
      columns: columns.map((items) => rows.map((r) => tableIA.rowTokens(r).filter((t) => items.includes(t)))),
    });
    return typed({
      format: 'txanon-release/1',
      model: 'l-diversity',
      method: 'multi-anatomy',
      params: { l: 2, columns: 3, ...(diversity ? { diversity } : {}) },
      seed: 1,
      sensitive: [],
      kind: 'buckets',
      columns,
      buckets: [bucket([0, 1, 2, 3, 4]), bucket([5, 6, 7, 8, 9])],
    });
  };
  const audit = typedAudit({
    buckets: [
      [0, 1, 2, 3, 4],
      [5, 6, 7, 8, 9],
    ],
  });

  it('the strict reading (Def. 5) rejects Table I(E) as printed: in B1, column {b,e,g} has {b} in 3 of 5 rows', () => {
    // The paper calls Table I(E) 2-diverse, but 3/5 > 1/2 breaks its own Def. 5.
    const result = verifyRelease(tableIA, tableIE(), audit);
    expect(result.verified).toBe(false);
    expect(result.partitionComplete).toBe(true);
    expect(result.problems).toContain(
      'bucket 1, column 2: 3 of its 5 rows hold {b} there, above 1/2 of them (Def. 5)',
    );
    expect(verifyRelease(tableIA, tableIE('frequency'), audit).verified).toBe(false);
  });

  it('the distinct reading (Example 5) accepts Table I(E): B1 shows {b}, {b,e}, {b,e,g} in column 2', () => {
    expect(verifyRelease(tableIA, tableIE('distinct'), audit)).toMatchObject({
      verified: true,
      problems: [],
    });
    // ... and not at l = 4: column 3 of B1 shows only {a} and {a,c}.
    const l4 = { ...tableIE('distinct'), params: { l: 4, columns: 3, diversity: 'distinct' } };
    expect(verifyRelease(tableIA, l4, audit).problems[0]).toMatch(/bucket 1, column 1: 2 distinct values/);
  });

  it('the largest l of these columns: 2 by Def. 5 ({b} and {f,h} in 4 of 10 rows), 3 by distinct values', () => {
    const values = columnValues(tableIA, columnOf, 3);
    expect(columnsLimit(values, 3, 'frequency')).toMatchObject({ largestL: 2 });
    // Column {a,c} holds {a,c}, {a}, {} and nothing else.
    expect(columnsLimit(values, 3, 'distinct')).toMatchObject({ largestL: 3, column: 0, count: 3 });
  });

  it('an infeasible setting names the blocking value and the feasible ones', () => {
    expect(() =>
      runMethod(tableIA, { method: 'multi-anatomy', params: { l: 3, columns: 3 }, seed: 1 }),
    ).toThrow(
      /cannot be made 3-diverse \(frequency.*the largest l this data allows with these columns is \d.*Feasible: l <= \d/,
    );
  });
});

describe('multi-anatomy on random data (property)', () => {
  it('every release verifies (every bucket column l-diverse, every row once) or the data is reported infeasible', () => {
    fc.assert(
      fc.property(
        arbitraryRows(12, 60, 6),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.nat(100),
        fc.constantFrom('frequency', 'distinct'),
        (rows, l, columns, seed, diversity) => {
          const dataset = datasetOf(rows);
          if (dataset.d < columns || dataset.n === 0) return;
          try {
            const { record, release, audit } = runMethod(dataset, {
              method: 'multi-anatomy',
              params: { l, columns, diversity },
              seed,
              metrics: ['avgre'],
            });
            expect(record.verified).toBe(true);
            expect(verifyRelease(dataset, release, audit).verified).toBe(true);
            if (!('buckets' in audit)) throw new Error('expected a buckets audit');
            expect([...audit.buckets.items].sort((a, b) => a - b)).toEqual(
              Array.from({ length: dataset.n }, (_, r) => r),
            );
          } catch (error) {
            expect(String(error)).toMatch(/cannot be made \d+-diverse/);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a 2-diverse run on Table I(A) with 2 columns verifies and its rules metric is computed', () => {
    const { record } = runMethod(tableIA, {
      method: 'multi-anatomy',
      params: { l: 2, columns: 2 },
      seed: 1,
      metrics: ['rules', 'avgre'],
      metricOptions: { minSupport: 0.3 },
    });
    expect(record.verified).toBe(true);
    expect(record.metrics.rules_original).toBeGreaterThan(0);
    expect(record.metrics.ar).toBeGreaterThanOrEqual(0);
    expect(record.metrics.ar).toBeLessThanOrEqual(1);
  });
});

describe('the buckets support estimator (DESIGN.md sec. 5)', () => {
  it('equals sum over buckets of |B| times the product of per-column fractions (naive recount)', async () => {
    const { supportEstimator } = await import('../src/core/metrics/estimators.ts');
    fc.assert(
      fc.property(
        arbitraryRows(8, 40, 5),
        fc.nat(50),
        fc.array(fc.nat(7), { minLength: 1, maxLength: 3 }),
        (rows, seed, query) => {
          const dataset = datasetOf(rows);
          if (dataset.d < 2 || dataset.n === 0) return;
          let result;
          try {
            result = runMethod(dataset, {
              method: 'multi-anatomy',
              params: { l: 2, columns: 2 },
              seed,
              metrics: [],
            });
          } catch {
            return; // infeasible data
          }
          const release = plain(result.release as BucketsRelease);
          const ids = [
            ...new Set(
              query
                .map((q) => dataset.dictionary.find(String(q)))
                .filter((x): x is number => x !== undefined),
            ),
          ];
          const tokens = ids.map((i) => dataset.dictionary.token(i));
          let expected = 0;
          for (const bucket of release.buckets) {
            let estimate = bucket.size;
            release.columns.forEach((columnTokens, c) => {
              const wanted = tokens.filter((t) => columnTokens.includes(t));
              if (wanted.length === 0) return;
              estimate *=
                bucket.columns[c].filter((value) => wanted.every((t) => value.includes(t))).length /
                bucket.size;
            });
            expected += estimate;
          }
          expect(supportEstimator(dataset, result.release, result.audit)(ids)).toBeCloseTo(expected, 9);
        },
      ),
      { numRuns: 120 },
    );
  });
});
