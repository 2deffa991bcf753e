/**
 * (h,k,p)-coherence (Xu, Wang, Fung, Yu, KDD 2008): the level-wise minimal-mole search against the
 * definitions read literally (every public itemset of at most p items counted from the rows); the
 * MOLE-tree's MM and suppression against the mole list; the method's releases on random data
 * verified, one row per input row, public items only suppressed, from every row or none; the
 * verifier against tampered releases (a suppressed item put back, h claimed smaller than delivered,
 * a private item dropped, an item added, a row published twice); the worked example by hand.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Dataset } from '../src/core/data/dataset.ts';
import { findMinimalMoles, SMALL_COHORT, type CoherenceLevels } from '../src/core/release/moles.ts';
import { verifyCoherence } from '../src/core/release/verifyCoherence.ts';
import { MoleTree } from '../src/core/methods/hkp-coherence/moleTree.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import type { TransactionsRelease, RowsAudit } from '../src/core/release/types.ts';
import { tokenRowsOf } from '../src/core/release/tokenRows.ts';
import { forEachSubset } from '../src/core/base/subsets.ts';
import { arbitraryRows, datasetOf, datasetOfTokens, rowsOf, withAnItem } from './helpers.ts';
import { cliInProcess, scratch } from './cliInProcess.ts';

/** The minimal moles by the definitions: every public itemset of <= p items that occurs, judged. */
function referenceMoles(dataset: Dataset, isPrivate: (id: number) => boolean, levels: CoherenceLevels) {
  const support = new Map<string, number>();
  const withPrivate = new Map<string, Map<number, number>>();
  for (let r = 0; r < dataset.n; r++) {
    const row = Array.from(dataset.row(r));
    const publics = row.filter((a) => !isPrivate(a));
    const privates = row.filter(isPrivate);
    for (let size = 1; size <= levels.p; size++)
      forEachSubset(publics, size, (subset) => {
        const key = subset.join(' ');
        support.set(key, (support.get(key) ?? 0) + 1);
        const counts = withPrivate.get(key) ?? new Map<number, number>();
        withPrivate.set(key, counts);
        for (const e of privates) counts.set(e, (counts.get(e) ?? 0) + 1);
      });
  }
  const isMole = (key: string) => {
    const s = support.get(key)!;
    if (s < levels.k) return true;
    for (const c of withPrivate.get(key)!.values()) if (c / s > levels.h) return true;
    return false;
  };
  const minimal: string[] = [];
  for (const key of support.keys()) {
    if (!isMole(key)) continue;
    const items = key.split(' ').map(Number);
    let proper = true;
    for (let size = 1; size < items.length && proper; size++)
      forEachSubset(items, size, (subset) => {
        if (isMole(subset.join(' '))) proper = false;
      });
    if (proper) minimal.push(key);
  }
  return minimal.sort();
}

function searchOf(dataset: Dataset, privateIds: Set<number>, levels: CoherenceLevels) {
  const isPrivate = new Uint8Array(dataset.d);
  for (const id of privateIds) isPrivate[id] = 1;
  return findMinimalMoles({ offsets: dataset.offsets, ids: dataset.items, d: dataset.d, isPrivate }, levels);
}

const moleKeys = (search: ReturnType<typeof findMinimalMoles>) =>
  search.moles
    .flatMap((list) => Array.from({ length: list.count }, (_, i) => Array.from(list.moleItems(i)).join(' ')))
    .sort();

const levelsArb = fc.record({
  h: fc.constantFrom(0.3, 0.5, 0.75, 1),
  k: fc.integer({ min: 1, max: 4 }),
  p: fc.integer({ min: 1, max: 3 }),
});

