/**
 * The public item domain (`--items FILE`, issue 45; dp/itemDomain.ts): one item a line or a
 * hierarchy's leaves, duplicates refused with file:line:column; PrivBasis draws its candidates from
 * it (an item the data lack is a candidate of support 0) and its release verifies; a run with a
 * domain carries no "the domain is the data's own items" warning, a run without one does.
 */
import { describe, expect, it } from 'vitest';
import { parsePublicItems } from '../../src/core/dp/itemDomain.ts';
import { runMethod } from '../../src/core/run/runMethod.ts';
import type { ItemsetsRelease } from '../../src/core/release/itemsets.ts';
import { datasetOfTokens, errorOf } from '../helpers.ts';

describe('parsePublicItems', () => {
  it('one item a line: trimmed, blank lines skipped, in file order', () => {
    expect(parsePublicItems(' milk\n\nbread \r\neggs\n')).toEqual(['milk', 'bread', 'eggs']);
  });

  it("a hierarchy's leaves (paths or edges)", () => {
    expect(parsePublicItems('milk;dairy;food\nyogurt;dairy;food\nrolls;bakery;food')).toEqual([
      'milk',
      'yogurt',
      'rolls',
    ]);
    expect(parsePublicItems('milk,dairy\nyogurt,dairy\ndairy,food')).toEqual(['milk', 'yogurt']);
  });

  it('an item listed twice, or none: errors naming file, line and column', () => {
    const twice = errorOf(() => parsePublicItems('a\nb\n  a\n', 'items.txt'));
    expect(twice.message).toBe("items.txt:3:3: item 'a' is listed twice (also line 1)");
    expect(errorOf(() => parsePublicItems('\n\n', 'items.txt')).message).toMatch(/^items.txt:1:1: .*no item/);
  });
});

const rows = [
  ...Array.from({ length: 30 }, () => ['x', 'y']),
  ...Array.from({ length: 20 }, () => ['y', 'z']),
  ...Array.from({ length: 5 }, () => ['q']),
];

describe('PrivBasis and PrivBayes over a public domain', () => {
  for (const method of ['privbasis', 'privbayes']) {
    it(`${method}: only domain items published, verified, no data-domain warning; without it, the warning`, () => {
      const dataset = datasetOfTokens(rows);
      const withDomain = runMethod(dataset, {
        method,
        params: { epsilon: 4, items: 'x\ny\nw', ...(method === 'privbasis' && { k: 3 }) },
        seed: 3,
        seededNoise: true,
      });
      expect(withDomain.record.verified).toBe(true);
      expect(withDomain.record.warnings.join(' ')).not.toMatch(/item domain is this file/);
      const published =
        withDomain.release.kind === 'itemsets'
          ? (withDomain.release as ItemsetsRelease).basis.items
          : withDomain.release.kind === 'transactions'
            ? withDomain.release.network!.nodes.map((n) => n.item)
            : [];
      expect(published.length).toBeGreaterThan(0);
      for (const t of published) expect(['x', 'y', 'w']).toContain(t);
      const without = runMethod(dataset, {
        method,
        params: { epsilon: 4, ...(method === 'privbasis' && { k: 3 }) },
        seed: 3,
        seededNoise: true,
      });
      expect(without.record.warnings.join(' ')).toMatch(/item domain is this file's own 4 items/);
    });
  }
});
