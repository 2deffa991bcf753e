/**
 * The verifiers' fast paths (issue 16: the work after the method within its budget) say what the
 * plain definitions say: sameTokens is the comparison of two rows sorted, hasRareItemset is "some
 * itemset count of itemsetCounts is below k", and a release whose rows list their items in another
 * order (the sorting path of sameTokens) still verifies.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasRareItemset } from '../src/core/release/rareItemsets.ts';
import { sameTokens } from '../src/core/release/rowChecks.ts';
import { verifyRelease } from '../src/core/release/verify.ts';
import { itemsetCounts } from '../src/core/release/verifyGeneralized.ts';
import type { PlainRelease } from '../src/core/release/plainRelease.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import type { RunRequest } from '../src/core/run/runRecord.ts';
import { arbitraryRows, datasetOf, plain, typed, withAnItem } from './helpers.ts';

const token = fc.constantFrom('a', 'b', 'c', 'd', 'a b', 'é', '', '1', '10');
const row = fc.array(token, { maxLength: 6 });

describe('verifier fast paths', () => {
  it('sameTokens is the comparison of the two rows sorted', () => {
    fc.assert(
      fc.property(row, row, fc.boolean(), (a, b, shuffled) => {
        const other = shuffled ? [...a].reverse() : b;
        const sorted = (r: string[]) => JSON.stringify([...r].sort());
        expect(sameTokens(a, other)).toBe(sorted(a) === sorted(other));
      }),
      { numRuns: 500 },
    );
  });

  it('hasRareItemset says whether itemsetCounts has a count below k', () => {
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 25 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 5 }),
        (rows, m, k) => {
          const rare = [...itemsetCounts(rows, m).values()].some((c) => c < k);
          expect(hasRareItemset(rows, m, k)).toBe(rare);
          // Pairs in the hash table too, as larger itemsets are counted.
          expect(hasRareItemset(rows, m, k, false)).toBe(rare);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('hasRareItemset finds no rare itemset in rows each repeated k times, and one when a row is not', () => {
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 2, max: 4 }),
        (distinct, m, k) => {
          const repeated = distinct.flatMap((r) => Array.from({ length: k }, () => r));
          for (const byFirst of [true, false]) {
            expect(hasRareItemset(repeated, m, k, byFirst)).toBe(false);
            // A row of new items, once: each of its items occurs once.
            expect(hasRareItemset([...repeated, ['new 1', 'new 2']], m, k, byFirst)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  const requests: RunRequest[] = [
    { method: 'gray-cahd', params: { p: 2 }, seed: 1, sensitive: { top: 1 } },
    { method: 'apriori-km', params: { k: 2, m: 2 }, seed: 1 },
    { method: 'coat', params: { k: 2, m: 2 }, seed: 1 },
  ];
  it.each(requests.map((r) => [r.method, r] as const))(
    'a %s release with every row reversed still verifies, one with an item dropped does not',
    (_, request) => {
      fc.assert(
        fc.property(withAnItem(arbitraryRows(12, 30, 6)), (rows) => {
          const dataset = datasetOf(rows);
          let outcome;
          try {
            outcome = runMethod(dataset, { ...request, metrics: [] });
          } catch {
            return; // infeasible on this dataset: nothing published
          }
          const rowsOf = (release: PlainRelease): string[][][] =>
            release.kind === 'groups'
              ? release.groups.map((g) => g.qid)
              : release.kind === 'generalized'
                ? [release.transactions]
                : [];
          const reversed = plain(outcome.release);
          for (const list of rowsOf(reversed)) list.forEach((r, i) => (list[i] = [...r].reverse()));
          expect(verifyRelease(dataset, typed(reversed), outcome.audit).problems).toEqual([]);
          const dropped = plain(outcome.release);
          const target = rowsOf(dropped)
            .flat()
            .find((r) => r.length > 0);
          fc.pre(target !== undefined);
          target!.pop();
          expect(verifyRelease(dataset, typed(dropped), outcome.audit).verified).toBe(false);
        }),
        { numRuns: 60 },
      );
    },
  );
});
