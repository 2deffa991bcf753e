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
};

async function teach(method: string, seed: number): Promise<Trace> {
  const out = dir.path(`${method}-${seed}.json`);
  const result = await cliInProcess(
    'teach',
    DATA,
    '--method',
    method,
    ...ARGS[method],
    '--seed',
    String(seed),
    '--out',
    out,
  );
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(readFileSync(out, 'utf8')) as Trace;
}

describe('the DP methods stepped with their noise', () => {
  for (const method of ['diffpart', 'privbasis']) {
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
      expect(spent).toBeLessThanOrEqual(2);
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
});
