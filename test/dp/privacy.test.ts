/**
 * Empirical privacy tests (issue 33; ANCHORS "Privacy tests" 2-3; dp-notes §4.1): each mechanism,
 * and each method end to end, runs many times on a tiny dataset D and on D' = D plus one
 * transaction; the privacy loss that Clopper-Pearson bounds prove for any output event
 * (privacyAudit.ts) must stay within the ε the run claims. The same audit is shown to have teeth:
 * a variant that spends twice the ε its ledger charges (the doubled charge removed) is caught.
 * DiffPart in partitions (issue 35) stays within the largest partition's ε on the item-hash split,
 * and a split by position, whose partitions move when a row is added, is caught.
 * Family-wise false-failure probability of each "within ε" test: ALPHA. The draws come from a fixed
 * seed in CI (about 10^5 per side); `FC_SEED=random DP_DRAWS=1000000` draws fresh, more.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { discreteLaplace, samplerFraction } from '../../src/core/dp/samplers.ts';
import { exponentialMechanism } from '../../src/core/dp/exponentialMechanism.ts';
import { rational } from '../../src/core/dp/rational.ts';
import { taxonomyOf } from '../../src/core/dp/taxonomy.ts';
import { parseHierarchy } from '../../src/core/data/hierarchy/parseHierarchy.ts';
import { diffPart } from '../../src/core/methods/diffpart/diffPart.ts';
import { itemHasher } from '../../src/core/dp/itemHashSplit.ts';
import { privBasis } from '../../src/core/methods/privbasis/privBasis.ts';
import type { Dataset } from '../../src/core/data/dataset.ts';
import { datasetOfTokens } from '../helpers.ts';
import { eventCounts, provenLoss, type AuditResult } from './privacyAudit.ts';
import { draws, STATISTICAL_TIMEOUT, testBits } from './statistics.ts';

vi.setConfig({ testTimeout: STATISTICAL_TIMEOUT });

/** Family-wise false-failure probability of each within-ε test. */
const ALPHA = 1e-6;

function audit(
  runs: number,
  onD: () => readonly string[],
  onNeighbour: () => readonly string[],
): AuditResult {
  return provenLoss(eventCounts(runs, onD), eventCounts(runs, onNeighbour), runs, ALPHA);
}

/** Every audit's outcome, printed once at the end (notes/differential-privacy.md quotes them). */
const outcomes: string[] = [];

const describeLoss = (r: AuditResult, epsilon: number) => {
  const line = `proven loss ${r.loss.toFixed(3)} vs ε = ${epsilon} on '${r.event}' (${r.counts[0]} vs ${r.counts[1]} hits; ${r.events} events)`;
  outcomes.push(line);
  return line;
};

afterAll(() => console.log(`privacy audits (alpha ${ALPHA} each):\n${outcomes.join('\n')}`));

describe('mechanisms', () => {
  const runs = draws(100_000);

  it(`discrete Laplace on a count (Δ = 1, ε = 1): within ε (alpha ${ALPHA}); at half the scale (2ε spent, ε charged) caught`, () => {
    const bits = testBits(7001);
    const release = (count: number, scale: [number, number]) => {
      const s = samplerFraction(rational(...scale), 'scale');
      return () => [`value=${count + discreteLaplace(bits, s)}`];
    };
    const fair = audit(runs, release(10, [1, 1]), release(11, [1, 1]));
    expect(fair.loss, describeLoss(fair, 1)).toBeLessThanOrEqual(1);
    const doubled = audit(runs, release(10, [1, 2]), release(11, [1, 2]));
    expect(doubled.loss, describeLoss(doubled, 1)).toBeGreaterThan(1);
  });

  it(`exponential mechanism on supports (monotone, ε = 1): within ε (alpha ${ALPHA}); at rate 2ε caught`, () => {
    const bits = testBits(7002);
    // D' adds a transaction holding items 1 and 3: their supports rise by one.
    const onD = [6, 4, 4, 1];
    const onNeighbour = [6, 5, 4, 2];
    const choose = (scores: number[], rate: number) => () => [
      `chosen=${exponentialMechanism(bits, scores, { num: rate, den: 1 })}`,
    ];
    const fair = audit(runs, choose(onD, 1), choose(onNeighbour, 1));
    expect(fair.loss, describeLoss(fair, 1)).toBeLessThanOrEqual(1);
    const doubled = audit(runs, choose(onD, 2), choose(onNeighbour, 2));
    expect(doubled.loss, describeLoss(doubled, 1)).toBeGreaterThan(1);
  });

  it(`exponential mechanism on a score that moves both ways (ε/2Δ, ε = 1): within ε; without the ½ caught`, () => {
    const bits = testBits(7003);
    // PrivBasis's λ score -|f(j) - θ|: one transaction moves each score by at most 1, either way.
    const onD = [0, -1, -2, -3];
    const onNeighbour = [-1, 0, -1, -2];
    const choose = (scores: number[], rate: { num: number; den: number }) => () => [
      `chosen=${exponentialMechanism(bits, scores, rate)}`,
    ];
    const fair = audit(runs, choose(onD, { num: 1, den: 2 }), choose(onNeighbour, { num: 1, den: 2 }));
    expect(fair.loss, describeLoss(fair, 1)).toBeLessThanOrEqual(1);
    const withoutHalf = audit(runs, choose(onD, { num: 1, den: 1 }), choose(onNeighbour, { num: 1, den: 1 }));
    expect(withoutHalf.loss, describeLoss(withoutHalf, 1)).toBeGreaterThan(1);
  });
});

