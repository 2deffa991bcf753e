/**
 * Rules (DESIGN.md sec. 7, core/run/rules.ts) and their application (core/check/applyRules.ts):
 * rules saved from a run and applied to the same input reproduce the release exactly, for k^m
 * (apriori-km with a hierarchy file, COAT in both modes) and k-anonymity (PTA, PatternKa); applied
 * to the next batch they treat it alike and the check names the offenders.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { parseText } from '../src/core/data/parsers/index.ts';
import type { Dataset } from '../src/core/data/dataset.ts';
import { runMethod, type RunOutcome } from '../src/core/run/runMethod.ts';
import { newRulesKey, parseRules, rulesJson, rulesOf, type Rules } from '../src/core/run/rules.ts';
import { applyRules } from '../src/core/check/applyRules.ts';
import { rowKey } from '../src/core/release/verifyTransactions.ts';
import type { RunRequest } from '../src/core/run/runRecord.ts';
import { arbitraryRows, datasetOf, rowsOf } from './helpers.ts';
import { tokenArrays, type TokenRows } from '../src/core/release/tokenRows.ts';
import { arbitraryHierarchy } from './hierarchyFixtures.ts';

/** A basket file (csv-basket forced: a two-column basket file would read as relational). */
const baskets = (text: string, fileName = 'batch.csv') =>
  parseText(text, { fileName, format: 'csv-basket' }).dataset;
const sample = (name: string) => baskets(readFileSync(`public/samples/${name}`, 'utf8'), name);
const groceries = sample('groceries.csv');
const nextBatch = sample('groceries-next.csv');
const hierarchy = readFileSync('public/samples/groceries-hierarchy.csv', 'utf8');

/** The key a run's k-anonymity rules are fingerprinted with (kept with the audit). */
const KEY = newRulesKey();

/** A run's rules, written to JSON and read back as `apply` reads them. */
function savedRules(dataset: Dataset, request: RunRequest): { run: RunOutcome; rules: Rules } {
  const run = runMethod(dataset, request);
  const rules = rulesOf(dataset, run.release, run.audit, {
    hierarchy: run.hierarchy,
    join: run.join,
    key: KEY,
  });
  if (!rules) throw new Error('expected rules');
  return { run, rules: parseRules(rulesJson(rules), 'rules.json') };
}

/** The pairs (input row, published row) of a release, as a sorted multiset of keys. */
function pairs(dataset: Dataset, transactions: TokenRows, rowOf: ArrayLike<number>): string[] {
  return tokenArrays(transactions)
    .map((row, p) => `${rowKey(dataset.rowTokens(rowOf[p]))} -> ${rowKey(row)}`)
    .sort();
}

describe('rules applied to the input they were saved from reproduce the release', () => {
  const generalizing: RunRequest[] = [
    { method: 'apriori-km', params: { k: 3, m: 2, hierarchy }, seed: 4 },
    { method: 'apriori-km', params: { k: 5, m: 2, f: 3, order: 'support' }, seed: 1 },
    { method: 'coat', params: { k: 4, m: 2 }, seed: 2 },
    { method: 'coat', params: { k: 5, m: 0, constraints: 'beer,cola\nwhole milk,rolls,apples' }, seed: 3 },
  ];
  for (const request of generalizing) {
    it(`byte for byte: ${request.method} ${JSON.stringify(request.params).slice(0, 60)}`, () => {
      const { run, rules } = savedRules(groceries, request);
      if (run.release.kind !== 'generalized') throw new Error('expected generalized');
      const applied = applyRules(groceries, rules);
      if (applied.release.kind !== 'generalized') throw new Error('expected generalized');
      expect(applied.release.transactions).toEqual(run.release.transactions);
      expect(applied.audit.rowOf).toEqual('rowOf' in run.audit ? run.audit.rowOf : null);
      expect(applied.release.generalized).toEqual(run.release.generalized);
      expect(applied.release.suppressed).toEqual(run.release.suppressed);
      expect(applied.check.holds).toBe(true);
      expect(applied.report.newItems).toBe(0);
    });
  }

  for (const request of [
    { method: 'pta', params: { k: 3, segments: 2 }, seed: 1 },
    { method: 'patternka', params: { k: 4 }, seed: 5 },
  ]) {
    it(`row for row (identical rows alike): ${request.method}`, () => {
      const { run, rules } = savedRules(groceries, request);
      if (run.release.kind !== 'transactions' || !('rowOf' in run.audit))
        throw new Error('expected transactions');
      const applied = applyRules(groceries, rules, { key: KEY });
      expect(pairs(groceries, applied.release.transactions, applied.audit.rowOf)).toEqual(
        pairs(groceries, run.release.transactions, run.audit.rowOf),
      );
      expect(applied.report).toMatchObject({ seenRows: groceries.n, joinedRows: 0 });
      // The rules never hold the key, say they are private, and without the key no row is known.
      const text = rulesJson(rules);
      expect(text).not.toContain(KEY);
      expect(rules.private).toMatch(/keyed fingerprint of each of the 80 input rows/);
      expect(rules.kind === 'transactions' && rules.fingerprint).toBe('hmac-sha256-64');
      const keyless = applyRules(groceries, rules);
      expect(keyless.report).toMatchObject({ seenRows: 0, joinedRows: groceries.n, keyMissing: true });
      // Another key recognises no row either: a fingerprint cannot be tested without the key.
      const otherKey = applyRules(groceries, rules, { key: newRulesKey() });
      expect(otherKey.report).toMatchObject({ seenRows: 0 });
      expect(applied.check.holds).toBe(true);
      expect(rules.kind === 'transactions' && rules.join).toBe(
        request.method === 'pta' ? 'nearest' : 'longest-held',
      );
    });
  }
});

