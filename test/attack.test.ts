/**
 * The attacks of core/attack (DESIGN.md sec. 8) on the papers' examples and on releases that break
 * their model: Eve of Ghinita et al. Fig. 1a singles out Claire on the input and is left with 1 in
 * 2 after gray-cahd at p = 2; a PTA release whose params claim more than its rows deliver, or with
 * a class cut to one row, reads holds: false; a PrivBasis run without its noise loses the
 * membership game past its ε's bound, where the real one stays within it.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseText } from '../src/core/data/parsers/index.ts';
import type { Dataset } from '../src/core/data/dataset.ts';
import { attackInput, attackRelease } from '../src/core/attack/attackRelease.ts';
import { identityAttack, inputView, pickChance } from '../src/core/attack/identity.ts';
import { inferenceChance } from '../src/core/attack/inference.ts';
import { bestThresholdAdvantage, membershipAttack, withoutRow } from '../src/core/attack/membership.ts';
import { dpAdvantageBound, wilsonUpper95 } from '../src/core/attack/bounds.ts';
import { kindReader } from '../src/core/attack/views/registry.ts';
import { releaseMechanism } from '../src/core/run/attackRun.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import type { Release, RowsAudit } from '../src/core/release/types.ts';
import type { ItemsetsAudit, ItemsetsRelease } from '../src/core/release/itemsets.ts';
import { auditFromPlain, releaseFromPlain, releaseToPlain } from '../src/core/release/plainRelease.ts';
import type { Knowledge } from '../src/core/attack/types.ts';
import { datasetOf } from './helpers.ts';
import { attackJobs } from '../workers/engineAttacks.ts';
import { MemorySink } from '../src/core/release/export/textWriter.ts';
import { auditJsonText, writeReleaseJson } from '../src/core/release/writeJson.ts';

const fig1a = () =>
  parseText(readFileSync('public/samples/ghinita-fig1a.csv', 'utf8'), { fileName: 'ghinita-fig1a.csv' })
    .dataset;
const ids = (dataset: Dataset, tokens: string[]) => tokens.map((t) => dataset.dictionary.find(t)!);
const rowOf = (dataset: Dataset, tokens: string[]) => {
  for (let r = 0; r < dataset.n; r++) if (tokens.every((t) => dataset.rowTokens(r).includes(t))) return r;
  throw new Error(`no row holds ${tokens.join(', ')}`);
};
const knowledge = (known: number[], targets = 1000): Knowledge => ({
  known,
  choose: 'random',
  targets,
  seed: 1,
});

describe('Ghinita et al. Fig. 1a: Eve knows Cream and Strawberries', () => {
  it('singles out Claire on the input; after gray-cahd p = 2 she is 1 in 2 about the Pregnancy Test', () => {
    const data = fig1a();
    const eve = ids(data, ['Cream', 'Strawberries']);
    const claire = rowOf(data, ['Cream', 'Strawberries']);
    const before = inputView(data).candidates(eve);
    expect(before.persons).toBe(1);
    expect(before.list(10)).toEqual([claire]);
    expect(pickChance(inputView(data), eve, claire)).toBe(1);

    const { release, audit } = runMethod(data, {
      method: 'gray-cahd',
      params: { p: 2 },
      seed: 1,
      sensitive: { items: ['Pregnancy Test', 'Viagra'] },
    });
    const reader = kindReader(release.kind);
    const view = reader.view!(data, release);
    const secrets = reader.secrets!(data, release)!;
    // QID rows are published exactly: Claire's QID row is still the one holding both.
    expect(view.candidates(eve).persons).toBe(1);
    // Her sensitive item is known only as her group's count: 1 of the group's 2 rows.
    expect(inferenceChance(inputView(data), secrets, claire, eve)).toBe(1);
    expect(inferenceChance(view, secrets, claire, eve)).toBe(0.5);
    const report = attackRelease(data, release, audit, knowledge([1, 2]));
    const inference = report.attacks.filter((a) => a.attack === 'inference');
    expect(inference.map((a) => a.bound)).toEqual([0.5, 0.5]);
    expect(inference.every((a) => a.holds === true && a.after!.worst <= 0.5)).toBe(true);
    expect(inference[1].before.worst).toBe(1);
    // p-degree claims nothing about identity: no bound, no verdict.
    expect(report.attacks.find((a) => a.attack === 'identity')).toMatchObject({ bound: null, holds: null });
  });

  it('on the input alone: the share singled out by two items matches a recount', () => {
    const data = fig1a();
    const report = attackInput(data, knowledge([2]));
    // Every row with two items is a target; each success is 1 / rows holding the two known items.
    const run = identityAttack(data, 2, knowledge([2]), (r) => Array.from(data.row(r)));
    const recount = run.targets.map((t) => {
      let holders = 0;
      for (let r = 0; r < data.n; r++) if (t.known.every((i) => data.row(r).includes(i))) holders++;
      return 1 / holders;
    });
    expect(report.attacks[0].before.rate).toBeCloseTo(
      recount.reduce((s, x) => s + x, 0) / recount.length,
      12,
    );
    expect(report.attacks[0].targets).toBe(5);
  });
});

/** Rows in pairs of identical ones plus a few singletons' worth of noise: PTA at k = 2 keeps classes of 2-3. */
function pairedRows(): Dataset {
  const rows: number[][] = [];
  for (let i = 0; i < 12; i++) rows.push([i % 6, 6 + (i % 4), 10 + (i % 3)]);
  return datasetOf(rows);
}

