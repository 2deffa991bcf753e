import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseText } from '../src/core/data/parsers/index.ts';
import { ItemRows } from '../src/core/data/itemRows.ts';
import { reidentificationRisk } from '../src/core/metrics/risk.ts';
import { arbitraryRows, datasetOf } from './helpers.ts';

describe('re-identification risk (Ghinita Sec. 6.1)', () => {
  it('on Ghinita Fig. 1a: one known item identifies nobody unless its support is 1', () => {
    const text =
      'Wine,Meat,Viagra\nWine,Meat\nStrawberries,Cream,Pregnancy Test\nStrawberries,Meat\nWine,Meat,Cream\n';
    const { dataset } = parseText(text, { fileName: 'fig1a.csv' });
    const risk = reidentificationRisk(dataset, { trials: 10_000 });
    // Every row is sampled (trials >= eligible). Rows: 3, 2, 3, 2, 3 items.
    expect(risk.map((p) => p.eligible)).toEqual([5, 5, 3, 0]);
    // Two known items: Bob's and David's {Wine, Meat} is shared, so at most the other three.
    expect(risk[1].unique).toBeLessThanOrEqual(3);
    // Three known items: each of Bob, Claire, Ellen holds a set nobody else holds.
    expect(risk[2]).toMatchObject({ sampled: 3, unique: 3, share: 1 });
    expect(risk[3]).toMatchObject({ sampled: 0, unique: 0, share: 0 });
  });

  it('is deterministic for a seed', () => {
    const rows = Array.from({ length: 300 }, (_, i) => [i % 7, (i * 3) % 11, ((i * 5) % 13) + 20]);
    const dataset = datasetOf(rows);
    expect(reidentificationRisk(dataset, { trials: 50, seed: 3 })).toEqual(
      reidentificationRisk(dataset, { trials: 50, seed: 3 }),
    );
  });

  it('counts a row as unique exactly when no other row holds the sampled items (recount)', () => {
    fc.assert(
      fc.property(arbitraryRows(12, 30, 5), (rows) => {
        const dataset = datasetOf(rows);
        const all = reidentificationRisk(dataset, { known: [1], trials: 1_000_000 });
        // With one known item, a row is unique iff the sampled item has support 1; bound by rows
        // that hold some item of support 1 and at least by rows whose items all have support 1.
        const index = ItemRows.of(dataset);
        let someUnique = 0;
        let allUnique = 0;
        for (let r = 0; r < dataset.n; r++) {
          const row = [...dataset.row(r)];
          if (row.length === 0) continue;
          if (row.some((i) => index.support(i) === 1)) someUnique++;
          if (row.every((i) => index.support(i) === 1)) allUnique++;
        }
        expect(all[0].unique).toBeLessThanOrEqual(someUnique);
        expect(all[0].unique).toBeGreaterThanOrEqual(allUnique);
      }),
    );
  });
});

describe('ItemRows support counting', () => {
  it('equals a scan of the rows, with and without the dense matrix', () => {
    fc.assert(
      fc.property(arbitraryRows(30, 40, 8), fc.uniqueArray(fc.nat(29), { maxLength: 3 }), (rows, wanted) => {
        for (const budget of [undefined, 0]) {
          const dataset = datasetOf(rows, budget);
          const itemset = wanted
            .map((w) => dataset.dictionary.find(String(w)))
            .filter((id): id is number => id !== undefined);
          let expected = 0;
          for (let r = 0; r < dataset.n; r++)
            if (itemset.every((i) => dataset.row(r).includes(i))) expected++;
          expect(ItemRows.of(dataset).countRowsContaining(itemset)).toBe(expected);
          expect(ItemRows.of(dataset).countRowsContaining(itemset, 2)).toBe(Math.min(2, expected));
        }
      }),
    );
  });
});