describe('rules applied to the next batch', () => {
  it('apriori-km: known items as before, a new item under a generalized node takes its name, others go', () => {
    const { rules } = savedRules(groceries, {
      method: 'apriori-km',
      params: { k: 3, m: 2, hierarchy },
      seed: 1,
    });
    if (rules.kind !== 'generalized') throw new Error('expected generalized');
    expect(rules.generalized['soft drinks']).toEqual(['cola', 'lemonade']);
    const applied = applyRules(nextBatch, rules);
    if (applied.release.kind !== 'generalized') throw new Error('expected generalized');
    // ginger ale is new, in the hierarchy under soft drinks; salmon is under fish, which the cut
    // did not generalize (meat it did); kombucha is in neither.
    expect(applied.release.generalized['soft drinks']).toEqual(['cola', 'lemonade', 'ginger ale']);
    expect(applied.release.suppressed.sort()).toEqual(['kombucha', 'salmon']);
    expect(applied.report).toMatchObject({ newItems: 3, newByHierarchy: 1, newSuppressed: 2 });
    expect(applied.check.guarantee).toMatch(/k = 3, m = 2/);
    // Whether it holds is the verifier's to say; the offenders are named when it does not.
    if (!applied.check.holds)
      expect(applied.check.problems[0]).toMatch(/occurs in \d rows, fewer than k = 3/);
    expect(applied.check.offered).toBeGreaterThan(0);
  });

  it('a batch too small for the rules breaks the guarantee, and the check names the offending itemsets', () => {
    const { rules } = savedRules(groceries, {
      method: 'apriori-km',
      params: { k: 3, m: 2, hierarchy },
      seed: 1,
    });
    const small = baskets('beer,cola\nbeer,rolls\nbeer,cola\n');
    const applied = applyRules(small, rules);
    expect(applied.check.holds).toBe(false);
    expect(applied.check.offered).toBe(1);
    expect(applied.check.problems.join('\n')).toMatch(
      /itemset \{.*bakery.*\} occurs in 1 rows, fewer than k = 3/,
    );
    // keep: a new item stays (the check then says whether that was safe).
    const kept = applyRules(baskets('kombucha,beer\n'), rules, { newItems: 'keep' });
    expect(rowsOf(kept.release)[0].sort()).toEqual(['alcohol', 'kombucha']);
  });

  it('PatternKa: a row seen before takes its class; a new row joins the longest centre it holds', () => {
    const { rules } = savedRules(groceries, { method: 'patternka', params: { k: 4 }, seed: 5 });
    if (rules.kind !== 'transactions') throw new Error('expected transactions');
    const longest = [...rules.classes].sort((a, b) => b.items.length - a.items.length)[0];
    const row = [...longest.items, 'kombucha'];
    const applied = applyRules(baskets(row.map((t) => `"${t}"`).join(',') + '\n'), rules);
    expect(rowsOf(applied.release)[0].sort()).toEqual([...longest.items].sort());
    expect(applied.report).toMatchObject({ seenRows: 0, joinedRows: 1, newItems: 1 });
    expect(applied.check.holds).toBe(false);
    expect(applied.check.problems[0]).toMatch(/occurs 1 time\(s\), fewer than k = 4/);
  });

  it('PTA: a new row joins the nearest centre (least items added and removed)', () => {
    const { rules } = savedRules(groceries, { method: 'pta', params: { k: 3, segments: 2 }, seed: 1 });
    if (rules.kind !== 'transactions') throw new Error('expected transactions');
    const target = rules.classes.find((c) => c.items.length >= 2)!;
    const row = [...target.items.slice(1), 'kombucha'];
    const applied = applyRules(baskets(row.map((t) => `"${t}"`).join(',') + '\n'), rules);
    const distance = (items: string[]) =>
      items.length + row.length - 2 * items.filter((t) => row.includes(t)).length;
    const best = Math.min(...rules.classes.map((c) => distance(c.items)));
    expect(distance(rowsOf(applied.release)[0])).toBe(best);
  });

  it('PTA on a new batch: the classes smaller than k are the offenders; items a centre adds are none', () => {
    const { rules } = savedRules(groceries, { method: 'pta', params: { k: 3, segments: 2 }, seed: 1 });
    if (rules.kind !== 'transactions') throw new Error('expected transactions');
    const target = rules.classes.find((c) => c.items.length >= 2)!;
    // One row without the centre's first item: it joins that centre and is published with it.
    const row = target.items.slice(1);
    const applied = applyRules(baskets(row.map((t) => `"${t}"`).join(',') + '\n'), rules);
    expect(applied.check.holds).toBe(false);
    expect(applied.check.problems[0]).toMatch(
      /^published row 1 \[.*\] occurs 1 time\(s\), fewer than k = 3$/,
    );
    expect(applied.check.problems.join('\n')).not.toMatch(/which none of its/);
    expect(applied.report.rowsGainingItems).toBe(1);
  });
});

