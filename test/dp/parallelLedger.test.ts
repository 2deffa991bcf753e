/**
 * Ledgers of disjoint parts composed in parallel (issue 35; dp/parallelLedger.ts, McSherry 2009
 * Thm. 4): the merged ledger states each part's ε and the whole's, the largest; the checks a
 * verifier runs accept exactly that and reject a statement that claims less than the parts spent
 * (a charge removed, a part's ε or the total lowered), a split that is not row-wise, parts that
 * overlap, and a charge outside every part.
 */
import { describe, expect, it } from 'vitest';
import { PrivacyBudget, recomputeLedger, type Ledger } from '../../src/core/dp/ledger.ts';
import { composeInParallel, parallelProblems } from '../../src/core/dp/parallelLedger.ts';
import { rational } from '../../src/core/dp/rational.ts';

/** A part's ledger: two splits down one path and one beside it (the shape DiffPart leaves). */
function partLedger(scales: [number, number][]): Ledger {
  const budget = new PrivacyBudget(rational(2), 2);
  scales.forEach(([n, d], i) =>
    budget.spend({
      label: `split ${i}`,
      mechanism: 'discrete-laplace',
      sensitivity: 1,
      scale: rational(n, d),
      scope: ['r/i', 'r/i/1/l', 'r/l'][i],
      cite: 'test',
    }),
  );
  return budget.ledger();
}

const merged = () =>
  composeInParallel(
    [
      partLedger([
        [1, 1],
        [1, 1],
        [1, 1],
      ]), // paths: 1 + 1 = 2, and 1
      partLedger([
        [2, 1],
        [2, 1],
      ]), // 1/2 + 1/2 = 1
    ],
    'item-hash',
    7,
  );

/** A copy to tamper with. */
const copy = (l: Ledger): { -readonly [K in keyof Ledger]: Ledger[K] } => JSON.parse(JSON.stringify(l));

const problemsOf = (l: Ledger) => [...recomputeLedger(l).problems, ...parallelProblems(l)];

describe('parallel composition over disjoint parts', () => {
  it("states each part's epsilon and the whole's, the largest; entries renumbered under each part's scope", () => {
    const { ledger, firstEntry } = merged();
    expect(firstEntry).toEqual([0, 3]);
    expect(ledger.total).toBe(2);
    expect(ledger.parallel).toEqual({
      split: 'item-hash',
      key: 7,
      parts: [
        { scope: 'part0', epsilon: 2 },
        { scope: 'part1', epsilon: 1 },
      ],
    });
    expect(ledger.entries.map((e) => [e.id, e.scope])).toEqual([
      [0, 'part0/r/i'],
      [1, 'part0/r/i/1/l'],
      [2, 'part0/r/l'],
      [3, 'part1/r/i'],
      [4, 'part1/r/i/1/l'],
    ]);
    expect(problemsOf(ledger)).toEqual([]);
  });

  it('refuses to compose over a split that is not row-wise, or parts asked for different epsilons', () => {
    const parts = [partLedger([[1, 1]]), partLedger([[1, 1]])];
    expect(() => composeInParallel(parts, 'strided', 1)).toThrow(/from that row alone/);
    const other = { ...parts[1], epsilon: 3 };
    expect(() => composeInParallel([parts[0], other], 'item-hash', 1)).toThrow(/different epsilons/);
  });

  // Where a sibling path spends as much as the one that lost a charge, the ledger alone cannot tell:
  // the method's verifier replays which charges each split needs (test/distributeDp.test.ts).
  it("rejects a charge removed: its part's stated epsilon is then more than its entries compose to", () => {
    const l = copy(merged().ledger);
    l.entries = l.entries.filter((e) => e.id !== 1).map((e, id) => ({ ...e, id }));
    expect(problemsOf(l).join(' ')).toMatch(/part 0 \(part0\) states epsilon 2; its entries compose to 1/);
  });

  it("rejects a part's epsilon, or the whole's, lowered below what the entries spend", () => {
    const lowPart = copy(merged().ledger);
    lowPart.parallel = {
      ...lowPart.parallel!,
      parts: [{ scope: 'part0', epsilon: 1 }, lowPart.parallel!.parts[1]],
    };
    expect(problemsOf(lowPart).join(' ')).toMatch(
      /part 0 \(part0\) states epsilon 1; its entries compose to 2/,
    );
    const lowTotal = copy(merged().ledger);
    lowTotal.total = 1;
    expect(problemsOf(lowTotal).join(' ')).toMatch(/total 1 is not the largest part's epsilon 2/);
  });

  it('rejects a Gray split named, overlapping parts, and a charge outside every part', () => {
    const gray = copy(merged().ledger);
    gray.parallel = { ...gray.parallel!, split: 'contiguous' };
    expect(problemsOf(gray).join(' ')).toMatch(/'contiguous' split, which does not choose each row's part/);
    const nested = copy(merged().ledger);
    nested.parallel = {
      ...nested.parallel!,
      parts: [
        { scope: 'part0', epsilon: 2 },
        { scope: 'part0/r/i', epsilon: 1 },
      ],
    };
    expect(problemsOf(nested).join(' ')).toMatch(/parts 0 and 1 share records/);
    const outside = copy(merged().ledger);
    outside.entries = [...outside.entries, { ...outside.entries[0], id: 5, scope: 'r/l' }];
    expect(problemsOf(outside).join(' ')).toMatch(/scope 'r\/l'\) lies under 0 parts' scopes/);
  });
});
