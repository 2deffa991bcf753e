import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../src/core/base/rng.ts';
import {
  measuredIds,
  partitionMetrics,
  type PartitionSlice,
} from '../src/core/distribute/partitionMetrics.ts';
import { rowSubset } from '../src/core/data/rowSubset.ts';
import { findMetric } from '../src/core/metrics/registry.ts';
import type { MetricOptions } from '../src/core/metrics/types.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import type { RowsAudit } from '../src/core/release/types.ts';
import { datasetOf } from './helpers.ts';

/** 240 rows over 30 items, a few popular ones (classes of identical published rows then form across cuts). */
function skewedRows(): number[][] {
  const rng = createRng(7);
  return Array.from({ length: 240 }, () => {
    const row = new Set<number>();
    const length = 1 + rng.int(6);
    while (row.size < length) row.add(rng.float() < 0.5 ? rng.int(5) : rng.int(30));
    return [...row];
  });
}

const dataset = datasetOf(skewedRows());

const RUNS = [
  { method: 'pta', params: { k: 5 } },
  { method: 'patternka', params: { k: 5 } },
  { method: 'apriori-km', params: { k: 3, m: 2, f: 3 } },
];

/** The published rows cut at `cuts` (ascending, inside (0, n)), each part with the input rows its rows link to. */
function slicesAt(rowOf: ArrayLike<number>, cuts: readonly number[]): PartitionSlice[] {
  const bounds = [0, ...cuts, rowOf.length];
  return bounds.slice(1).map((end, i) => ({
    rows: Array.from(rowOf).slice(bounds[i], end),
    published: end - bounds[i],
  }));
}

describe('metrics as sums over partitions (core/distribute/partitionMetrics.ts)', () => {
  it.each(RUNS)('$method: every cut gives the values the whole gives, bit for bit', ({ method, params }) => {
    const { release, audit } = runMethod(dataset, { method, params, seed: 3, metrics: [] });
    const { rowOf } = audit as RowsAudit;
    expect(rowOf.length).toBe(dataset.n);
    const ids = measuredIds(release);
    expect(ids).toContain('avgre');
    const workloads =
      release.kind === 'generalized' ? (['rows', 'generalized'] as const) : (['rows'] as const);
    for (const workload of workloads) {
      const options = (): MetricOptions => ({ seed: 11, workload, perQuery: new Map() });
      const wholeOptions = options();
      const whole = Object.fromEntries(
        ids.map((id) => [id, findMetric(id)!.compute(dataset, release, audit, wholeOptions)]),
      );
      expect(whole.avgre.avgre).toBeGreaterThan(0); // the estimates differ from the truth: a real test
      fc.assert(
        fc.property(
          fc.uniqueArray(fc.integer({ min: 1, max: rowOf.length - 1 }), { maxLength: 6 }),
          (cuts) => {
            const sums = options();
            const measured = partitionMetrics(
              dataset,
              release,
              audit,
              slicesAt(
                rowOf,
                cuts.sort((a, b) => a - b),
              ),
            );
            expect(measured.measure(ids, sums)).toEqual(whole);
            expect(sums.perQuery).toEqual(wholeOptions.perQuery);
          },
        ),
        { numRuns: 25 },
      );
    }
  });

  it('a class of identical published rows split between two partitions is one class (NCP)', () => {
    // Rows 0-1 and 2-3 publish {a} each; together item b is held by rows 0 and 1 only: uncertain in
    // the class of four, certain in each half. NCP counts it once the halves are one class.
    const rows = [
      ['a', 'b'],
      ['a', 'b'],
      ['a', 'c'],
      ['a', 'c'],
    ].map((r) => r.map((t) => t.charCodeAt(0)));
    const small = datasetOf(rows);
    const { release, audit } = runMethod(small, { method: 'pta', params: { k: 4 }, seed: 1, metrics: [] });
    const whole = findMetric('ncp')!.compute(small, release, audit, { seed: 1 });
    expect(whole.ncp).toBeGreaterThan(0);
    const { rowOf } = audit as RowsAudit;
    const measured = partitionMetrics(small, release, audit, slicesAt(rowOf, [2]));
    expect(measured.measure(['ncp'], { seed: 1 }).ncp).toEqual(whole);
  });

  it('refuses slices that do not add up to the release or the input (a bug, never a wrong figure)', () => {
    const { release, audit } = runMethod(dataset, { method: 'pta', params: { k: 5 }, seed: 3, metrics: [] });
    const { rowOf } = audit as RowsAudit;
    const short = slicesAt(rowOf, [100]).slice(0, 1);
    expect(() => partitionMetrics(dataset, release, audit, short).measure(['gcp'], { seed: 1 })).toThrow(
      /published 100 rows, the merged release has 240/,
    );
  });

  it('rowSubset: the rows given, in that order, over the same ids', () => {
    const part = rowSubset(dataset, [5, 2, 9]);
    expect(part.n).toBe(3);
    expect([0, 1, 2].map((i) => Array.from(part.row(i)))).toEqual(
      [5, 2, 9].map((r) => Array.from(dataset.row(r))),
    );
    expect(part.dictionary).toBe(dataset.dictionary);
  });
});
