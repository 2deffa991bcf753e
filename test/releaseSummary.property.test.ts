import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { summarizeRelease } from '../src/core/release/summary.ts';
import type { TransactionsRelease } from '../src/core/release/types.ts';
import { arbitraryRows, datasetOf, withAnItem } from './helpers.ts';
import { tokenRowsOf } from '../src/core/release/tokenRows.ts';

describe("the viewer's release summary", () => {
  it('finds the classes of identical rows a string key per row finds, largest first, ties by first row', () => {
    fc.assert(
      fc.property(withAnItem(arbitraryRows(5, 40, 3)), (rows) => {
        const dataset = datasetOf(rows);
        // Published rows: the input's rows, items in another order (the summary compares them as sets).
        const transactions = rows.map((row) => [...new Set(row)].map(String).reverse());
        const release = {
          kind: 'transactions',
          transactions: tokenRowsOf(transactions),
        } as unknown as TransactionsRelease;
        const summary = summarizeRelease(dataset, release);
        const byKey = new Map<string, { size: number; first: number; length: number }>();
        transactions.forEach((row, p) => {
          const key = [...row].sort().join('\u0000');
          const entry = byKey.get(key);
          if (entry) entry.size++;
          else byKey.set(key, { size: 1, first: p, length: row.length });
        });
        expect(summary.classes).toBe(byKey.size);
        const expected = [...byKey.values()].sort((a, b) => b.size - a.size || b.length - a.length);
        expect(summary.topClasses.map((c) => c.size)).toEqual(expected.slice(0, 200).map((c) => c.size));
        expect(summary.topClasses.map((c) => [...c.items].sort())).toEqual(
          expected.slice(0, 200).map((c) => [...transactions[c.first]].sort()),
        );
      }),
    );
  });
});
