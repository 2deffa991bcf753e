/**
 * k-anonymity methods on many random datasets (fast-check): the release passes its verifier (every
 * class at least k, every input row exactly once), PatternKa never adds an item, and IL and GCP
 * from the metrics equal an independent recount over release + audit.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runMethod } from '../src/core/run/runMethod.ts';
import { verifyRelease } from '../src/core/release/verify.ts';
import { arbitraryRows, datasetOf, plain, rowsOf, typed, typedAudit } from './helpers.ts';

const cases = fc.record({
  rows: arbitraryRows(30, 60, 10),
  k: fc.integer({ min: 2, max: 8 }),
  segments: fc.integer({ min: 0, max: 6 }),
  selection: fc.constantFrom('set-valued', 'relational'),
  seed: fc.nat(1000),
});

function recount(original: string[][], published: string[][]) {
  let il = 0;
  let kept = 0;
  published.forEach((row, p) => {
    const a = new Set(original[p]);
    const b = new Set(row);
    const common = [...a].filter((x) => b.has(x)).length;
    il += a.size + b.size - 2 * common;
    kept += common;
  });
  const omega = original.reduce((sum, r) => sum + r.length, 0);
  return { il, gcp: omega === 0 ? 0 : 1 - kept / omega };
}

for (const method of ['pta', 'patternka']) {
  describe(`${method} on random data`, () => {
    it('verifies, keeps every row once, and its IL / GCP match a recount from the audit', () => {
      fc.assert(
        fc.property(cases, ({ rows, k, segments, selection, seed }) => {
          const dataset = datasetOf(rows);
          if (dataset.n < k) {
            expect(() => runMethod(dataset, { method, params: { k }, seed })).toThrow(/at least k/);
            return;
          }
          const params = method === 'pta' ? { k, segments } : { k, selection };
          const { record, release, audit } = runMethod(dataset, {
            method,
            params,
            seed,
            metrics: ['il', 'gcp'],
          });
          expect(record.verified).toBe(true);
          expect(verifyRelease(dataset, release, audit).partitionComplete).toBe(true);
          if (release.kind !== 'transactions' || !('rowOf' in audit))
            throw new Error('expected a transactions release');
          expect([...audit.rowOf].sort((a, b) => a - b)).toEqual(
            Array.from({ length: dataset.n }, (_, r) => r),
          );
          const original = Array.from(audit.rowOf, (r) => dataset.rowTokens(r));
          const expected = recount(original, rowsOf(release));
          expect(record.metrics.il).toBe(expected.il);
          expect(record.metrics.gcp).toBeCloseTo(expected.gcp, 12);
          if (method === 'patternka') {
            rowsOf(release).forEach((row, p) => expect(row.every((t) => original[p].includes(t))).toBe(true));
          }
        }),
        { numRuns: 120 },
      );
    });

    it('is deterministic for a seed', () => {
      const dataset = datasetOf(
        Array.from({ length: 80 }, (_, i) => [i % 7, (i * 3) % 11, ((i * 5) % 13) + 20]),
      );
      const run = () => JSON.stringify(runMethod(dataset, { method, params: { k: 4 }, seed: 9 }).release);
      expect(run()).toBe(run());
    });
  });
}

describe('the transactions verifier rejects what is not k-anonymous', () => {
  it('names a class smaller than k and a missing row', () => {
    const dataset = datasetOf([[1], [1], [2]]);
    const release = typed({
      format: 'txanon-release/1' as const,
      model: 'k-anonymity' as const,
      method: 'pta',
      params: { k: 2 },
      seed: 1,
      sensitive: [],
      kind: 'transactions' as const,
      transactions: [['1'], ['1'], ['2']],
    });
    const small = verifyRelease(dataset, release, typedAudit({ rowOf: [0, 1, 2] }));
    expect(small.verified).toBe(false);
    expect(small.problems[0]).toContain('occurs 1 time(s), fewer than k = 2');
    const missing = verifyRelease(
      dataset,
      typed({ ...plain(release), transactions: [['1'], ['1']] }),
      typedAudit({ rowOf: [0, 0] }),
    );
    expect(missing.partitionComplete).toBe(false);
    expect(missing.problems.join(' ')).toMatch(/missing.*2/);
  });
});
