/**
 * PrivBayes over items (issue 45): the R score on hand-checked cells and its sensitivity bound,
 * structure learning on a tiny dataset, the conditionals (each sums to one), the sampler's rows,
 * the budget plan (its shares add up to ε exactly), runs that verify with a ledger within ε on any
 * dataset (fast-check), and a verifier that catches a changed row, count, charge or network.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conditionals, sampleRows, type PrivBayesNetwork } from '../../src/core/dp/bayesNet.ts';
import { recomputeLedger } from '../../src/core/dp/ledger.ts';
import { add, compare, parseDecimal, ZERO, type Rational } from '../../src/core/dp/rational.ts';
import { epsilonOf } from '../../src/core/dp/ledger.ts';
import { parseRational } from '../../src/core/dp/rational.ts';
import { modelSize, privBayesShares, SCORE_SENSITIVITY } from '../../src/core/dp/privBayesPlan.ts';
import { greedyBayes } from '../../src/core/methods/privbayes/greedyBayes.ts';
import { privBayes } from '../../src/core/methods/privbayes/privBayes.ts';
import { cellCounts, scoreOfCells } from '../../src/core/methods/privbayes/structureScore.ts';
import { SubsetSupports } from '../../src/core/methods/privbayes/subsetSupports.ts';
import { runMethod } from '../../src/core/run/runMethod.ts';
import { verifyRelease } from '../../src/core/release/verify.ts';
import { parseRelease } from '../../src/core/release/parseRelease.ts';
import { releaseToPlain } from '../../src/core/release/plainRelease.ts';
import { tokenRowsOf } from '../../src/core/release/tokenRows.ts';
import type { SyntheticAudit, TransactionsRelease } from '../../src/core/release/types.ts';
import { arbitraryRows, datasetOf, datasetOfTokens, rowsOf, withAnItem } from '../helpers.ts';
import { testBits } from './statistics.ts';

const rowsTimes = <T>(spec: [T[], number][]) =>
  spec.flatMap(([row, n]) => Array.from({ length: n }, () => row));

/** a and b always together, c on every other row independently of them. */
const correlated = datasetOfTokens(
  rowsTimes([
    [['a', 'b', 'c'], 10],
    [['a', 'b'], 10],
    [['c'], 10],
    [[], 10],
  ]),
);
const allSlots = (d: number) => Int32Array.from({ length: d }, (_, i) => i);

