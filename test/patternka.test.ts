/**
 * PatternKa on an example derived by hand from eq. 12-17 (k = 2):
 *   t1 = abc, t2 = abcd, t3 = ab, t4 = de, t5 = def.
 * The longest frequent pattern is abc (t1, t2): group g1 = {t1, t2}. Of t3, t4, t5 the longest is
 * de (t4, t5): g2 = {t4, t5}. t3 is left (1 < k) and joins the group of least NCP (eq. 8): NCP(g1) =
 * 2 * |{d}| = 2 and NCP(g2) = 2 * |{f}| = 2 tie, so g1 (the first). Centres (eq. 12): g1 = t1 ∩ t2 ∩
 * t3 = ab, g2 = de. RI (eq. 14) = 2*3 + 2*2 = 10, Omega (eq. 11) = 3+4+2+2+3 = 14, so GCP (eq. 16)
 * = 1 - 10/14 = 2/7. NCP = 3 * |{c, d}| + 2 * |{f}| = 8; IL (items removed) = 1 + 2 + 0 + 0 + 1 = 4.
 */
import { describe, expect, it } from 'vitest';
import { parseText } from '../src/core/data/parsers/index.ts';
import { groupCenter, patternKaGroups } from '../src/core/methods/patternka/index.ts';
import { longestClosedPatterns, type Pattern } from '../src/core/methods/patternka/longestClosedPatterns.ts';
import type { Dataset } from '../src/core/data/dataset.ts';
import { createRng } from '../src/core/base/rng.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { arbitraryRows, datasetOf, rowsOf } from './helpers.ts';
import fc from 'fast-check';

const example = parseText('a,b,c\na,b,c,d\na,b\nd,e\nd,e,f\n', {
  fileName: 'hand.csv',
  format: 'csv-basket',
}).dataset;
const tokens = (ids: number[]) => ids.map((id) => example.dictionary.token(id)).sort();

describe('PatternKa on the hand-derived example (k = 2)', () => {
  it('forms the groups and centres of eq. 12', () => {
    const { groups } = patternKaGroups(example, 2, { rng: createRng(1), progress: () => {} });
    expect(groups.map((g) => g.rows)).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
    expect(groups.map((g) => tokens(g.pattern))).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    expect(groups.map((g) => tokens(groupCenter(example, g.rows)))).toEqual([
      ['a', 'b'],
      ['d', 'e'],
    ]);
  });

  // NCP is the share of input occurrences made uncertain (DESIGN.md sec. 5): the 2 occurrences
  // outside the centres of 7 (eq. 8 unnormalized was 8); for PatternKa it equals GCP.
  it('reports GCP = 2/7, NCP = 2/7 and IL = 4, and never adds an item', () => {
    const { record, release, audit } = runMethod(example, {
      method: 'patternka',
      params: { k: 2 },
      seed: 1,
      metrics: ['gcp', 'ncp', 'il'],
    });
    expect(record.metrics.gcp).toBeCloseTo(2 / 7, 12);
    expect(record.metrics.ncp).toBeCloseTo(2 / 7, 12);
    expect(record.metrics.il).toBe(4);
    if (release.kind !== 'transactions' || !('rowOf' in audit))
      throw new Error('expected a transactions release');
    rowsOf(release).forEach((row, p) => {
      const original = example.rowTokens(audit.rowOf[p]);
      expect(row.every((t) => original.includes(t))).toBe(true);
    });
  });

  it('an input of fewer than k rows is a clear error', () => {
    expect(() => runMethod(example, { method: 'patternka', params: { k: 6 }, seed: 1 })).toThrow(
      /at least k = 6 transactions/,
    );
  });
});

describe('longest closed frequent patterns', () => {
  it('finds exactly the longest frequent itemsets, with their rows (property)', () => {
    fc.assert(
      fc.property(arbitraryRows(9, 25, 6), fc.integer({ min: 1, max: 4 }), (rows, k) => {
        const dataset = datasetOf(rows);
        const all = Array.from({ length: dataset.n }, (_, r) => r);
        const found = longestClosedPatterns(dataset, all, k);
        if (rows.length < k) return found.length === 0;
        expectLongestOf(dataset, all, k, found);
      }),
      { numRuns: 150 },
    );
  });
});

