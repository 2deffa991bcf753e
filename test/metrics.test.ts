/**
 * Metrics as DESIGN.md sec. 5 defines them: UL and NCP of COAT's Example 3.15 release (Fig. 2(c))
 * and of a hand-computed generalization, NCP and GCP of hand-computed classes, KL never below 0 on
 * random releases, and the same queries for two methods of one seed.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { parseText } from '../src/core/data/parsers/index.ts';
import { createRng } from '../src/core/base/rng.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { log2GeneralizedItemUl, utilityLoss } from '../src/core/metrics/utilityLoss.ts';
import { generalizedNcp } from '../src/core/metrics/generalizedNcp.ts';
import { certaintyPenalty } from '../src/core/metrics/certaintyPenalty.ts';
import { klQueries, queryKls, reconstructionError } from '../src/core/metrics/kl.ts';
import { averageRelativeError, avgreQueries } from '../src/core/metrics/avgre.ts';
import { compact } from '../src/core/metrics/sampling.ts';
import type {
  GeneralizedRelease,
  GroupsAudit,
  GroupsRelease,
  TransactionsRelease,
} from '../src/core/release/types.ts';
import { arbitraryRows, datasetOf, plain, typed, typedAudit } from './helpers.ts';
import type { PlainGroup } from '../src/core/release/plainRelease.ts';

const header = { format: 'txanon-release/1' as const, seed: 1, sensitive: [] as string[] };
const fig1 = parseText(readFileSync('public/samples/coat-fig1a.csv', 'utf8'), {
  fileName: 'coat-fig1a.csv',
}).dataset;

describe('UL and NCP of generalized releases', () => {
  const { release } = runMethod(fig1, {
    method: 'coat',
    params: { k: 5, m: 0, s: 15, constraints: 'a,b,c\nd,e,f,g,h\n', utility: 'a,b\nc\nd\ne,f,g,h\n' },
    seed: 1,
  });
  const fig2c = release as GeneralizedRelease;

  it('Example 3.15: UL((a,b)) = (2^2-1)/(2^8-1) x 0.375 x 7/8, in log2', () => {
    expect(2 ** log2GeneralizedItemUl(2, 8, 0.375, 7, 8)).toBeCloseTo((3 / 255) * 0.375 * (7 / 8), 15);
  });

  it('Fig. 2(c): ul = log10 of UL((a,b)) + UL((g,h)) with weights 1, suppression d = 4 of 41 occurrences', () => {
    expect(fig2c.generalized).toEqual({ '(a,b)': ['a', 'b'], '(g,h)': ['g', 'h'] });
    // (a,b) is in 7 of the 10 rows, (g,h) in 6 (Alice, Mary, George, Anne, Tom, Ellen).
    const { ul, ul_suppression } = utilityLoss(fig1, fig2c);
    expect(ul).toBeCloseTo(Math.log10((3 / 255) * (7 / 10) + (3 / 255) * (6 / 10)), 12);
    expect(ul_suppression).toBeCloseTo(4 / 41, 15);
  });

  it('Fig. 2(c): NCP = (9 occurrences of a, b and 8 of g, h at 2/8, 4 of d suppressed at 1) / 41', () => {
    expect(generalizedNcp(fig1, fig2c)).toBeCloseTo((9 * 0.25 + 8 * 0.25 + 4) / 41, 15);
  });

  it('a hand-computed generalization: (1,2) in 4 of 5 rows, 4 suppressed', () => {
    const dataset = datasetOf([[1, 2], [2, 3], [1, 3], [4], [1]]);
    const generalized: GeneralizedRelease = typed({
      ...header,
      model: 'km-anonymity',
      method: 'hand',
      params: {},
      kind: 'generalized',
      generalized: { '(1,2)': ['1', '2'] },
      suppressed: ['4'],
      transactions: [['(1,2)'], ['(1,2)', '3'], ['(1,2)', '3'], [], ['(1,2)']],
    });
    // M = 4 items, N = 5 rows: UL((1,2)) = (2^2 - 1) / (2^4 - 1) x 4/5 = 0.16.
    expect(utilityLoss(dataset, generalized)).toEqual({
      ul: expect.closeTo(Math.log10(0.16), 12),
      ul_suppression: 1 / 8,
    });
    // 3 occurrences of 1 and 2 of 2 cost 2/4 each, the one of 4 costs 1, 3 is kept: 3.5 / 8.
    expect(generalizedNcp(dataset, generalized)).toBe(3.5 / 8);
  });

  it('UL does not underflow at hundreds of items: one pair among 497 items reads about -150', () => {
    const rows = [...Array.from({ length: 7 }, () => [0, 1]), Array.from({ length: 495 }, (_, i) => i + 2)];
    const dataset = datasetOf(rows);
    const release: GeneralizedRelease = typed({
      ...header,
      model: 'km-anonymity',
      method: 'hand',
      params: {},
      kind: 'generalized',
      generalized: { '(0,1)': ['0', '1'] },
      suppressed: [],
      transactions: [...rows.slice(0, 7).map(() => ['(0,1)']), rows[7].map(String)],
    });
    const { ul } = utilityLoss(dataset, release);
    expect(ul).toBeCloseTo(Math.log10(3) - 497 * Math.log10(2) + Math.log10(7 / 8), 9);
  });
});

describe('NCP and GCP of transactions releases (per input occurrence)', () => {
  it('a class published as its common items, and a class whose majority vote adds an item', () => {
    const dataset = parseText('a,b\na,c\na,b,d\nx\nx,y\n', {
      fileName: 't.csv',
      format: 'csv-basket',
    }).dataset;
    const release: TransactionsRelease = typed({
      ...header,
      model: 'k-anonymity',
      method: 'hand',
      params: {},
      kind: 'transactions',
      transactions: [['a'], ['a'], ['a'], ['x', 'y'], ['x', 'y']],
    });
    // Class 1: b (2), c (1), d (1) are uncertain and lost; class 2: y (1) is uncertain but kept.
    expect(certaintyPenalty(dataset, release, { rowOf: Uint32Array.of(0, 1, 2, 3, 4) })).toEqual({
      ncp: 5 / 10,
      gcp: 4 / 10,
    });
  });
});

/** A groups release of `dataset` in random groups (no privacy required: KL is defined for any). */
function randomGroups(
  rows: number[][],
  sensitive: string[],
  seed: number,
): { release: GroupsRelease; audit: GroupsAudit } {
  const rng = createRng(seed);
  const order = rng.shuffle(rows.map((_, i) => i));
  const groups: PlainGroup[] = [];
  const members: number[][] = [];
  for (let start = 0; start < order.length;) {
    const size = 1 + rng.int(4);
    const inGroup = order.slice(start, start + size);
    members.push(inGroup);
    start += size;
    const counts: Record<string, number> = {};
    const qid = inGroup.map((r) =>
      rows[r].map(String).filter((t) => {
        if (!sensitive.includes(t)) return true;
        counts[t] = (counts[t] ?? 0) + 1;
        return false;
      }),
    );
    groups.push({ qid, sensitive: counts });
  }
  return {
    release: typed({
      ...header,
      model: 'p-degree',
      method: 'hand',
      params: {},
      sensitive,
      kind: 'groups',
      groups,
    }),
    audit: typedAudit({ groups: members }) as GroupsAudit,
  };
}

