/**
 * PrivBayes's empirical privacy test (issue 45; in the style of privacy.test.ts, ANCHORS "Privacy
 * tests" 2-3): the whole run, many times on a tiny dataset D and on D' = D plus one transaction,
 * its output read as events (the row count, the network's order and parents, each noisy cell, the
 * synthetic rows' itemsets); the privacy loss the Clopper-Pearson bounds prove must stay within the
 * ε the run claims. Two broken variants are caught: one charge removed (the marginal published
 * without the noise its charge pays for), and the run at 2ε with ε claimed.
 * Family-wise false-failure probability of the "within ε" test: ALPHA.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { privBayes, type PrivBayesOutput } from '../../src/core/methods/privbayes/privBayes.ts';
import type { Dataset } from '../../src/core/data/dataset.ts';
import { datasetOfTokens } from '../helpers.ts';
import { eventCounts, provenLoss, type AuditResult } from './privacyAudit.ts';
import { draws, STATISTICAL_TIMEOUT, testBits } from './statistics.ts';

vi.setConfig({ testTimeout: STATISTICAL_TIMEOUT });

const ALPHA = 1e-6;
const outcomes: string[] = [];
afterAll(() => console.log(`PrivBayes privacy audits (alpha ${ALPHA} each):\n${outcomes.join('\n')}`));

const describeLoss = (r: AuditResult, epsilon: number) => {
  const line = `proven loss ${r.loss.toFixed(3)} vs ε = ${epsilon} on '${r.event}' (${r.counts[0]} vs ${r.counts[1]} hits; ${r.events} events)`;
  outcomes.push(line);
  return line;
};

/** The events of one output: what the release publishes, read piece by piece. */
function events(out: PrivBayesOutput, counts: readonly (readonly number[] | undefined)[]): string[] {
  const nodes = out.network.nodes;
  const itemsets = new Map<string, number>();
  for (const row of out.rows) {
    const key = [...row].sort().join(' ');
    itemsets.set(key, (itemsets.get(key) ?? 0) + 1);
  }
  return [
    `rows=${out.network.rows}`,
    `order=${nodes.map((n) => `${n.item}<${n.parents.join('')}`).join(' ')}`,
    ...counts.flatMap((c, i) => (c ? c.map((v, cell) => `node${i} cell${cell}=${v}`) : [])),
    ...[...itemsets].map(([key, n]) => `{${key}} x ${Math.min(n, 3)}`),
  ];
}

type Variant = 'fair' | 'charge removed';

function draw(dataset: Dataset, epsilon: number, seed: number, variant: Variant = 'fair') {
  const bits = testBits(seed);
  const params = { epsilon, degree: 2, maxItems: 3, cap: 3, rowCount: 'noised' as const, items: '' };
  let sample = 0;
  return () => {
    const out = privBayes(dataset, params, bits, sample++);
    const truth = [...out.trueCounts];
    // The broken variant: the marginals' charge is made but its noise is not drawn (true counts published).
    const counts = out.network.nodes.map((n) =>
      n.counts && variant === 'charge removed' ? truth.splice(0, n.counts.length) : n.counts,
    );
    return events(out, counts);
  };
}

describe('PrivBayes end to end (one transaction added)', () => {
  const runs = draws(15_000);
  const rows = (spec: [string[], number][]) =>
    spec.flatMap(([row, n]) => Array.from({ length: n }, () => row));
  const base: [string[], number][] = [
    [['a', 'b'], 3],
    [['a'], 2],
    [['c'], 1],
  ];
  const d = datasetOfTokens(rows(base));
  const neighbour = datasetOfTokens(rows([...base, [['a', 'b', 'c'], 1]]));
  const audit = (onD: () => string[], onNeighbour: () => string[], n = runs) =>
    provenLoss(eventCounts(n, onD), eventCounts(n, onNeighbour), n, ALPHA);

  it(`ε = 1: within ε (alpha ${ALPHA})`, () => {
    const fair = audit(draw(d, 1, 4601), draw(neighbour, 1, 4602));
    expect(fair.loss, describeLoss(fair, 1)).toBeLessThanOrEqual(1);
  });

  it('one charge removed (the marginal published without its noise): caught', () => {
    const broken = audit(
      draw(d, 1, 4603, 'charge removed'),
      draw(neighbour, 1, 4604, 'charge removed'),
      2_000,
    );
    expect(broken.loss, describeLoss(broken, 1)).toBeGreaterThan(1);
  });

  it('run at 2ε with ε claimed: caught', () => {
    const doubled = audit(draw(d, 2, 4605), draw(neighbour, 2, 4606));
    expect(doubled.loss, describeLoss(doubled, 1)).toBeGreaterThan(1);
  });
});