describe('minimal moles (Xu et al. Sec. 2 and 4)', () => {
  it('are the moles whose proper subsets are all non-moles, on random data', () => {
    fc.assert(
      fc.property(
        arbitraryRows(10, 30, 7),
        fc.integer({ min: 0, max: 3 }),
        levelsArb,
        (rows, privates, levels) => {
          const dataset = datasetOf(rows);
          // The first `privates` item ids (tokens 0..) are private.
          const privateIds = new Set(Array.from({ length: Math.min(privates, dataset.d) }, (_, i) => i));
          const search = searchOf(dataset, privateIds, levels);
          expect(moleKeys(search)).toEqual(referenceMoles(dataset, (id) => privateIds.has(id), levels));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('say why each is a mole: a small cohort, or the private item given away', () => {
    // {a,b} in 2 rows, both with x: P(x | {a,b}) = 1 > 0.6; {c} alone in 1 row: smaller than k = 2.
    const dataset = datasetOfTokens([['a', 'b', 'x'], ['a', 'b', 'x'], ['a'], ['a'], ['b'], ['b'], ['c']]);
    const x = dataset.dictionary.find('x')!;
    const search = searchOf(dataset, new Set([x]), { h: 0.6, k: 2, p: 2 });
    expect(search.moles[0].count).toBe(1);
    expect(search.moles[0].breachItem.get(0)).toBe(SMALL_COHORT);
    expect(search.moles[1].count).toBe(1);
    expect(search.moles[1].breachItem.get(0)).toBe(x);
    expect(search.moles[1].breachSupport.get(0)).toBe(2);
    expect(search.moles[1].support.get(0)).toBe(2);
  });
});

describe('the MOLE-tree (Xu et al. Sec. 4)', () => {
  it('counts MM per item and suppressing e removes exactly the moles holding e', () => {
    fc.assert(
      fc.property(arbitraryRows(9, 30, 6), fc.integer({ min: 0, max: 8 }), (rows, e) => {
        const dataset = datasetOf(rows);
        const search = searchOf(dataset, new Set([0]), { h: 0.5, k: 3, p: 3 });
        const lists = search.moles.slice(1);
        const moles = lists.flatMap((l) =>
          Array.from({ length: l.count }, (_, i) => Array.from(l.moleItems(i))),
        );
        const tree = new MoleTree(dataset.d, lists);
        for (let a = 0; a < dataset.d; a++)
          expect(tree.mm[a]).toBe(moles.filter((m) => m.includes(a)).length);
        if (e >= dataset.d) return;
        const removed = tree.suppress(e);
        const left = moles.filter((m) => !m.includes(e));
        expect(removed).toBe(moles.length - left.length);
        expect(tree.moles).toBe(left.length);
        const key = (m: number[]) => [...m].sort((x, y) => x - y).join(' ');
        expect(tree.remaining().map(key).sort()).toEqual(left.map(key).sort());
        for (let a = 0; a < dataset.d; a++) expect(tree.mm[a]).toBe(left.filter((m) => m.includes(a)).length);
      }),
      { numRuns: 100 },
    );
  });
});

function run(dataset: Dataset, sensitive: string[], params: Record<string, number | string | boolean>) {
  return runMethod(dataset, { method: 'hkp-coherence', params, seed: 3, sensitive: { items: sensitive } });
}

describe('hkp-coherence releases', () => {
  it('are verified, one row per input row, only public items suppressed, from every row or none', () => {
    fc.assert(
      fc.property(
        withAnItem(arbitraryRows(12, 40, 8)),
        levelsArb,
        fc.boolean(),
        fc.constantFrom('support', 'one'),
        (rows, levels, restore, il) => {
          const dataset = datasetOf(rows);
          const sensitive = [dataset.dictionary.token(0)];
          // p is at most the longest row (the method's data bound).
          let longest = 1;
          for (let r = 0; r < dataset.n; r++) longest = Math.max(longest, dataset.rowLength(r));
          levels = { ...levels, p: Math.min(levels.p, longest) };
          const { record, release, audit } = run(dataset, sensitive, { ...levels, restore, il });
          expect(record.verified, record.problems.join('; ')).toBe(true);
          const published = rowsOf(release as TransactionsRelease);
          const rowOf = Array.from((audit as RowsAudit).rowOf);
          expect(published.length).toBe(dataset.n);
          expect([...rowOf].sort((a, b) => a - b)).toEqual(Array.from({ length: dataset.n }, (_, r) => r));
          const dropped = new Set<string>();
          const keptAnywhere = new Set<string>();
          published.forEach((row, q) => {
            const input = dataset.rowTokens(rowOf[q]);
            for (const t of row) expect(input).toContain(t);
            for (const t of input) {
              if (row.includes(t)) keptAnywhere.add(t);
              else dropped.add(t);
            }
            if (input.includes(sensitive[0])) expect(row).toContain(sensitive[0]);
          });
          expect(dropped.has(sensitive[0])).toBe(false);
          for (const t of dropped) expect(keptAnywhere.has(t)).toBe(false);
          // Coherent by the definitions read literally, too.
          const out = datasetOfTokens(published);
          const privateId = out.dictionary.find(sensitive[0]);
          expect(
            referenceMoles(out, (id) => id === privateId, levels),
            JSON.stringify({ rows, levels }),
          ).toEqual([]);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('suppress on the worked example what the greedy scores best', () => {
    const dataset = datasetOfTokens(
      'a,b,HIV;a,d,f,HIV;b,d,Diabetes;b,c,f,Diabetes;a,c,e;b,c,d;a,b,c,f;c,e,Diabetes;a,c,d,f,HIV;b,c,e,f;a,b,e;c,d,f,g'
        .split(';')
        .map((row) => row.split(',')),
    );
    const { record, release } = run(dataset, ['HIV', 'Diabetes'], { h: 0.6, k: 2, p: 2 });
    expect(record.verified).toBe(true);
    // g (1 row) is a size-1 mole; {a,d} (HIV in 2 of 2), {a,f}, {d,f} (HIV in 2 of 3 rows each) and
    // {e,f} (1 row) are minimal moles: f scores 3/6, d 2/5, a 2/6, e 1/4; then {a,d}: d 1/5 over a 1/6.
    expect(record.notes).toMatchObject({
      'minimal moles by size': '1 / 4',
      'size-1 moles suppressed': 1,
      'items suppressed by the greedy': 2,
    });
    const items = new Set(rowsOf(release as TransactionsRelease).flat());
    expect([...items].sort()).toEqual(['Diabetes', 'HIV', 'a', 'b', 'c', 'e']);
  });
});

describe('the hkp-coherence verifier against tampering', () => {
  const dataset = datasetOfTokens(
    'a,b,x;a,b;a,b,x;a,c;a,c,x;b,c;b,c;a,b,c;d,x;d'.split(';').map((row) => row.split(',')),
  );
  // h = 0.4: x is in 3 of a's 6 rows and 1 of d's 2 (size-1 moles); b (2 of 6) and c (1 of 5) stay.
  const made = run(dataset, ['x'], { h: 0.4, k: 2, p: 2 });
  const release = made.release as TransactionsRelease;
  const audit = made.audit as RowsAudit;
  const rows = rowsOf(release);
  const withRows = (changed: string[][], params = release.params): TransactionsRelease => ({
    ...release,
    params,
    transactions: tokenRowsOf(changed),
  });

  it('passes the release as made, which suppressed something', () => {
    expect(made.record.verified).toBe(true);
    expect(rows.flat().length).toBeLessThan(dataset.offsets[dataset.n]);
  });

  it('fails a row with a suppressed item put back', () => {
    const q = rows.findIndex((row, i) => dataset.rowTokens(audit.rowOf[i]).some((t) => !row.includes(t)));
    const input = dataset.rowTokens(audit.rowOf[q]);
    const back = input.find((t) => !rows[q].includes(t))!;
    const changed = rows.map((row, i) => (i === q ? [...row, back] : row));
    const result = verifyCoherence(dataset, withRows(changed), audit);
    expect(result.verified).toBe(false);
    expect(result.problems.join('\n')).toContain(
      `item ${back} is suppressed from some rows and published in others`,
    );
  });

  it('fails a claimed h smaller than the release delivers', () => {
    // The release keeps some public item whose rows hold x: claiming h below its share fails.
    const result = verifyCoherence(dataset, withRows(rows, { ...release.params, h: 0.01 }), audit);
    expect(result.verified).toBe(false);
    expect(result.problems.join('\n')).toMatch(
      /not \(h,k,p\)-coherent: x is held by \d+ of the \d+ rows holding/,
    );
  });

  it('fails a claimed k larger than the release delivers', () => {
    const result = verifyCoherence(dataset, withRows(rows, { ...release.params, k: dataset.n + 1 }), audit);
    expect(result.verified).toBe(false);
    expect(result.problems.join('\n')).toContain(`fewer than k = ${dataset.n + 1}`);
  });

  it('fails a private item dropped, an item added, a row published twice', () => {
    const q = rows.findIndex((row) => row.includes('x'));
    const noX = rows.map((row, i) => (i === q ? row.filter((t) => t !== 'x') : row));
    expect(verifyCoherence(dataset, withRows(noX), audit).problems.join('\n')).toContain(
      'drops private item x',
    );
    const r = rows.findIndex((_, i) => !dataset.rowTokens(audit.rowOf[i]).includes('d'));
    const added = rows.map((row, i) => (i === r ? [...row, 'd'] : row));
    expect(verifyCoherence(dataset, withRows(added), audit).problems.join('\n')).toContain(
      'which its input row does not hold',
    );
    const twice = Uint32Array.from(audit.rowOf);
    twice[1] = twice[0];
    const result = verifyCoherence(dataset, release, { rowOf: twice });
    expect(result.verified).toBe(false);
    expect(result.partitionComplete).toBe(false);
  });

  it('refuses params out of range', () => {
    for (const params of [{ h: 0 }, { h: 1.5 }, { k: 0 }, { p: 1.5 }] as Record<string, number>[]) {
      const result = verifyCoherence(dataset, withRows(rows, { ...release.params, ...params }), audit);
      expect(result.verified, JSON.stringify(params)).toBe(false);
    }
  });
});

describe('hkp-coherence from the command line', () => {
  const dir = scratch('hkp');
  const example = 'public/samples/hkp-example.csv';
  const levels = ['--h', '0.6', '--k', '2', '--p', '2'];
  const privateItems = ['--sensitive', 'HIV,Diabetes'];

  it('check of the input as it stands names its moles; the exported release checks as coherent', async () => {
    const before = await cliInProcess(
      'check',
      example,
      '--model',
      'hkp-coherence',
      ...levels,
      ...privateItems,
    );
    expect(before.code, before.stderr).toBe(0);
    const answer = JSON.parse(before.stdout);
    expect(answer).toMatchObject({ model: 'hkp-coherence', holds: false, offers: 1 });
    expect(answer.offenders).toContain(
      'not (h,k,p)-coherent: HIV is held by 2 of the 2 rows holding {a, d} (1.000 > h = 0.6)',
    );
    const out = dir.path('release.json');
    const auditFile = dir.path('audit.json');
    const exported = dir.path('release.csv');
    const made = await cliInProcess(
      'anonymize',
      example,
      '--method',
      'hkp-coherence',
      ...levels,
      ...privateItems,
      '--out',
      out,
      '--audit',
      auditFile,
      '--export',
      exported,
    );
    expect(made.code, made.stderr).toBe(0);
    expect(JSON.parse(made.stdout).verified).toBe(true);
    const after = await cliInProcess(
      'check',
      exported,
      '--model',
      'hkp-coherence',
      ...levels,
      ...privateItems,
    );
    expect(JSON.parse(after.stdout)).toMatchObject({ holds: true, offenders: [] });
    const evaluated = await cliInProcess('evaluate', example, out, '--audit', auditFile);
    expect(evaluated.code, evaluated.stderr).toBe(0);
    expect(JSON.parse(evaluated.stdout).verified).toBe(true);
  });

  it('refuses a check without private items and an h outside (0, 1], exit code 2', async () => {
    const none = await cliInProcess('check', example, '--model', 'hkp-coherence', ...levels);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('check --model hkp-coherence needs the sensitive items');
    const bad = await cliInProcess(
      'check',
      example,
      '--model',
      'hkp-coherence',
      '--h',
      '1.5',
      ...privateItems,
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--h must be a number in [0.001, 1]');
    // Its rows are no k-anonymity classes: no rules to apply to another batch (yet).
    const rules = await cliInProcess(
      'anonymize',
      example,
      '--method',
      'hkp-coherence',
      ...privateItems,
      '--out',
      dir.path('r.json'),
      '--rules-out',
      dir.path('rules.json'),
    );
    expect(rules.code).toBe(2);
    expect(rules.stderr).toContain(
      '--rules-out: hkp-coherence publishes a hkp-coherence transactions release',
    );
  });
});

describe('the verifier names at most 5 moles', () => {
  it('and says when the search stopped before the rest', () => {
    // Eight items each in 1 row: eight size-1 moles at k = 2.
    const dataset = datasetOfTokens([['a', 'x'], ['b'], ['c'], ['d'], ['e'], ['f'], ['g'], ['h']]);
    const release: TransactionsRelease = {
      format: 'txanon-release/1',
      model: 'hkp-coherence',
      method: 'check',
      params: { h: 0.5, k: 2, p: 1 },
      seed: 0,
      sensitive: ['x'],
      kind: 'transactions',
      transactions: tokenRowsOf(Array.from({ length: dataset.n }, (_, r) => dataset.rowTokens(r))),
    };
    const rowOf = Uint32Array.from({ length: dataset.n }, (_, r) => r);
    const problems = verifyCoherence(dataset, release, { rowOf }).problems;
    expect(problems.filter((p) => p.startsWith('not (h,k,p)-coherent'))).toHaveLength(5);
    expect(problems.at(-1)).toBe('… the search stopped at these moles (there may be more)');
  });
});
