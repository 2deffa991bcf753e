/**
 * COAT (Loukides, Gkoulalas-Divanis, Malin): Example 4.1 on Fig. 1, Theorem 3.1, Example 3.15 and
 * Pgen's Example 5.3; then k^m and constraint mode on random data.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { parseText } from '../src/core/data/parsers/index.ts';
import { coat, log2Pow2Minus1 } from '../src/core/methods/coat/coatAlgorithm.ts';
import { pgen } from '../src/core/methods/coat/pgen.ts';
import { log2GeneralizedItemUl } from '../src/core/metrics/utilityLoss.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { verifyRelease } from '../src/core/release/verify.ts';
import { arbitraryRows, datasetOf, rowsOf } from './helpers.ts';

const fig1 = parseText(readFileSync('public/samples/coat-fig1a.csv', 'utf8'), {
  fileName: 'coat-fig1a.csv',
}).dataset;
const ids = (tokens: string) => tokens.split('').map((t) => fig1.dictionary.find(t)!);
const tokens = (items: number[]) => items.map((i) => fig1.dictionary.token(i)).join('');

describe('COAT on Fig. 1 (Example 4.1): k = 5, s = 15%', () => {
  const privacy = [ids('abc'), ids('defgh')];
  const utility = [ids('ab'), ids('c'), ids('d'), ids('efgh')];

  it('generalizes a with b, suppresses d, generalizes g with h: Fig. 2(c)', () => {
    const result = coat(fig1, privacy, utility, 5, 15);
    expect(
      result.steps.map((s) => `${s.action} ${tokens(s.item)}${s.with ? ` with ${tokens(s.with)}` : ''}`),
    ).toEqual([
      'generalize b with a', // p1 first (ties with p2 go to the first constraint); b has the least support
      'suppress d', // d is alone in u3 and below k
      'generalize g with h', // g and h tie at support 4: the first item; (g,h) has the least UL among (g,e), (g,f), (g,h)
    ]);
    expect(tokens(result.suppressed)).toBe('d');
  });

  it('Theorem 3.1: (a,b) is supported by sup(a) + sup(b) - sup(ab) = 6 + 3 - 2 = 7 transactions', () => {
    const { release } = runMethod(fig1, {
      method: 'coat',
      params: { k: 5, m: 0, s: 15, constraints: 'a,b,c\nd,e,f,g,h\n', utility: 'a,b\nc\nd\ne,f,g,h\n' },
      seed: 1,
    });
    if (release.kind !== 'generalized') throw new Error('expected a generalized release');
    expect(rowsOf(release).filter((row) => row.includes('(a,b)'))).toHaveLength(7);
    expect(release.generalized).toEqual({ '(a,b)': ['a', 'b'], '(g,h)': ['g', 'h'] });
  });

  it('Example 3.15: UL((a,b)) with weight 0.375 is (2^2-1)/(2^8-1) x 0.375 x 7/8, about 0.004', () => {
    expect(2 ** log2GeneralizedItemUl(2, 8, 0.375, 7, 8)).toBeCloseTo((3 / 255) * 0.375 * (7 / 8), 15);
    expect(2 ** log2GeneralizedItemUl(2, 8, 0.375, 7, 8)).toBeCloseTo(0.004, 3);
  });

  it('utility constraints that cannot be met within s name the constraint (Alg. 3)', () => {
    expect(() => coat(fig1, privacy, utility, 5, 5)).toThrow(
      /utility constraints violated: suppressing d .*privacy constraint 2.*s = 5%/,
    );
  });
});

describe('Pgen (Alg. 4)', () => {
  it('Example 5.3: on the last three transactions with k = 2 it returns {a,c,f} and {b,h}', () => {
    const last3 = parseText('a,c,f\na,c\nb,h\n', { fileName: 'x.csv', format: 'csv-basket' }).dataset;
    expect(pgen(last3, 2).map((c) => c.map((i) => last3.dictionary.token(i)).join(''))).toEqual([
      'acf',
      'bh',
    ]);
  });

  it('returns exactly the maximal rows with support below k (brute force, property)', () => {
    fc.assert(
      fc.property(arbitraryRows(8, 20, 5), fc.integer({ min: 2, max: 4 }), (rows, k) => {
        const dataset = datasetOf(rows);
        const sets = rows.filter((r) => r.length > 0).map((r) => [...r].sort((a, b) => a - b));
        const holds = (big: number[], small: number[]) => small.every((x) => big.includes(x));
        const expected = new Set<string>();
        for (const s of sets) {
          if (sets.some((t) => t.length > s.length && holds(t, s))) continue;
          if (sets.filter((t) => holds(t, s)).length < k) expected.add(s.join(','));
        }
        const found = pgen(dataset, k).map((c) =>
          c
            .map((i) => Number(dataset.dictionary.token(i)))
            .sort((a, b) => a - b)
            .join(','),
        );
        expect(new Set(found)).toEqual(expected);
        expect(found.length).toBe(expected.size);
      }),
    );
  });
});

describe('suppression only where Alg. 1 calls for it', () => {
  it('a constraint left with one generalized item below k is generalized further, not suppressed', () => {
    // {x,y} occurs once; merging y into x leaves I = {(x,y)} supported once, below k = 2: lines
    // 11-14 read literally would suppress it, but its utility constraint still allows a merge.
    const dataset = parseText('x,y\nz\nz\nw\n', { fileName: 't.csv', format: 'csv-basket' }).dataset;
    const id = (t: string) => dataset.dictionary.find(t)!;
    const result = coat(dataset, [[id('x'), id('y')]], [[0, 1, 2, 3]], 2, 0);
    expect(result.suppressed).toEqual([]);
    expect(result.steps.map((s) => s.action)).toEqual(['generalize', 'generalize']);
  });

  it('k^m mode with all items in one utility constraint never suppresses (Sec. 6.2), m = 1..3 (property)', () => {
    fc.assert(
      fc.property(
        arbitraryRows(12, 40, 6),
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 1, max: 3 }),
        (rows, k, m) => {
          const dataset = datasetOf(rows);
          if (dataset.d < 2 || rows.filter((r) => r.length > 0).length < k) return;
          const { record } = runMethod(dataset, {
            method: 'coat',
            params: { k, m, s: 0 },
            seed: 1,
            metrics: ['ul'],
          });
          expect(record.notes['items suppressed']).toBe(0);
          expect(record.metrics.ul_suppression).toBe(0);
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe('COAT on random data (property)', () => {
  it('k^m mode verifies (every itemset of <= m items occurs >= k times), every row once', () => {
    fc.assert(
      fc.property(
        arbitraryRows(12, 40, 6),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 4 }),
        fc.nat(20),
        (rows, k, m, group, seed) => {
          const dataset = datasetOf(rows);
          if (dataset.d === 0) return;
          try {
            const { record, release, audit } = runMethod(dataset, {
              method: 'coat',
              params: { k, m, s: 100, group },
              seed,
              metrics: ['ul', 'avgre'],
            });
            expect(record.verified).toBe(true);
            expect(verifyRelease(dataset, release, audit).verified).toBe(true);
            if (!('rowOf' in audit) || release.kind !== 'generalized')
              throw new Error('expected generalized');
            expect([...audit.rowOf].sort((a, b) => a - b)).toEqual(
              Array.from({ length: dataset.n }, (_, r) => r),
            );
            // no generalized item crosses a utility constraint of `group` consecutive items
            for (const items of Object.values(release.generalized)) {
              const blocks = new Set(
                items.map((t) => (group > 0 ? Math.floor(dataset.dictionary.find(t)! / group) : 0)),
              );
              expect(blocks.size).toBe(1);
            }
          } catch (error) {
            expect(String(error)).toMatch(/utility constraints violated|coat --[km] \d+ is more than the/);
          }
        },
      ),
      { numRuns: 120 },
    );
  });

  it('every generalization takes the candidate of least UL (Alg. 2 step 1), replayed from the steps', () => {
    fc.assert(
      fc.property(arbitraryRows(10, 40, 6), fc.integer({ min: 2, max: 4 }), (rows, k) => {
        const dataset = datasetOf(rows);
        if (dataset.d < 2) return;
        const privacy = [
          ...new Set(
            rows.flatMap((row) => row.flatMap((a) => row.filter((b) => b > a).map((b) => `${a} ${b}`))),
          ),
        ].map((pair) => pair.split(' ').map((t) => dataset.dictionary.find(t)!));
        const utility = [Array.from({ length: dataset.d }, (_, i) => i)];
        const { steps } = coat(dataset, privacy, utility, k, 100);
        // The generalized items as item lists, replayed step by step.
        let groups = utility[0].map((i) => [i]);
        const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
        const supportOf = (items: number[]) =>
          rows.filter((_, r) => items.some((i) => dataset.row(r).includes(i))).length;
        for (const step of steps) {
          const item = [...step.item].sort((a, b) => a - b);
          if (step.action === 'suppress') {
            groups = groups.filter((g) => !same(g, item));
            continue;
          }
          const candidates = groups.filter((g) => !same(g, item)).sort((a, b) => a[0] - b[0]);
          let best: number[] = [];
          let bestCost = Infinity;
          for (const g of candidates) {
            const cost =
              log2Pow2Minus1(item.length + g.length) + Math.log2(Math.max(1, supportOf([...item, ...g])));
            if (cost < bestCost - 1e-12) [best, bestCost] = [g, cost];
          }
          expect([...step.with!].sort((a, b) => a - b)).toEqual(best);
          groups = [...candidates.filter((g) => g !== best), step.result];
        }
      }),
      { numRuns: 150 },
    );
  });

  it('constraint mode (Pgen constraints) satisfies Def. 3.4 for every constraint', () => {
    fc.assert(
      fc.property(arbitraryRows(10, 30, 5), fc.integer({ min: 2, max: 3 }), fc.nat(20), (rows, k, seed) => {
        const dataset = datasetOf(rows);
        const constraints = pgen(dataset, k).map((c) => c.map((i) => dataset.dictionary.token(i)));
        // k above the rows is refused before the run (COAT's k is at most n).
        if (constraints.length === 0 || k > dataset.n) return;
        const { record } = runMethod(dataset, {
          method: 'coat',
          params: { k, m: 0, s: 100, constraints: JSON.stringify(constraints) },
          seed,
        });
        expect(record.verified).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