describe('the R score (structureScore.ts)', () => {
  it('cells by Möbius inversion from the supports, summing to n', () => {
    const s = SubsetSupports.of(correlated, allSlots(3), 3, 3);
    // Slots a=0, b=1, c=2; child b given parent a: cells (a, b) bit 0 = a, bit 1 = b.
    expect(Array.from(cellCounts(s, 1, [0]))).toEqual([20, 0, 0, 20]);
    const abc = cellCounts(s, 2, [0, 1]);
    expect(abc.reduce((x, y) => x + y)).toBe(40);
    expect(Array.from(abc)).toEqual([10, 0, 0, 10, 10, 0, 0, 10]);
  });

  it('0 for independent items, 8·n·2R for dependent ones (here f = 2·20 = 40)', () => {
    const s = SubsetSupports.of(correlated, allSlots(3), 3, 3);
    expect(scoreOfCells(cellCounts(s, 2, [0]), 40)).toBe(0);
    // |c(x,π) − c(x)c(π)/n| = |20 − 10| on each of the 4 cells: f = 40, score 8·40.
    expect(scoreOfCells(cellCounts(s, 1, [0]), 40)).toBe(8 * 40);
  });

  it('one row added or removed moves the integer score by at most SCORE_SENSITIVITY (fast-check)', () => {
    fc.assert(
      fc.property(
        arbitraryRows(3, 25, 3),
        fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 3 }),
        (rows, added) => {
          const before = datasetOf([...rows, [0, 1, 2]]);
          const after = datasetOf([...rows, [0, 1, 2], [...new Set(added)]]);
          const slots = allSlots(3);
          const s = SubsetSupports.of(before, slots, 3, 3);
          const t = SubsetSupports.of(after, slots, 3, 3);
          for (const [child, parents] of [
            [2, [0, 1]],
            [0, [1]],
            [1, [2, 0]],
          ] as [number, number[]][]) {
            const moved = Math.abs(
              scoreOfCells(cellCounts(s, child, parents), s.n) -
                scoreOfCells(cellCounts(t, child, parents), t.n),
            );
            expect(moved).toBeLessThanOrEqual(SCORE_SENSITIVITY);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('GreedyBayes (Alg. 4) on a tiny dataset', () => {
  it('with a large ε, b is chosen with a as its parent (or a with b) before c', () => {
    const s = SubsetSupports.of(correlated, allSlots(3), 3, 2);
    const bits = testBits(4501);
    let together = 0;
    for (let run = 0; run < 200; run++) {
      const net = greedyBayes(s, 1, bits, { num: 1, den: 1 }, () => {});
      expect(net.order.slice().sort()).toEqual([0, 1, 2]);
      expect(net.parents[0]).toEqual([]);
      net.parents.slice(1).forEach((p, i) => {
        expect(p.length).toBe(1);
        expect(p[0]).toBeLessThan(i + 1);
      });
      const [x, y] = net.order;
      if (x !== 2 && y !== 2) together++;
      else if (x === 2) {
        // c first: the second pick is a or b (both score 0 against c), the third joins them.
        const third = net.order[2];
        expect(net.order[net.parents[2][0]]).toBe(third === 0 ? 1 : 0);
      }
    }
    // X1 is uniform: c comes first a third of the time; otherwise a and b come first together.
    expect(together).toBeGreaterThan(100);
  });
});

describe('conditionals and sampling (dp/bayesNet.ts)', () => {
  const net = { items: [0, 1, 2, 3], parents: [[], [0], [0, 1], [2, 1]] };
  it('negative counts clamped, each conditional in [0, 1], the first joint sums to 1', () => {
    const model = conditionals(
      net,
      [
        [5, -3, 2, 7, 0, 1, -1, 4],
        [0, 0, 0, 0, 0, 0, 0, 0],
      ],
      2,
    );
    expect(model.first).toBe(2);
    expect(model.firstJoint.reduce((x, y) => x + y)).toBeCloseTo(1, 12);
    for (const v of model.firstJoint) expect(v).toBeGreaterThanOrEqual(0);
    // Node 3 has no mass at all: its marginal (0) for every parent combination.
    expect(Array.from(model.given[3])).toEqual([0, 0, 0, 0]);
    const rows = sampleRows(net, model, 500, 9);
    expect(rows).toHaveLength(500);
    for (const row of rows) {
      expect(new Set(row).size).toBe(row.length);
      expect(row.every((i) => i >= 0 && i < 4 && i !== 3)).toBe(true);
    }
    expect(sampleRows(net, model, 500, 9)).toEqual(rows);
  });
});

describe('the budget plan (dp/privBayesPlan.ts)', () => {
  it('row count, items, network and marginals add up to ε exactly', () => {
    for (const epsilon of [0.5, 1, 2, 0.1]) {
      const e = parseDecimal(epsilon);
      for (const rows of ['noised', 'public'] as const)
        for (const choosing of [true, false]) {
          const s = privBayesShares(e, rows, choosing);
          const total = [s.rows, s.items, s.structure, s.conditionals].reduce<Rational>(
            (sum, x) => (x ? add(sum, x) : sum),
            ZERO,
          );
          expect(compare(total, e)).toBe(0);
        }
    }
  });

  it('N grows with the rows and ε, within the cap and the domain', () => {
    const e = parseDecimal(1);
    expect(modelSize(e, 'noised', 100, 2, 100, 500)).toBe(3);
    expect(modelSize(e, 'noised', 59_602, 2, 100, 497)).toBe(100);
    expect(modelSize(e, 'noised', 59_602, 2, 100, 40)).toBe(40);
    const mid = modelSize(e, 'noised', 4_627, 2, 200, 10_000);
    expect(mid).toBeGreaterThan(50);
    expect(modelSize(parseDecimal(0.5), 'noised', 4_627, 2, 200, 10_000)).toBeLessThan(mid);
    expect(modelSize(e, 'public', 4_627, 2, 200, 10_000)).toBeLessThan(mid);
  });
});

function run(rows: number[][], params: Record<string, number | string> = {}, seed = 1) {
  const dataset = datasetOf(rows);
  const { release, audit } = runMethod(dataset, {
    method: 'privbayes',
    params: { epsilon: 1, ...params },
    seed,
    seededNoise: true,
  });
  return { dataset, release: release as TransactionsRelease, audit: audit as SyntheticAudit };
}

describe('runs verify (release/verifyPrivBayes.ts)', () => {
  it('any dataset, ε, degree and row count: verified, the ledger within ε (fast-check)', () => {
    fc.assert(
      fc.property(
        withAnItem(arbitraryRows(12, 40, 6)),
        fc.constantFrom(0.3, 1, 4),
        fc.constantFrom(1, 2),
        fc.constantFrom('noised', 'public'),
        fc.integer({ min: 1, max: 6 }),
        fc.nat(1000),
        (rows, epsilon, degree, rowCount, maxItems, seed) => {
          const { dataset, release, audit } = run(rows, { epsilon, degree, rowCount, maxItems }, seed);
          const ledger = recomputeLedger(release.ledger!);
          expect(ledger.problems).toEqual([]);
          expect(compare(ledger.total, parseDecimal(epsilon))).toBeLessThanOrEqual(0);
          expect(verifyRelease(dataset, release, audit).problems).toEqual([]);
          expect(release.network!.nodes.length).toBeLessThanOrEqual(Math.min(maxItems, dataset.d));
          if (rowCount === 'public') expect(release.network!.rows).toBe(dataset.n);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a release read back from its JSON verifies', () => {
    const { dataset, release, audit } = run([[0, 1], [1, 2], [0, 1, 2], [3], [0, 3]]);
    const back = parseRelease(JSON.stringify(releaseToPlain(release)), 'release.json');
    expect(verifyRelease(dataset, back, audit).verified).toBe(true);
  });

  const base = () =>
    run(
      rowsTimes([
        [['1', '2'].map(Number), 30],
        [[2, 3], 20],
        [[1], 10],
        [[4, 5, 1], 15],
      ]),
    );

  it('catches a changed row, a changed noisy count, a removed charge and a swapped parent', () => {
    const { dataset, release, audit } = base();
    expect(verifyRelease(dataset, release, audit).problems).toEqual([]);
    const rows = rowsOf(release);
    const changed = rows.map((r, i) => (i !== 3 ? r : r.length > 0 ? r.slice(1) : ['1']));
    const withRow = { ...release, transactions: tokenRowsOf(changed) };
    expect(verifyRelease(dataset, withRow, audit).problems.join(' ')).toMatch(/row 3/);

    const net = structuredClone(release.network!) as PrivBayesNetwork;
    const measured = net.nodes.findIndex((n) => n.counts);
    net.nodes[measured].counts![0] += 5;
    expect(verifyRelease(dataset, { ...release, network: net }, audit).verified).toBe(false);

    const ledger = release.ledger!;
    const lastCharge = ledger.entries.length - 1;
    const fewer = { ...ledger, entries: ledger.entries.slice(0, lastCharge) };
    const total = fewer.entries.reduce<Rational>(
      (sum, e) => add(sum, epsilonOf(e.mechanism, e.sensitivity, parseRational(e.scale)!)),
      ZERO,
    );
    expect(compare(total, parseDecimal(1))).toBeLessThan(0);
    expect(verifyRelease(dataset, { ...release, ledger: fewer }, audit).verified).toBe(false);

    const swapped = structuredClone(release.network!) as PrivBayesNetwork;
    const last = swapped.nodes[swapped.nodes.length - 1];
    last.parents = [last.item];
    expect(verifyRelease(dataset, { ...release, network: swapped }, audit).problems.join(' ')).toMatch(
      /parents/,
    );
  });

  it('catches a public row count that is not the input’s, and a wrong audit', () => {
    const { dataset, release, audit } = run([[0, 1], [1], [0, 1], [2]], { rowCount: 'public' });
    const net = { ...release.network!, rows: dataset.n + 1 };
    expect(verifyRelease(dataset, { ...release, network: net }, audit).problems.join(' ')).toMatch(
      /declared public/,
    );
    const wrong = { trueCounts: audit.trueCounts.map((c, i) => (i === 0 ? c + 1 : c)) };
    expect(verifyRelease(dataset, release, wrong).problems.join(' ')).toMatch(/true counts/);
  });
});

describe('the public item domain', () => {
  it('models items of the domain only, and an item the data lack may be modelled', () => {
    const dataset = datasetOfTokens(
      rowsTimes([
        [['x', 'y'], 50],
        [['y', 'z'], 40],
      ]),
    );
    const { release, audit } = runMethod(dataset, {
      method: 'privbayes',
      params: { epsilon: 2, items: 'y\nz\nw' },
      seed: 4,
      seededNoise: true,
    });
    const r = release as TransactionsRelease;
    const items = r.network!.nodes.map((n) => n.item);
    expect(items.every((t) => ['y', 'z', 'w'].includes(t))).toBe(true);
    expect(rowsOf(r).flat().includes('x')).toBe(false);
    expect(verifyRelease(dataset, r, audit).problems).toEqual([]);
  });

  it('privBayes spends the items charge only when the domain holds more than N items', () => {
    const dataset = datasetOfTokens(
      rowsTimes([
        [['x', 'y'], 50],
        [['y', 'z'], 40],
      ]),
    );
    const params = { epsilon: 1, degree: 2, maxItems: 2, cap: 10, rowCount: 'noised' as const, items: '' };
    const few = privBayes(dataset, params, testBits(5), 1).budget.ledger();
    expect(few.entries.some((e) => e.label.includes('modelled items'))).toBe(true);
    const all = privBayes(dataset, { ...params, maxItems: 3 }, testBits(5), 1).budget.ledger();
    expect(all.entries.some((e) => e.label.includes('modelled items'))).toBe(false);
  });
});