describe('reading rules', () => {
  const cases: [string, RegExp][] = [
    ['not json', /r.json: not valid JSON/],
    ['{"format":"x"}', /expected "format": "txanon-rules\/1"/],
    ['{"format":"txanon-rules/1","method":"pta","params":{}}', /params.k/],
    [
      '{"format":"txanon-rules/1","method":"pta","params":{"k":2},"kept":[],"suppressed":[],"kind":"groups"}',
      /"kind"/,
    ],
    [
      '{"format":"txanon-rules/1","method":"pta","params":{"k":2},"kept":[],"suppressed":[],"kind":"transactions","classes":[{"items":["a"],"rows":2}],"join":"nearest","seen":[["ab",3,1]]}',
      /classes in range/,
    ],
  ];
  for (const [text, message] of cases)
    it(`names what is wrong: ${message.source}`, () =>
      expect(() => parseRules(text, 'r.json')).toThrow(message));

  it('groups and buckets releases have no rules', () => {
    const run = runMethod(groceries, { method: 'anatomy', params: { p: 2 }, seed: 1, sensitive: { top: 2 } });
    expect(rulesOf(groceries, run.release, run.audit)).toBeNull();
  });
});

describe('rules round trip on random data and random hierarchies (property)', () => {
  it('apriori-km rules applied to the same input give the release byte for byte', () => {
    fc.assert(
      fc.property(
        arbitraryRows(12, 30, 5).chain((rows) =>
          fc.tuple(fc.constant(rows), arbitraryHierarchy([...new Set(rows.flat())].map(String))),
        ),
        fc.integer({ min: 2, max: 3 }),
        fc.integer({ min: 1, max: 2 }),
        fc.nat(20),
        ([rows, text], k, m, seed) => {
          const dataset = datasetOf(rows);
          if (dataset.d === 0 || rows.filter((r) => r.length > 0).length < k) return;
          const { run, rules } = savedRules(dataset, {
            method: 'apriori-km',
            params: { k, m, hierarchy: text },
            seed,
          });
          if (run.release.kind !== 'generalized') throw new Error('expected generalized');
          const applied = applyRules(dataset, rules);
          expect(applied.release.transactions).toEqual(run.release.transactions);
          expect(applied.check.holds).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