describe('KL-divergence (Ghinita Sec. 3.2)', () => {
  it('is never below 0 and never -0, per query and on average, on random releases (property)', () => {
    fc.assert(
      fc.property(arbitraryRows(12, 40, 6), fc.nat(1000), fc.integer({ min: 1, max: 5 }), (rows, seed, r) => {
        const dataset = datasetOf(rows);
        const sensitive = dataset.dictionary.tokens.slice(0, 2);
        const { release, audit } = randomGroups(rows, sensitive, seed);
        const { kl, kl_se, perQuery } = reconstructionError(dataset, release, audit, {
          seed,
          r,
          queries: 30,
        });
        for (const value of [kl, kl_se, ...perQuery]) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(Object.is(value, -0)).toBe(false);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('is exactly 0 when every group has identical QID rows', () => {
    const rows = [[1, 9], [1], [2, 9], [2], [3], [3, 9]];
    const dataset = datasetOf(rows);
    const release: GroupsRelease = typed({
      ...plain(randomGroups(rows, ['9'], 1).release),
      groups: [1, 2, 3].map((item) => ({ qid: [[String(item)], [String(item)]], sensitive: { '9': 1 } })),
    });
    const audit = typedAudit({
      groups: [
        [0, 1],
        [2, 3],
        [4, 5],
      ],
    }) as GroupsAudit;
    expect(reconstructionError(dataset, release, audit, { seed: 4, queries: 50, r: 2 }).kl).toBe(0);
  });
});

describe('the same queries for every method of one seed (paired comparison)', () => {
  const rng = createRng(11);
  const rows = Array.from({ length: 300 }, () => rng.sample(30, 1 + rng.int(5)));
  const dataset = datasetOf(rows);
  const run = (method: string) =>
    runMethod(dataset, {
      method,
      params: { p: 3 },
      seed: 7,
      sensitive: { random: 3 },
      metrics: ['kl', 'avgre'],
      metricOptions: { queries: 60 },
    });
  const gray = run('gray-cahd');
  const anatomy = run('anatomy');

  it('draws the KL queries from the dataset, the sensitive items and the seed only', () => {
    expect(gray.record.sensitive).toEqual(anatomy.record.sensitive);
    const queries = klQueries(dataset, anatomy.record.sensitive, { seed: 7, queries: 60 });
    expect(klQueries(dataset, gray.record.sensitive, { seed: 7, queries: 60 })).toEqual(queries);
    // gray-cahd's per-query values are its release measured on anatomy's queries.
    expect(gray.record.perQuery?.kl).toEqual(
      compact(queryKls(dataset, gray.release as GroupsRelease, gray.audit as GroupsAudit, queries)),
    );
    expect(anatomy.record.perQuery?.kl).toHaveLength(60);
  });

  it('draws the AvgRE queries from the dataset and the seed only, whatever the method drew', () => {
    expect(gray.record.perQuery?.avgre).toHaveLength(60);
    expect(avgreQueries(dataset, 2, 60, 7)).toEqual(avgreQueries(dataset, 2, 60, 7));
    expect(avgreQueries(dataset, 2, 60, 7)).not.toEqual(avgreQueries(dataset, 2, 60, 8));
  });
});

describe('sensitive items named like Object.prototype keys', () => {
  // The same data and release twice, the sensitive item called `constructor` and then `zz`: the
  // metrics read counts by item, never an object's inherited key (a group without the item once
  // read Object.prototype.constructor and gave NaN).
  const measure = (s: string) => {
    const text = `a,b,${s}\nb,c\nc,d,${s}\na,d\nb,d\na,c\na,b\n`;
    const { dataset } = parseText(text, { fileName: 'rows.csv' });
    const hand = {
      ...header,
      model: 'p-degree' as const,
      method: 'hand',
      params: { p: 2 },
      sensitive: [s],
      kind: 'groups' as const,
      groups: [
        {
          qid: [
            ['a', 'b'],
            ['b', 'c'],
            ['a', 'd'],
          ],
          sensitive: { [s]: 1 },
        },
        {
          qid: [
            ['c', 'd'],
            ['b', 'd'],
            ['a', 'c'],
          ],
          sensitive: { [s]: 1 },
        },
      ],
    };
    hand.groups.push({ qid: [['a', 'b']], sensitive: {} });
    const release = typed(hand);
    // Input rows 0, 1, 3 are group 1's QID rows, 2, 4, 5 group 2's, 6 group 3's.
    const audit = typedAudit({ groups: [[0, 1, 3], [2, 4, 5], [6]] }) as GroupsAudit;
    return {
      kl: reconstructionError(dataset, release, audit, { seed: 3, queries: 40, r: 2 }).kl,
      avgre: averageRelativeError(dataset, release, audit, { seed: 3, queries: 40, q: 2 }).avgre,
    };
  };

  it('gives the values the same release gives with the item renamed', () => {
    const renamed = measure('zz');
    expect(Number.isFinite(renamed.kl) && Number.isFinite(renamed.avgre)).toBe(true);
    expect(measure('constructor')).toEqual(renamed);
  });
});