/** The events of a synthetic dataset: each itemset's count, whether it is published, the row total. */
function rowEvents(rows: readonly (readonly string[])[]): string[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = [...row].sort().join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [
    ...[...counts].flatMap(([key, n]) => [`{${key}} published`, `{${key}} x ${n}`]),
    `rows=${rows.length}`,
    `distinct=${counts.size}`,
  ];
}

/**
 * DiffPart's output events; `skipEmpty` is the broken variant of dp-notes §4.1 (a): the leaf
 * partitions of true size 0 are not published (as if empty sub-partitions were never noised).
 */
function diffPartDraws(
  dataset: Dataset,
  hierarchy: string,
  epsilon: number,
  seed: number,
  skipEmpty = false,
) {
  const taxonomy = taxonomyOf(parseHierarchy(hierarchy));
  const bits = testBits(seed);
  return () => {
    const out = diffPart(dataset, taxonomy, { epsilon, c1: 6.75, c2: 2.75 }, bits);
    if (!skipEmpty) return rowEvents(out.transactions);
    const rows = out.partitions.flatMap((p, i) =>
      i > 0 && p.split === undefined && out.trueCounts[i] > 0
        ? Array.from({ length: p.count! }, () => p.cut)
        : [],
    );
    return rowEvents(rows);
  };
}

describe('DiffPart end to end (one transaction added)', () => {
  const runs = draws(60_000);
  const rows = (spec: [string[], number][]) =>
    spec.flatMap(([row, n]) => Array.from({ length: n }, () => row));

  it(`one level (the root over the items: the leaf split spends all of ε = 1): within ε (alpha ${ALPHA}); at 2ε with ε charged caught`, () => {
    const flat = 'a;*\nb;*\nc;*';
    const base: [string[], number][] = [
      [['a'], 10],
      [['a', 'b'], 6],
      [['c'], 3],
    ];
    const d = datasetOfTokens(rows(base));
    const neighbour = datasetOfTokens(rows([...base, [['a'], 1]]));
    const fair = audit(runs, diffPartDraws(d, flat, 1, 7101), diffPartDraws(neighbour, flat, 1, 7102));
    expect(fair.loss, describeLoss(fair, 1)).toBeLessThanOrEqual(1);
    const doubled = audit(runs, diffPartDraws(d, flat, 2, 7103), diffPartDraws(neighbour, flat, 2, 7104));
    expect(doubled.loss, describeLoss(doubled, 1)).toBeGreaterThan(1);
  });

  it(`a new itemset (its sub-partition empty on D: the tail of its noise, same threshold): within ε = 1 (alpha ${ALPHA}); skipping empty sub-partitions caught`, () => {
    const flat = 'a;*\nb;*\nc;*';
    const base: [string[], number][] = [
      [['a'], 10],
      [['a', 'b'], 6],
      [['c'], 3],
    ];
    const d = datasetOfTokens(rows(base));
    const neighbour = datasetOfTokens(rows([...base, [['b', 'c'], 1]]));
    const fair = audit(runs, diffPartDraws(d, flat, 1, 7201), diffPartDraws(neighbour, flat, 1, 7202));
    expect(fair.loss, describeLoss(fair, 1)).toBeLessThanOrEqual(1);
    expect(fair.events).toBeGreaterThan(5);
    const skipping = audit(
      runs / 4,
      diffPartDraws(d, flat, 1, 7203, true),
      diffPartDraws(neighbour, flat, 1, 7204, true),
    );
    expect(skipping.loss, describeLoss(skipping, 1)).toBeGreaterThan(1);
  });

  it(`two levels (internal splits, parallel over siblings, ε = 2): within ε (alpha ${ALPHA})`, () => {
    const tree = '1;A;*\n2;A;*\n3;B;*\n4;B;*';
    const base: [string[], number][] = [
      [['1'], 40],
      [['1', '2'], 30],
      [['3'], 35],
      [['1', '3'], 25],
      [['2', '4'], 10],
    ];
    const d = datasetOfTokens(rows(base));
    const neighbour = datasetOfTokens(rows([...base, [['1', '3'], 1]]));
    const fair = audit(runs, diffPartDraws(d, tree, 2, 7301), diffPartDraws(neighbour, tree, 2, 7302));
    expect(fair.loss, describeLoss(fair, 2)).toBeLessThanOrEqual(2);
    expect(fair.events).toBeGreaterThan(10);
  });
});

