/**
 * NNGroup's search cost (searchCost.ts): the list entries its walks read, estimated up front, and a
 * run refused with what fits when the estimate is over the limit (issue 31: nn and lsh on 480,189
 * Netflix-shaped rows would take about 90 minutes of CPU).
 */
import { describe, expect, it } from 'vitest';
import { SensitiveRows } from '../src/core/methods/shared/p-degree/sensitiveRows.ts';
import { assertSearchFits, searchEntries } from '../src/core/methods/shared/p-degree/searchCost.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { datasetOf } from './helpers.ts';

// Items 0 and 1 are sensitive; 2..5 are QID items of supports 40, 30, 20, 10.
const rows = Array.from({ length: 40 }, (_, r) => [
  ...(r < 4 ? [0] : r < 6 ? [1] : []),
  2,
  ...(r < 30 ? [3] : []),
  ...(r < 20 ? [4] : []),
  ...(r < 10 ? [5] : []),
]);
const dataset = datasetOf(rows);
const id = (item: number) => dataset.dictionary.find(String(item))!;

describe('the nearest-neighbour search cost', () => {
  it('sums, over the sensitive rows, the supports of their QID items', () => {
    const sensitive = new SensitiveRows(dataset, [id(0), id(1)]);
    // Rows 0-3 (item 0) and 4-5 (item 1) hold 2, 3, 4, 5: 40 + 30 + 20 + 10 = 100 entries each.
    const { entries, perItem } = searchEntries(sensitive);
    expect(entries).toBe(600);
    expect(perItem.get(id(0))).toBe(400);
    expect(perItem.get(id(1))).toBe(200);
  });

  it('refuses a search over the limit, naming the sensitive items that fit, cheapest first', () => {
    const sensitive = new SensitiveRows(dataset, [id(0), id(1)]);
    expect(() => assertSearchFits(sensitive, 'nn', 1, 600 * 4e-9 + 1e-12)).not.toThrow();
    // 600 entries at 4 ns: 2.4 µs; a limit of 1 µs fits item 1's 200 entries (0.8 µs) alone.
    expect(() => assertSearchFits(sensitive, 'nn', 1, 1e-6)).toThrow(
      /nn: the nearest-neighbour search .* 600 item-row entries for the 6 sensitive rows of 40 .* What fits: 1 of these 2 sensitive items \(--sensitive 1, /,
    );
    expect(() => assertSearchFits(sensitive, 'nn', 1, 1e-7)).toThrow(/none of these sensitive items alone/);
  });

  it('lets nn and lsh run on data whose search fits', () => {
    for (const method of ['nn', 'lsh'])
      expect(
        runMethod(dataset, { method, params: { p: 2 }, seed: 1, sensitive: { items: ['0', '1'] } }).record
          .verified,
      ).toBe(true);
  });
});