describe('releases that claim more than they deliver read holds: false', () => {
  it('a PTA k = 2 release whose params are edited to claim k = 5', () => {
    const data = pairedRows();
    const { release, audit } = runMethod(data, { method: 'pta', params: { k: 2 }, seed: 1 });
    const honest = attackRelease(data, release, audit, knowledge([1, 2, 3]));
    expect(honest.attacks.every((a) => a.bound === 0.5 && a.holds === true)).toBe(true);
    const edited = { ...release, params: { ...release.params, k: 5 } } as Release;
    const claimed = attackRelease(data, edited, audit, knowledge([1, 2, 3]));
    expect(claimed.attacks.map((a) => a.bound)).toEqual([0.2, 0.2, 0.2]);
    expect(claimed.attacks.some((a) => a.holds === false)).toBe(true);
    // The attack itself is the same: only the claim changed.
    expect(claimed.attacks.map((a) => a.after)).toEqual(honest.attacks.map((a) => a.after));
  });

  it('a PTA release with one class cut to a single row (the audit cut alike)', () => {
    const data = pairedRows();
    const { release, audit } = runMethod(data, { method: 'pta', params: { k: 2 }, seed: 1 });
    const plain = releaseToPlain(release);
    if (plain.kind !== 'transactions') throw new Error('expected transactions');
    const rowsAudit = audit as RowsAudit;
    // The first class (published rows identical to row 0): keep its first row only.
    const key = (row: string[]) => [...row].sort().join(' ');
    const first = key(plain.transactions[0]);
    const keep = plain.transactions.map((row, p) => p === 0 || key(row) !== first);
    const cut = releaseFromPlain({ ...plain, transactions: plain.transactions.filter((_, p) => keep[p]) });
    const cutAudit = auditFromPlain({ rowOf: Array.from(rowsAudit.rowOf).filter((_, p) => keep[p]) });
    // Every row of the cut class is a target (all rows are, at 12 rows), among them the one left.
    const report = attackRelease(data, cut, cutAudit, knowledge([1, 2, 3]));
    const worst = Math.max(...report.attacks.map((a) => a.after!.worst));
    expect(worst).toBe(1);
    expect(report.attacks.some((a) => a.holds === false)).toBe(true);
  });
});

describe('bounds', () => {
  it('Wilson: above the mean, inside [0, 1], tighter with more targets', () => {
    expect(wilsonUpper95(0, 100)).toBeGreaterThan(0);
    expect(wilsonUpper95(0, 100)).toBeLessThan(0.03);
    expect(wilsonUpper95(1, 5)).toBeCloseTo(1, 12);
    expect(wilsonUpper95(0.3, 1000)).toBeLessThan(wilsonUpper95(0.3, 100));
    expect(wilsonUpper95(0.3, 100)).toBeGreaterThan(0.3);
  });

  it('the DP advantage bound is (e^ε − 1)/(e^ε + 1)', () => {
    expect(dpAdvantageBound(1)).toBeCloseTo((Math.E - 1) / (Math.E + 1), 12);
  });

  it('the best threshold test: 1 for separated samples, 0 for equal ones', () => {
    expect(bestThresholdAdvantage([5, 6, 7], [1, 2, 3])).toBe(1);
    expect(bestThresholdAdvantage([1, 2, 3], [1, 2, 3])).toBe(0);
    expect(bestThresholdAdvantage([1, 2, 3, 4], [3, 4, 5, 6])).toBe(0.5);
  });

  it('the neighbour of the game lacks exactly the target row', () => {
    const data = pairedRows();
    const without = withoutRow(data, 3);
    expect(without.n).toBe(data.n - 1);
    expect(without.rowTokens(3)).toEqual(data.rowTokens(4));
  });
});

