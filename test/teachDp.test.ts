/**
 * DiffPart and PrivBasis stepped (issue 40) on the 10-row DP sample (public/samples/dp-baskets.csv,
 * with its food hierarchy): `cli teach` works for both; every DiffPart split shows each
 * sub-partition's true count, noisy count, threshold and ε; PrivBasis shows λ, the items, the basis
 * and each bin's true and noisy counts; the ledger grows step by step and ends within ε; the noise
 * is seeded (two runs are the same, another seed differs) and every first step says so.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Trace } from '../src/core/teach/trace.ts';
import { cliInProcess, scratch } from './cliInProcess.ts';

const dir = scratch('teach-dp');
const DATA = 'public/samples/dp-baskets.csv';
const HIERARCHY = 'public/samples/dp-baskets-hierarchy.csv';
const ARGS: Record<string, string[]> = {
  diffpart: ['--epsilon', '2', '--c1', '0.3', '--c2', '0.5', '--hierarchy', HIERARCHY],
  privbasis: ['--epsilon', '2', '--k', '5'],
  privbayes: ['--epsilon', '10', '--degree', '1'],
};

async function teach(method: string, seed: number, data = DATA, args = ARGS[method]): Promise<Trace> {
  const out = dir.path(`${method}-${seed}.json`);
  const result = await cliInProcess(
    'teach',
    data,
    '--method',
    method,
    ...args,
    '--seed',
    String(seed),
    '--out',
    out,
  );
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(readFileSync(out, 'utf8')) as Trace;
}

describe('the DP methods stepped with their noise', () => {
  for (const method of ['diffpart', 'privbasis', 'privbayes']) {
    it(`${method}: the ledger grows step by step and ends within ε; seeded, reproducible, said`, async () => {
      const trace = await teach(method, 1);
      expect(trace.steps.length).toBeGreaterThanOrEqual(4);
      expect(trace.steps[0].text).toContain('drawn from seed 1');
      let entries = 0;
      let spent = 0;
      // Every step of the method and the release (the generic attack step spends nothing).
      for (const step of trace.steps.filter((s) => s.title !== 'The attack')) {
        expect(step.ledger, step.title).toBeDefined();
        expect(step.ledger!.entries.length).toBeGreaterThanOrEqual(entries);
        expect(step.ledger!.spent).toBeGreaterThanOrEqual(spent);
        [entries, spent] = [step.ledger!.entries.length, step.ledger!.spent];
      }
      expect(entries).toBeGreaterThan(1);
      expect(spent).toBeLessThanOrEqual(Number(ARGS[method][1]) * (1 + 1e-12));
      expect(trace.steps.at(-1)!.text).toContain('not for publication');
      for (const { question } of trace.steps.filter((s) => s.question))
        expect(question!.choices.map((c) => c.id)).toContain(question!.answer);
      expect(trace.steps.some((s) => s.question)).toBe(true);
      expect(await teach(method, 1)).toEqual(trace);
      expect(JSON.stringify((await teach(method, 2)).steps)).not.toBe(JSON.stringify(trace.steps));
    });
  }

  it("DiffPart: each sub-partition with its true count, noisy count, threshold and its level's ε", async () => {
    const trace = await teach('diffpart', 1);
    const splits = trace.steps.filter((s) => s.title.startsWith('Split P'));
    expect(splits.length).toBeGreaterThanOrEqual(2);
    for (const split of splits)
      for (const c of split.candidates!.filter((c) => c.chosen !== undefined)) {
        expect(Object.keys(c.values)).toEqual(['true count', 'noisy count', 'threshold', 'ε here']);
        if (c.chosen)
          expect(Number(c.values['noisy count'])).toBeGreaterThanOrEqual(Number(c.values.threshold));
      }
    // The published rows are the kept leaf partitions' itemsets, as many copies as their noisy count.
    const release = trace.steps.at(-1)!.state;
    expect(release.kind === 'table' && release.rows.every((r) => r.id.startsWith('S'))).toBe(true);
  });

  it("PrivBasis: λ with every candidate's score, the items drawn, the basis, each bin's counts", async () => {
    const trace = await teach('privbasis', 1);
    expect(trace.steps[0].title).toMatch(/^How many items: λ = \d+$/);
    expect(trace.steps[0].candidates!.every((c) => 'score' in c.values || c.chosen === undefined)).toBe(true);
    const bins = trace.steps.find((s) => s.title.startsWith('Noisy bins'))!;
    expect(Object.keys(bins.candidates![0].values)).toEqual(['true count', 'noisy count']);
  });

  it('PrivBayes: the network grows pick by pick (each candidate with its R and chance), each marginal true and noisy', async () => {
    const trace = await teach('privbayes', 1);
    expect(trace.steps[0].title).toMatch(/^How many rows: \d+$/);
    expect(trace.steps[0].candidates![0].values['true count']).toBe(10);
    const modelled = trace.steps.find((s) => s.title.endsWith('modelled'))!;
    const items = modelled.candidates!.filter((c) => c.chosen).length;
    expect(items).toBeGreaterThanOrEqual(3);
    const picks = trace.steps.filter((s) => s.title.startsWith('Node X'));
    // The first node is drawn at random; then one pick per item, the network one row longer each time.
    expect(trace.steps.filter((s) => s.title.startsWith('The network starts'))).toHaveLength(1);
    expect(picks).toHaveLength(items - 1);
    picks.forEach((pick, i) => {
      expect(pick.state.kind === 'table' && pick.state.rows.length).toBe(i + 2);
      const listed = pick.candidates!.filter((c) => c.chosen !== undefined);
      expect(listed.filter((c) => c.chosen)).toHaveLength(1);
      for (const c of listed) expect(Object.keys(c.values)).toEqual(['R', 'chance %']);
      // The chances of the listed candidates are a distribution's (all of them, when all are listed).
      const total = listed.reduce((sum, c) => sum + Number(c.values['chance %']), 0);
      expect(total).toBeLessThanOrEqual(100.1);
      if (listed.length === pick.candidates!.length) expect(total).toBeGreaterThan(99.9);
      // The best R has the best chance.
      const best = listed.reduce((b, c) => (Number(c.values.R) > Number(b.values.R) ? c : b));
      expect(Number(best.values['chance %'])).toBe(
        Math.max(...listed.map((c) => Number(c.values['chance %']))),
      );
    });
    // Degree 1: one marginal per node from the second, each of 4 cells, true counts summing to n.
    const marginals = trace.steps.filter((s) => s.title.startsWith('Noisy counts of'));
    expect(marginals).toHaveLength(items - 1);
    for (const m of marginals) {
      expect(m.candidates).toHaveLength(4);
      expect(m.candidates!.reduce((sum, c) => sum + Number(c.values['true count']), 0)).toBe(10);
      for (const c of m.candidates!) expect(Object.keys(c.values)).toEqual(['true count', 'noisy count']);
    }
    // One ledger charge per pick and per marginal, after the row count's and the items'.
    expect(marginals.at(-1)!.ledger!.entries).toHaveLength(2 + (items - 1) + (items - 1));
    // Questions on at least a third of the steps, as on the papers' examples.
    expect(trace.steps.filter((s) => s.question).length * 3).toBeGreaterThanOrEqual(trace.steps.length);
  });

  it("PrivBayes steps through a user's own file (degree 2: two parents, 8 cells)", async () => {
    const trace = await teach('privbayes', 3, 'public/samples/groceries.csv', ['--epsilon', '4']);
    const picks = trace.steps.filter((s) => s.title.startsWith('Node X'));
    expect(picks.length).toBeGreaterThanOrEqual(2);
    expect(picks.some((p) => /given \{[^,}]+, [^}]+\}/.test(p.title))).toBe(true);
    const marginals = trace.steps.filter((s) => s.title.startsWith('Noisy counts of'));
    expect(marginals.every((m) => m.candidates!.length === 8)).toBe(true);
    expect(trace.steps.at(-1)!.title).toBe('The release');
  });
});
