/** The Apriori k^m baseline (Terrovitis et al.): hierarchy, and k^m-anonymity on random data. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { balancedHierarchy, ancestors } from '../src/core/methods/apriori-km/hierarchy.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { arbitraryRows, datasetOf } from './helpers.ts';

describe('balanced hierarchy', () => {
  it('groups f consecutive nodes per level up to one root', () => {
    const h = balancedHierarchy(7, 3);
    // leaves 0..6; level 1: {0,1,2} {3,4,5} {6}; level 2: root over the three
    expect(Array.from(h.parent.slice(0, 7))).toEqual([7, 7, 7, 8, 8, 8, 9]);
    expect([h.low[8], h.high[8]]).toEqual([3, 6]);
    expect(ancestors(h, 4)).toEqual([8, h.root]);
    expect([h.low[h.root], h.high[h.root]]).toEqual([0, 7]);
  });
});

describe('apriori-km regressions', () => {
  it('a node with a single child (same leaves) does not vanish when itemsets collapse (fast-check find)', () => {
    const dataset = datasetOf([[1, 4, 2, 3, 0], [0, 1, 9], [9]]);
    const { record, release } = runMethod(dataset, {
      method: 'apriori-km',
      params: { k: 2, m: 2, f: 2 },
      seed: 0,
    });
    expect(record.verified).toBe(true);
    if (release.kind !== 'generalized') throw new Error('expected generalized');
    for (const items of Object.values(release.generalized)) expect(items.length).toBeGreaterThan(1);
  });
});

describe('apriori-km on random data (property)', () => {
  it('verifies k^m-anonymity, keeps every row once, and generalizes only to whole subtrees', () => {
    fc.assert(
      fc.property(
        arbitraryRows(12, 40, 6),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 2, max: 4 }),
        fc.nat(10),
        (rows, k, m, f, seed) => {
          const dataset = datasetOf(rows);
          if (dataset.d === 0) return;
          if (rows.filter((r) => r.length > 0).length < k) {
            expect(() => runMethod(dataset, { method: 'apriori-km', params: { k, m, f }, seed })).toThrow(
              /at least k/,
            );
            return;
          }
          const { record, release, audit } = runMethod(dataset, {
            method: 'apriori-km',
            params: { k, m, f },
            seed,
            metrics: ['ul', 'avgre'],
          });
          expect(record.verified).toBe(true);
          if (!('rowOf' in audit) || release.kind !== 'generalized') throw new Error('expected generalized');
          expect([...audit.rowOf].sort((a, b) => a - b)).toEqual(
            Array.from({ length: dataset.n }, (_, r) => r),
          );
          const h = balancedHierarchy(dataset.d, f);
          const nodeRanges = new Set(
            Array.from({ length: h.parent.length }, (_, node) => `${h.low[node]}-${h.high[node]}`),
          );
          for (const items of Object.values(release.generalized)) {
            const ids = items.map((t) => dataset.dictionary.find(t)!).sort((a, b) => a - b);
            expect(nodeRanges.has(`${ids[0]}-${ids[ids.length - 1] + 1}`)).toBe(true);
            expect(ids[ids.length - 1] - ids[0] + 1).toBe(ids.length);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