/**
 * DiffPart run on 2 disjoint partitions as `distribute` runs it (issue 35): each partition's own
 * DiffPart on the one taxonomy, its own noise, the output every partition's rows (the merged release
 * keeps them per partition). `itemHash` partitions by dp/itemHashSplit.ts (key 1: {a} and {a,b} to
 * partition 0, {b} and {c} to partition 1); otherwise by position (row i to partition i mod 2), the
 * broken variant: a split that does not depend on each row alone.
 */
function partitionedDraws(rows: readonly string[][], hierarchy: string, seed: number, itemHash: boolean) {
  const taxonomy = taxonomyOf(parseHierarchy(hierarchy));
  const bits = testBits(seed);
  const partOf = itemHasher(1, 2);
  const parts: string[][][] = [[], []];
  rows.forEach((row, i) => parts[itemHash ? partOf(row) : i % 2].push(row));
  const datasets = parts.map((p) => datasetOfTokens(p));
  return () =>
    datasets.flatMap((d, p) =>
      rowEvents(diffPart(d, taxonomy, { epsilon: 1, c1: 6.75, c2: 2.75 }, bits).transactions).map(
        (e) => `partition ${p}: ${e}`,
      ),
    );
}

describe('DiffPart in 2 partitions, as distribute runs it (one transaction added)', () => {
  const runs = draws(30_000);

  it(`item-hash split (each row's partition from its own items): within ε = 1, the largest partition's (alpha ${ALPHA}); a split by position caught`, () => {
    const flat = 'a;*\nb;*\nc;*';
    // Alternating rows, so that a split by position puts all the {a} in one partition.
    const base = Array.from({ length: 16 }, (_, i) => (i % 2 ? ['b'] : ['a']));
    const d = [...base, ['a', 'b'], ['a', 'b']];
    const neighbour = [['c'], ...d]; // one transaction added, at the front of the file
    const fair = audit(
      runs,
      partitionedDraws(d, flat, 7401, true),
      partitionedDraws(neighbour, flat, 7402, true),
    );
    expect(fair.loss, describeLoss(fair, 1)).toBeLessThanOrEqual(1);
    expect(fair.events).toBeGreaterThan(10);
    const byPosition = audit(
      runs / 4,
      partitionedDraws(d, flat, 7403, false),
      partitionedDraws(neighbour, flat, 7404, false),
    );
    expect(byPosition.loss, describeLoss(byPosition, 1)).toBeGreaterThan(1);
  });
});

describe('PrivBasis end to end (one transaction added)', () => {
  const runs = draws(40_000);

  /** λ, F, each basis's bins and the published itemsets: everything the release carries. */
  function privBasisDraws(dataset: Dataset, epsilon: number, seed: number) {
    const bits = testBits(seed);
    return () => {
      const out = privBasis(dataset, { epsilon, k: 2 }, bits);
      const { lambda, items, bins } = out.basis;
      const f = [...items].sort().join(',');
      return [
        `λ=${lambda}`,
        `F={${f}}`,
        ...bins.flatMap((b, i) => b.map((c, s) => `F={${f}} bin ${i}.${s + 1}=${c}`)),
        `top=${out.itemsets.map((s) => `{${s.items.join(',')}}`).join(' ')}`,
      ];
    };
  }

  it(`λ, F, the noisy bins and the itemsets: within ε = 2 (alpha ${ALPHA}); at 2ε with ε charged caught`, () => {
    // Supports close together, so that which items F holds moves with the added transaction too.
    const rows = [
      ...Array.from({ length: 12 }, () => ['a']),
      ...Array.from({ length: 10 }, () => ['b']),
      ...Array.from({ length: 9 }, () => ['c']),
      ...Array.from({ length: 4 }, () => ['a', 'b']),
    ];
    const d = datasetOfTokens(rows);
    const neighbour = datasetOfTokens([...rows, ['b', 'c']]);
    const fair = audit(runs, privBasisDraws(d, 2, 7401), privBasisDraws(neighbour, 2, 7402));
    expect(fair.loss, describeLoss(fair, 2)).toBeLessThanOrEqual(2);
    const doubled = audit(runs, privBasisDraws(d, 4, 7403), privBasisDraws(neighbour, 4, 7404));
    expect(doubled.loss, describeLoss(doubled, 2)).toBeGreaterThan(2);
  });
});