describe('longest closed frequent patterns on skewed rows', () => {
  it('equal the brute-force longest itemsets where branches drop rows and recount (property)', () => {
    // Items drawn with a skew (item i about as often as BMS1's i-th most frequent, relatively),
    // rows of up to 12: the search goes several levels deep, and its row dropping sometimes leaves
    // fewer rows than it drops (the counts are then taken afresh), which uniform rows seldom do.
    const skewedRows = fc.array(
      fc
        .array(
          fc.integer({ min: 0, max: 255 }).map((v) => Math.floor((v * v) / 5462)),
          { maxLength: 12 },
        )
        .map((row) => [...new Set(row)]),
      { minLength: 20, maxLength: 60 },
    );
    fc.assert(
      fc.property(skewedRows, fc.integer({ min: 2, max: 5 }), (rows, k) => {
        const dataset = datasetOf(rows);
        const all = rows.map((_, r) => r);
        expectLongestOf(dataset, all, k, longestClosedPatterns(dataset, all, k));
      }),
      { numRuns: 300 },
    );
  });
});

describe('mining a subset of the rows (as PatternKa does once groups are removed)', () => {
  it('sees only the searched rows: the longest patterns of the subset, with their rows (property)', () => {
    fc.assert(
      fc.property(
        arbitraryRows(9, 25, 6),
        fc.integer({ min: 1, max: 4 }),
        fc.infiniteStream(fc.boolean()),
        (rows, k, picks) => {
          const dataset = datasetOf(rows);
          const subset = rows.map((_, r) => r).filter(() => picks.next().value);
          const found = longestClosedPatterns(dataset, subset, k);
          if (subset.length < k) return found.length === 0;
          expectLongestOf(dataset, subset, k, found);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('Alg. 1 with the pattern cache (Alg. 4)', () => {
  it('every group is all the remaining holders of a longest frequent pattern of the remaining rows (property)', () => {
    fc.assert(
      fc.property(arbitraryRows(9, 30, 6), fc.integer({ min: 1, max: 4 }), fc.integer(), (rows, k, seed) => {
        const dataset = datasetOf(rows);
        if (rows.length < k) return;
        const { groups } = patternKaGroups(dataset, k, { rng: createRng(seed), progress: () => {} });
        let remaining = rows.map((_, r) => r);
        const leftover: number[] = [];
        for (const group of groups) {
          const holds = (r: number) => group.pattern.every((i) => dataset.row(r).includes(i));
          const holders = remaining.filter(holds);
          // Without a cache: mine the remaining rows afresh (brute force).
          const longest = longestByBruteForce(
            remaining.map((r) => Array.from(dataset.row(r))),
            k,
          ).map((items) => items.join(' '));
          expect(longest).toContain([...group.pattern].sort((a, b) => a - b).join(' '));
          expect(holders.every((r) => group.rows.includes(r))).toBe(true);
          leftover.push(...group.rows.filter((r) => !holders.includes(r)));
          remaining = remaining.filter((r) => !holds(r));
        }
        // Only the final fewer-than-k rows join a group without holding its pattern.
        expect(remaining.length).toBeLessThan(k);
        expect(leftover.sort((a, b) => a - b)).toEqual(remaining);
      }),
      { numRuns: 150 },
    );
  });
});

/** The longest itemsets (ascending) held by at least k of `rows`: brute force over every itemset of their items. */
/** `found` is the brute-force longest frequent itemsets of the searched rows, each with all its holders. */
function expectLongestOf(dataset: Dataset, searched: number[], k: number, found: Pattern[]): void {
  const key = (items: number[]) =>
    items
      .map((id) => Number(dataset.dictionary.token(id)))
      .sort((a, b) => a - b)
      .join(' ');
  const brute = longestByBruteForce(
    searched.map((r) => Array.from(dataset.row(r))),
    k,
  );
  expect(found.map((p) => key(p.items)).sort()).toEqual(brute.map(key).sort());
  for (const p of found)
    expect(p.rows).toEqual(searched.filter((r) => p.items.every((i) => dataset.row(r).includes(i))));
}

function longestByBruteForce(rows: number[][], k: number): number[][] {
  const items = [...new Set(rows.flat())].sort((a, b) => a - b);
  let best: number[][] = [];
  for (let mask = 0; mask < 1 << items.length; mask++) {
    const set = items.filter((_, i) => mask & (1 << i));
    if (rows.filter((r) => set.every((x) => r.includes(x))).length < k) continue;
    if (best.length === 0 || set.length > best[0].length) best = [set];
    else if (set.length === best[0].length) best.push(set);
  }
  return best;
}

describe('PatternKa on relational data (Alg. 2-3)', () => {
  it('diversity scores (eq. 21-23) keep the k rows of least frequency product, ties included', async () => {
    const { diverseRows } = await import('../src/core/methods/patternka/relationalSelection.ts');
    const table = 'sex,age,zip\nF,a,x\nF,a,y\nF,b,x\nF,a,x\n';
    const dataset = parseText(table, { fileName: 't.csv', format: 'relational' }).dataset;
    // freq in the 4 rows: sex=F 4, age=a 3, age=b 1, zip=x 3, zip=y 1, so scores 36, 12, 12, 36.
    expect(diverseRows(dataset, [0, 1, 2, 3], 2)).toEqual([1, 2]);
    expect(diverseRows(dataset, [0, 1, 2, 3], 3)).toEqual([0, 1, 2, 3]);
  });

  it('a bucketed relational table is k-anonymized with groups of about k diverse rows', () => {
    const lines = ['age,sex,zip'];
    for (let i = 0; i < 120; i++)
      lines.push(`${20 + ((i * 7) % 50)},${i % 3 === 0 ? 'F' : 'M'},${1000 + (i % 6)}`);
    const dataset = parseText(lines.join('\n') + '\n', { fileName: 'adult.csv', buckets: 5 }).dataset;
    expect(dataset.format).toBe('relational');
    const { record } = runMethod(dataset, {
      method: 'patternka',
      params: { k: 4 },
      seed: 3,
      metrics: ['gcp'],
    });
    expect(record.verified).toBe(true);
    expect(record.notes.selection).toBe('relational');
    expect(Number(record.notes['classes formed (equal ones merge when published)'])).toBeGreaterThan(120 / 8);
  });
});

describe('mining with a length slack (the cache keeps a few lengths below the longest)', () => {
  it('returns exactly the closed frequent itemsets at most `slack` shorter than the longest (brute force)', () => {
    fc.assert(
      fc.property(
        arbitraryRows(8, 25, 6),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 2 }),
        (rows, k, slack) => {
          const dataset = datasetOf(rows);
          if (rows.length < k) return;
          const items = [...new Set(rows.flat())].sort((a, b) => a - b);
          const supportOf = (set: number[]) => rows.filter((r) => set.every((x) => r.includes(x))).length;
          const frequent: number[][] = [];
          for (let mask = 0; mask < 1 << items.length; mask++) {
            const set = items.filter((_, i) => mask & (1 << i));
            if (supportOf(set) >= k) frequent.push(set);
          }
          const closed = frequent.filter(
            (set) => !items.some((x) => !set.includes(x) && supportOf([...set, x]) === supportOf(set)),
          );
          const longest = Math.max(...frequent.map((f) => f.length));
          const expected = closed
            .filter((c) => c.length >= longest - slack)
            .map((c) => c.join(' '))
            .sort();
          const all = Array.from({ length: dataset.n }, (_, r) => r);
          const found = longestClosedPatterns(dataset, all, k, slack)
            .map((p) =>
              p.items
                .map((id) => Number(dataset.dictionary.token(id)))
                .sort((a, b) => a - b)
                .join(' '),
            )
            .sort();
          expect(found).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('mining with a work budget (large data: PatternKa takes dives where the search is cut)', () => {
  it('cut or not, returns closed frequent patterns of one length with all their holders; complete = exact (property)', async () => {
    const { mineLongest } = await import('../src/core/methods/patternka/longestClosedPatterns.ts');
    fc.assert(
      fc.property(
        arbitraryRows(9, 30, 7),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 400 }),
        (rows, k, budget) => {
          const dataset = datasetOf(rows);
          const all = rows.map((_, r) => r);
          const mining = mineLongest(dataset, all, k, { workBudget: budget });
          if (rows.length < k) return;
          if (mining.complete) return expectLongestOf(dataset, all, k, mining.patterns);
          const holders = (items: number[]) =>
            all.filter((r) => items.every((i) => dataset.row(r).includes(i)));
          const longest = longestByBruteForce(
            rows.map((_, r) => Array.from(dataset.row(r))),
            k,
          )[0].length;
          expect(mining.patterns.length).toBeGreaterThan(0);
          for (const p of mining.patterns) {
            expect(p.items.length).toBe(mining.patterns[0].items.length);
            expect(p.items.length).toBeLessThanOrEqual(longest);
            expect(p.rows).toEqual(holders(p.items));
            expect(p.rows.length).toBeGreaterThanOrEqual(k);
            // closed: no other item is held by every one of its rows
            const others = [...new Set(p.rows.flatMap((r) => Array.from(dataset.row(r))))].filter(
              (i) => !p.items.includes(i),
            );
            expect(others.some((i) => p.rows.every((r) => dataset.row(r).includes(i)))).toBe(false);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('PatternKa with a tiny budget still groups every row in groups of at least k holders', () => {
    fc.assert(
      fc.property(arbitraryRows(9, 40, 7), fc.integer({ min: 1, max: 4 }), fc.integer(), (rows, k, seed) => {
        const dataset = datasetOf(rows);
        if (rows.length < k) return;
        const { groups } = patternKaGroups(
          dataset,
          k,
          { rng: createRng(seed), progress: () => {} },
          'set-valued',
          1,
        );
        const all = groups.flatMap((g) => g.rows).sort((a, b) => a - b);
        expect(all).toEqual(rows.map((_, r) => r));
        for (const g of groups) {
          expect(g.rows.length).toBeGreaterThanOrEqual(k);
          const holders = g.rows.filter((r) => g.pattern.every((i) => dataset.row(r).includes(i)));
          expect(holders.length).toBeGreaterThanOrEqual(k);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("a run's searches stop once they read the run's search work; the rest dive, every row grouped", () => {
    fc.assert(
      fc.property(arbitraryRows(9, 40, 7), fc.integer({ min: 1, max: 4 }), fc.integer(), (rows, k, seed) => {
        const dataset = datasetOf(rows);
        if (rows.length < k) return;
        const ctx = { rng: createRng(seed), progress: () => {} };
        const spent = patternKaGroups(dataset, k, ctx, 'set-valued', 1e9, 1);
        // One entry of search work: the first mining searches, no later one does.
        expect(spent.searches).toBeLessThanOrEqual(1);
        const all = spent.groups.flatMap((g) => g.rows).sort((a, b) => a - b);
        expect(all).toEqual(rows.map((_, r) => r));
        for (const g of spent.groups) expect(g.rows.length).toBeGreaterThanOrEqual(k);
        // Unbounded, small data searches every mining (all complete).
        const full = patternKaGroups(dataset, k, { rng: createRng(seed), progress: () => {} });
        expect(full.searches).toBe(full.minings);
      }),
      { numRuns: 100 },
    );
  });

  it('after a cut search, 1, 2, 4, ... dives alone before the next search; a complete search resets', async () => {
    const { SearchBackoff } = await import('../src/core/methods/patternka/searchBackoff.ts');
    const backoff = new SearchBackoff();
    // The outcomes of the searches, in turn: cut, cut, cut, complete, cut, complete.
    const outcomes = [false, false, false, true, false, true];
    let trace = '';
    while (outcomes.length > 0) {
      if (!backoff.searching()) {
        trace += 'd';
        continue;
      }
      const complete = outcomes.shift()!;
      trace += complete ? 'S' : 'C';
      backoff.record(complete);
    }
    expect(trace).toBe('CdCddCddddSCdS');
  });
});