/** A tiny dataset where one row holds a rare pair: its removal moves every count that holds it. */
function tinyBaskets(): Dataset {
  const rows: number[][] = [];
  for (let i = 0; i < 30; i++) rows.push([0, 1, ...(i % 2 ? [2] : []), ...(i % 3 ? [] : [3])]);
  return datasetOf(rows);
}

/** PrivBasis at ε = 1, top 4, its noise drawn from the seed. */
const privBasis = (data: Dataset, seed: number) =>
  runMethod(data, { method: 'privbasis', params: { epsilon: 1, k: 4 }, seed, seededNoise: true });

describe('membership (the DP distinguishing game)', () => {
  const runs = 60;

  it('PrivBasis at ε = 1 stays within its bound (seeded runs)', () => {
    const data = tinyBaskets();
    const { release, audit } = privBasis(data, 1);
    const report = attackRelease(data, release, audit, knowledge([1]), {
      mechanism: releaseMechanism(release),
      runs,
      targets: 1,
    });
    const [membership] = report.attacks;
    expect(membership).toMatchObject({ attack: 'membership', runs, bound: dpAdvantageBound(1), holds: true });
    expect(membership.before.worst).toBe(1);
    expect(membership.after!.lower95!).toBeLessThanOrEqual(dpAdvantageBound(1));
  });

  it('PrivBasis with its noise removed (true supports published) breaks the bound', () => {
    const data = tinyBaskets();
    const noiseless = (dataset: Dataset, seed: number): Release => {
      const { release, audit } = privBasis(dataset, seed);
      // Without noise PrivBasis publishes the true top k with their true supports (the audit's).
      return { ...(release as ItemsetsRelease), itemsets: (audit as ItemsetsAudit).topK };
    };
    const run = membershipAttack(
      data,
      { targets: 1, seed: 1, runs },
      noiseless,
      kindReader('itemsets').statistic!,
    );
    expect(run.after.worst).toBe(1);
    expect(run.after.lower95!).toBeGreaterThan(dpAdvantageBound(1));
    const { release, audit } = privBasis(data, 1);
    const report = attackRelease(data, release, audit, knowledge([1]), {
      mechanism: noiseless,
      runs,
      targets: 1,
    });
    expect(report.attacks[0].holds).toBe(false);
  });
});

describe('membership on DiffPart', () => {
  it('at ε = 1 the advantage stays within its bound (seeded runs)', () => {
    const data = tinyBaskets();
    const { release, audit } = runMethod(data, {
      method: 'diffpart',
      params: { epsilon: 1 },
      seed: 1,
      seededNoise: true,
    });
    const report = attackRelease(data, release, audit, knowledge([1]), {
      mechanism: releaseMechanism(release),
      runs: 60,
      targets: 1,
    });
    expect(report.attacks).toHaveLength(1);
    expect(report.attacks[0]).toMatchObject({
      attack: 'membership',
      holds: true,
      bound: dpAdvantageBound(1),
    });
  });
});

describe("the worker's attack job", () => {
  it('reads a run as the page keeps it (release and audit Blobs) and explains one target', async () => {
    const data = fig1a();
    const { release, audit } = runMethod(data, {
      method: 'gray-cahd',
      params: { p: 2 },
      seed: 1,
      sensitive: { items: ['Pregnancy Test', 'Viagra'] },
    });
    const sink = new MemorySink();
    writeReleaseJson(release, sink);
    const claire = rowOf(data, ['Cream', 'Strawberries']);
    const answer = await attackJobs(() => data).attack('fig1a', {
      ...knowledge([1, 2]),
      choose: 'rarest',
      release: new Blob([sink.text()]),
      audit: new Blob([auditJsonText(audit)]),
      target: { row: claire, known: 2 },
    });
    expect(answer.report).toEqual(
      attackRelease(data, release, audit, { ...knowledge([1, 2]), choose: 'rarest' }),
    );
    // Claire's two rarest QID items (Cream, Strawberries: support 2 each) leave her row alone.
    expect(answer.target!.known.sort()).toEqual(['Cream', 'Strawberries']);
    expect(answer.target!.before.candidates.map((c) => c.index)).toEqual([claire]);
    expect(answer.target!.after).toMatchObject({ persons: 1, found: true, chance: 1 });
  });
});
