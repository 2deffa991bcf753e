import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { supportEstimator } from '../src/core/metrics/estimators.ts';
import { pairEstimates, type ItemPair } from '../src/core/metrics/pairEstimates.ts';
import type { BucketsRelease } from '../src/core/release/types.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import type { RunRequest } from '../src/core/run/runRecord.ts';
import { arbitraryRows, datasetOf, typed, typedAudit, withAnItem } from './helpers.ts';
import { ItemRows } from '../src/core/data/itemRows.ts';

const ITEMS = 8;

/** A buckets release over items 0..7: each item in a column, each bucket's cells drawn per column. */
const arbitraryBuckets = fc
  .record({
    columnOfItem: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: ITEMS, maxLength: ITEMS }),
    buckets: fc.array(
      fc.array(fc.array(fc.integer({ min: 0, max: ITEMS - 1 }), { maxLength: 5 }), {
        minLength: 1,
        maxLength: 4,
      }),
      { minLength: 1, maxLength: 6 },
    ),
  })
  .map(({ columnOfItem, buckets }) => {
    const columns = [0, 1, 2].map((c) =>
      columnOfItem.flatMap((col, item) => (col === c ? [String(item)] : [])),
    );
    // A bucket's rows; each row's items split into the columns' cells.
    const release: BucketsRelease = typed({
      format: 'txanon-release/1',
      model: 'l-diversity',
      method: 'multi-anatomy',
      params: {},
      seed: 1,
      sensitive: [],
      kind: 'buckets',
      columns,
      buckets: buckets.map((rows) => ({
        size: rows.length,
        columns: columns.map((tokens) =>
          rows.map((row) => [...new Set(row.map(String))].filter((t) => tokens.includes(t))),
        ),
      })),
    });
    return { release, rows: buckets.flat() };
  });

describe('pairEstimates: the estimator for many pairs at once', () => {
  it('gives a buckets release every pair exactly the value the estimator gives pair by pair', () => {
    fc.assert(
      fc.property(arbitraryBuckets, ({ release, rows }) => {
        // Every item occurs in the input, so every token has an id.
        const dataset = datasetOf([...rows, Array.from({ length: ITEMS }, (_, i) => i)]);
        const ids = Array.from({ length: ITEMS }, (_, i) => dataset.dictionary.find(String(i))!);
        const pairs: ItemPair[] = ids.flatMap((a) => ids.flatMap((b) => (a === b ? [] : [{ a, b }])));
        const audit = typedAudit({ buckets: [] });
        const atOnce = pairEstimates(dataset, release, audit, pairs);
        const estimate = supportEstimator(dataset, structuredClone(release), audit);
        pairs.forEach(({ a, b }, i) => expect(Object.is(atOnce[i], estimate([a, b]))).toBe(true));
      }),
    );
  });

  it.each([
    ['gray-cahd', { method: 'gray-cahd', params: { p: 2 }, seed: 1, sensitive: { top: 1 } }],
    ['pta', { method: 'pta', params: { k: 2 }, seed: 1 }],
    ['apriori-km', { method: 'apriori-km', params: { k: 2, m: 2 }, seed: 1 }],
    ['coat', { method: 'coat', params: { k: 3, m: 2 }, seed: 1 }],
  ] as const)('gives a %s release every pair the value the estimator gives pair by pair', (_, request) => {
    fc.assert(
      fc.property(withAnItem(arbitraryRows(8, 40, 5)), (rows) => {
        const dataset = datasetOf(rows);
        let run;
        try {
          run = runMethod(dataset, { ...(request as RunRequest), metrics: [] });
        } catch {
          return; // a setting the random data cannot meet
        }
        const { release, audit } = run;
        const ids = Array.from({ length: dataset.d }, (_, i) => i);
        const pairs: ItemPair[] = ids.flatMap((a) => ids.flatMap((b) => (a === b ? [] : [{ a, b }])));
        const atOnce = pairEstimates(dataset, release, audit, pairs);
        const estimate = supportEstimator(dataset, structuredClone(release), audit);
        pairs.forEach(({ a, b }, i) => expect(Object.is(atOnce[i], estimate([a, b]))).toBe(true));
        // Asked with the pairs' input supports, a groups release answers its QID pairs with them:
        // its QID rows are its input rows less the sensitive items.
        const input = ItemRows.of(dataset);
        const supports = pairs.map(({ a, b }) => input.countRowsContaining([a, b]));
        expect(pairEstimates(dataset, release, audit, pairs, supports)).toEqual(atOnce);
      }),
      { numRuns: 60 },
    );
  });
});
