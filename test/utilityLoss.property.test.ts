/**
 * `ul` counts the rows holding each generalized item in one pass (issue 16: the work after the
 * method within its budget); it gives exactly what counting them item by item over the rows gave,
 * including on rows that name an item twice.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { log2GeneralizedItemUl, log2Sum } from '../src/core/base/logSpace.ts';
import { utilityLoss } from '../src/core/metrics/utilityLoss.ts';
import type { GeneralizedRelease } from '../src/core/release/types.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { arbitraryRows, datasetOf, plain, rowsOf, typed, withAnItem } from './helpers.ts';

describe('ul', () => {
  it('equals log10 of the sum over generalized items of their UL with supports counted row by row', () => {
    fc.assert(
      fc.property(withAnItem(arbitraryRows(10, 30, 6)), fc.boolean(), (rows, repeat) => {
        const dataset = datasetOf(rows);
        let release: GeneralizedRelease;
        try {
          release = runMethod(dataset, { method: 'apriori-km', params: { k: 3, m: 2 }, seed: 1, metrics: [] })
            .release as GeneralizedRelease;
        } catch {
          return; // nothing to publish at this k
        }
        if (repeat)
          release = typed({
            ...plain(release),
            transactions: rowsOf(release).map((row) => [...row, ...row]),
          });
        const sets = rowsOf(release).map((row) => new Set(row));
        const logs: number[] = [];
        for (const [label, items] of Object.entries(release.generalized)) {
          const sup = sets.filter((row) => row.has(label)).length;
          if (items.length < 2 || sup === 0) continue;
          logs.push(log2GeneralizedItemUl(items.length, dataset.d, 1, sup, dataset.n));
        }
        const expected = logs.length > 0 ? log2Sum(logs) * Math.log10(2) : undefined;
        expect(utilityLoss(dataset, release).ul).toBe(expected);
      }),
      { numRuns: 80 },
    );
  });
});
