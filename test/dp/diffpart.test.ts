/**
 * DiffPart (Chen et al. PVLDB 2011; dp-notes §2): the budget plan on the notes' MSNBC example
 * (17 items, fan-out 10), the taxonomy's independence from the data, and on many random datasets
 * (fast-check) that every release verifies, every path spends at most ε, the rows are exactly the
 * leaf partitions' noisy counts, empty transactions are in no partition and no row is an item
 * outside the domain.
 */
import { tokenArrays } from '../../src/core/release/tokenRows.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balancedHierarchy } from '../../src/core/data/hierarchy/buildHierarchy.ts';
import { parseHierarchy } from '../../src/core/data/hierarchy/parseHierarchy.ts';
import { compare, parseDecimal, rational } from '../../src/core/dp/rational.ts';
import { recomputeLedger } from '../../src/core/dp/ledger.ts';
import { diffPartTaxonomy, splitPlan, taxonomyOf } from '../../src/core/dp/taxonomy.ts';
import { diffPart } from '../../src/core/methods/diffpart/diffPart.ts';
import { runMethod } from '../../src/core/run/runMethod.ts';
import { InputError } from '../../src/core/base/errors.ts';
import type { SyntheticAudit, TransactionsRelease } from '../../src/core/release/types.ts';
import { arbitraryRows, datasetOf, datasetOfTokens, withAnItem } from '../helpers.ts';
import { testBits } from './statistics.ts';

const constants = (epsilon: number) => ({ epsilon: rational(epsilon), c1: 6.75, c2: 2.75 });

describe('the budget plan (dp-notes §2.3, MSNBC: 17 items, fan-out 10)', () => {
  const items = Array.from({ length: 17 }, (_, i) => String(i + 1));
  const t = taxonomyOf(balancedHierarchy(items, 10));
  const node = (label: string) => t.labels.indexOf(label);
  const A = node('(1..10)');
  const B = node('(11..17)');

  it('root -> {A, B} -> leaves: 3 internal nodes; each path spends exactly ε = 1', () => {
    expect(t.children[t.root]).toEqual([A, B]);
    expect(t.internal[t.root]).toBe(3);
    const root = splitPlan(t, [t.root], rational(1), constants(1));
    // (ε - ε/2) / (Int - 1) = 1/4 (the authors' code divides by Int at the root: 1/6).
    expect(root.internal!.epsilon).toEqual(rational(1, 4));
    expect(root.internal!.threshold).toBe(Math.ceil(6.75 * Math.SQRT2 * 2 * 4)); // 77
    const both = splitPlan(t, [A, B], root.internal!.childBudget, constants(1));
    expect(both.internal!.epsilon).toEqual(rational(1, 4)); // (3/4 - 1/2) / (2 - 1)
    // After A is expanded its leaves and B remain: one internal node, the leaf split of B spends all 1/2.
    const afterA = splitPlan(t, [B, ...t.children[A].slice(0, 2)], both.internal!.childBudget, constants(1));
    expect(afterA.internal).toBeNull();
    expect(afterA.leaf.epsilon).toEqual(rational(1, 2));
    expect(afterA.leaf.threshold).toBe(Math.ceil((2.75 * Math.SQRT2) / 0.5)); // 8
    // A alone: its leaf split spends the 3/4 left.
    expect(splitPlan(t, [A], root.internal!.childBudget, constants(1)).leaf.epsilon).toEqual(rational(3, 4));
  });
});

describe('the taxonomy does not depend on the data', () => {
  it('the built one is the same for the rows in another order and other supports over the same items', () => {
    const a = datasetOf([[1, 2], [3], [4, 5, 1], [2]]);
    const b = datasetOf([[5], [4], [3], [2], [1], [1], [1]]);
    const of = (d: typeof a) => diffPartTaxonomy(d, { hierarchy: '', f: 2 }).taxonomy;
    expect(of(a).labels).toEqual(of(b).labels);
    expect(of(a).children).toEqual(of(b).children);
  });

  it('a given hierarchy is the public domain: every item of the data must be one of its leaves', () => {
    const d = datasetOfTokens([['a', 'b'], ['c']]);
    expect(() =>
      diffPart(d, taxonomyOf(parseHierarchy('a;*\nb;*')), { epsilon: 1, c1: 6.75, c2: 2.75 }, testBits()),
    ).toThrow(/'c'/);
    const wide = Array.from({ length: 17 }, (_, i) => `x${i};*`).join('\n');
    expect(() => taxonomyOf(parseHierarchy(wide))).toThrow(InputError);
  });
});

describe('the domain taken from the data is said', () => {
  const d = datasetOfTokens([
    ['a', 'b'],
    ['a', 'c'],
    ['a', 'b'],
    ['lonely', 'a'],
  ]);
  const run = (method: string, params: Record<string, string | number>) =>
    runMethod(d, { method, params, seed: 1, seededNoise: true }).record.warnings.join(' ');
  it('PrivBasis and DiffPart without a hierarchy warn that the domain must be public, naming the single-row items', () => {
    for (const text of [run('diffpart', { epsilon: 1, f: 2 }), run('privbasis', { epsilon: 1, k: 2 })]) {
      expect(text).toContain("this file's own 4 items");
      expect(text).toContain('2 of them occur in a single row'); // c and lonely
    }
  });
  it('DiffPart over a given hierarchy (the public domain) does not', () => {
    const hierarchy = 'a;*\nb;*\nc;*\nlonely;*\nunseen;*';
    expect(run('diffpart', { epsilon: 1, hierarchy })).not.toContain('item domain');
  });
});

describe('every release (random datasets, fast-check)', () => {
  it('verifies; paths spend at most ε; rows are the leaf partitions repeated their noisy counts', () => {
    fc.assert(
      fc.property(
        withAnItem(arbitraryRows(12, 60, 5)),
        fc.constantFrom(0.5, 2, 8, 30),
        fc.integer({ min: 2, max: 4 }),
        fc.nat(),
        (rows, epsilon, f, seed) => {
          const dataset = datasetOf([...rows, []]);
          const { release, audit } = runMethod(dataset, {
            method: 'diffpart',
            params: { epsilon, f },
            seed: seed % 1000,
            seededNoise: true,
          });
          const r = release as TransactionsRelease;
          const recomputed = recomputeLedger(r.ledger!);
          expect(recomputed.problems).toEqual([]);
          expect(compare(recomputed.total, parseDecimal(epsilon))).toBeLessThanOrEqual(0);
          const nonEmpty = rows.filter((row) => row.length > 0).length;
          expect((audit as SyntheticAudit).trueCounts[0]).toBe(nonEmpty); // the empty row is in none
          expect(r.partitions![0].count).toBeUndefined(); // |D| is not published
          const domain = new Set(dataset.dictionary.tokens);
          for (const row of tokenArrays(r.transactions))
            for (const t of row) expect(domain.has(t)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
