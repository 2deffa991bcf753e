/**
 * The privacy-budget ledger (ANCHORS "Ledger and composition"; diffprivlib's test_BudgetAccountant):
 * privacy maps computed from (sensitivity, scale), upward rounding, check-then-spend with every
 * refusal path, sequential and parallel composition by scope, and the recomputation a verifier
 * runs on a ledger read from a file.
 */
import { describe, expect, it } from 'vitest';
import { BudgetExceededError, epsilonOf, PrivacyBudget, recomputeLedger } from '../../src/core/dp/ledger.ts';
import { compare, fromDouble, parseDecimal, rational, toUpperDouble } from '../../src/core/dp/rational.ts';
import { epsilonText } from '../../src/core/base/format.ts';

const lap = (scale: [number, number], scope = '', label = 'counts') => ({
  label,
  mechanism: 'discrete-laplace' as const,
  sensitivity: 1,
  scale: rational(scale[0], scale[1]),
  scope,
  cite: 'test',
});

describe('rationals', () => {
  it('reads decimals exactly and rounds up when written', () => {
    expect(parseDecimal(0.1)).toEqual(rational(1, 10));
    expect(parseDecimal('2.5e-3')).toEqual(rational(1, 400));
    const third = toUpperDouble(rational(1, 3));
    expect(compare(fromDouble(third), rational(1, 3))).toBe(1);
    expect(toUpperDouble(rational(1, 10))).toBe(0.1);
    expect(toUpperDouble(rational(1, 2))).toBe(0.5);
  });
});

describe('privacy maps', () => {
  it('epsilon from sensitivity and scale, per mechanism', () => {
    expect(epsilonOf('discrete-laplace', 1, rational(2))).toEqual(rational(1, 2));
    expect(epsilonOf('discrete-laplace', 3, rational(2))).toEqual(rational(3, 2));
    expect(epsilonOf('exponential', 1, rational(4))).toEqual(rational(1, 2));
    expect(epsilonOf('exponential-monotone', 1, rational(4))).toEqual(rational(1, 4));
    expect(epsilonOf('discrete-laplace', 0, rational(1))).toEqual(rational(0));
    expect(() => epsilonOf('discrete-laplace', 1, rational(0))).toThrow(/infinite/);
    expect(() => epsilonOf('discrete-laplace', 1.5, rational(1))).toThrow(/integer/);
  });
});

describe('check-then-spend', () => {
  it('refuses a charge that would pass epsilon and records nothing for it', () => {
    const budget = new PrivacyBudget(rational(1), 1);
    budget.spend(lap([2, 1])); // 1/2
    budget.spend(lap([4, 1])); // 1/4
    expect(() => budget.spend(lap([3, 1]))).toThrow(BudgetExceededError); // 1/3 > 1/4 left
    expect(budget.ledger().entries).toHaveLength(2);
    budget.spend(lap([4, 1])); // exactly 1 now
    expect(budget.spent()).toEqual(rational(1));
    expect(budget.ledger().total).toBe(1);
    expect(() => budget.spend(lap([1_000_000, 1]))).toThrow(BudgetExceededError);
  });

  it('sibling scopes compose in parallel, a path sequentially', () => {
    const budget = new PrivacyBudget(rational(1), 1);
    budget.spend(lap([2, 1], '')); // everyone: 1/2
    budget.spend(lap([2, 1], '0')); // records of part 0: 1/2 more
    budget.spend(lap([2, 1], '1')); // records of part 1, disjoint: parallel
    expect(budget.spent()).toEqual(rational(1));
    expect(() => budget.spend(lap([10, 1], '0/3'))).toThrow(BudgetExceededError);
    expect(() => budget.spend(lap([10, 1], ''))).toThrow(/top-down/);
    const recomputed = recomputeLedger(budget.ledger());
    expect(recomputed.problems).toEqual([]);
    expect(recomputed.total).toEqual(rational(1));
  });

  it('a prefix of a name is not an ancestor scope (1 is not above 12)', () => {
    const budget = new PrivacyBudget(rational(1), 1);
    budget.spend(lap([1, 1], '1'));
    budget.spend(lap([1, 1], '12'));
    expect(budget.spent()).toEqual(rational(1));
  });
});

describe('recomputing a ledger (the verifier)', () => {
  const ledger = () => {
    const budget = new PrivacyBudget(rational(1), 1);
    budget.spend(lap([2, 1]));
    budget.spend({ ...lap([4, 1]), mechanism: 'exponential' });
    return budget.ledger();
  };

  it('finds a hand-written epsilon that does not follow from the scale', () => {
    const l = ledger();
    const tampered = { ...l, entries: [{ ...l.entries[0], epsilon: 0.25 }, l.entries[1]] };
    expect(recomputeLedger(tampered).problems.join()).toMatch(/does not match its scale/);
  });

  it('finds a total that is not the entries composed (an entry removed)', () => {
    const l = ledger();
    const tampered = { ...l, entries: [l.entries[0]] };
    expect(recomputeLedger(tampered).problems.join()).toMatch(/not the composed total/);
  });

  it('finds an unknown mechanism and a scale that is not a rational', () => {
    const l = ledger();
    const bad = {
      ...l,
      entries: [
        { ...l.entries[0], mechanism: 'gaussian' as never },
        { ...l.entries[1], scale: '0.5' },
      ],
    };
    const problems = recomputeLedger(bad).problems.join();
    expect(problems).toMatch(/unknown mechanism/);
    expect(problems).toMatch(/not a positive rational/);
  });
});

describe('ε for people (base/format.ts epsilonText)', () => {
  it('4 significant digits, or those of the ε asked; the exact double stays in the ledger', () => {
    // exactly 7/10, written rounded up to a double by the ledger
    expect(toUpperDouble(rational(7n, 10n))).toBe(0.7000000000000001);
    expect(epsilonText(0.7000000000000001, 0.7)).toBe('0.7');
    expect(epsilonText(0.16666666604578495, 1)).toBe('0.1667');
    expect(epsilonText(0.012173913043478262)).toBe('0.01217');
    expect(epsilonText(0.07)).toBe('0.07');
    expect(epsilonText(1)).toBe('1');
    // an ε asked with more digits: a total equal to it reads equal, not rounded above it
    expect(epsilonText(toUpperDouble(rational(12345n, 100000n)), 0.12345)).toBe('0.12345');
    expect(epsilonText(0.0000123456)).toBe('0.00001235');
  });
});
