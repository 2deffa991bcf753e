/**
 * Privacy degree p over sensitive items (Ghinita, Kalnis, Tao): the worked example of Fig. 1 and
 * Sec. 5.2, the reconstruction error of Fig. 2, Theorem 1, and every method on random data.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { parseText } from '../src/core/data/parsers/index.ts';
import { compareGray, graySort, grayRank, positionRows } from '../src/core/methods/shared/grayOrder.ts';
import { SensitiveRows } from '../src/core/methods/shared/p-degree/sensitiveRows.ts';
import { cahd } from '../src/core/methods/shared/p-degree/cahd.ts';
import { ExactNeighbours } from '../src/core/methods/shared/p-degree/exactNeighbours.ts';
import { queryKls } from '../src/core/metrics/kl.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { verifyRelease } from '../src/core/release/verify.ts';
import type { GroupsAudit, GroupsRelease } from '../src/core/release/types.ts';
import { arbitraryRows, datasetOf, typed, typedAudit } from './helpers.ts';

const fig1 = parseText(readFileSync('public/samples/ghinita-fig1a.csv', 'utf8'), {
  fileName: 'ghinita-fig1a.csv',
}).dataset;
const NAMES = ['Bob', 'David', 'Claire', 'Andrea', 'Ellen'];
const id = (t: string) => fig1.dictionary.find(t)!;
const sensitive = [id('Viagra'), id('Pregnancy Test')];

describe('Ghinita Fig. 1 and Sec. 5.2', () => {
  // Fig. 1a's column order: Wine, Strawberries, Meat, Cream.
  const position = new Uint32Array(fig1.d);
  ['Wine', 'Strawberries', 'Meat', 'Cream', 'Pregnancy Test', 'Viagra'].forEach(
    (t, i) => (position[id(t)] = i),
  );
  const rows = new SensitiveRows(fig1, sensitive);
  const qid = (r: number) => rows.qid(r);

  it("G^-1 of each QID (Sec. 5.2: Bob' = 1100, Claire' = 0110, Andrea' = 0100, Ellen' = 1101)", () => {
    const ranks = positionRows(qid, position, [0, 1, 2, 3, 4]).map((p) =>
      Number(grayRank(p, 4)).toString(2).padStart(4, '0'),
    );
    expect(ranks).toEqual(['1100', '1100', '0110', '0100', '1101']);
  });

  it('GraySort gives Andrea, Claire, Bob, David, Ellen (Fig. 1c)', () => {
    expect(Array.from(graySort(rows.qidRows, position), (r) => NAMES[r])).toEqual([
      'Andrea',
      'Claire',
      'Bob',
      'David',
      'Ellen',
    ]);
  });

  it('RCM puts Bob, David, Ellen next to each other and Andrea next to Claire (Fig. 1b, up to reversal)', async () => {
    const { reverseCuthillMcKee } = await import('../src/core/methods/shared/p-degree/rcm.ts');
    const { order, edges, components } = reverseCuthillMcKee(rows);
    const names = order.map((r) => NAMES[r]);
    const at = (name: string) => names.indexOf(name);
    expect([at('Bob'), at('David'), at('Ellen')].sort()).toEqual([0, 1, 2]);
    expect(Math.abs(at('Andrea') - at('Claire'))).toBe(1);
    // Rows sharing a QID item: Bob-David, Bob-Andrea, Bob-Ellen, David-Andrea, David-Ellen,
    // Claire-Andrea, Claire-Ellen, Andrea-Ellen.
    expect(edges).toBe(8);
    expect(components).toBe(1);
  });

  it('CAHD along that order groups Claire with Andrea, as in Fig. 1d (p = 2)', () => {
    const groups = cahd(rows, 2, 1, graySort(rows.qidRows, position)).map((g) =>
      g.map((r) => NAMES[r]).sort(),
    );
    // Fig. 1d publishes {Andrea, Claire} with Pregnancy Test 1/2; CAHD with p = 2 then groups Bob with
    // David (distance 0) and leaves Ellen alone, where the figure shows Bob, David and Ellen together.
    expect(groups).toEqual([['Andrea', 'Claire'], ['Bob', 'David'], ['Ellen']]);
  });

  it('the reconstruction error of Fig. 2 (Pregnancy Test over Cream x Meat) is log 2 for Fig. 1d', () => {
    const release: GroupsRelease = typed({
      format: 'txanon-release/1',
      model: 'p-degree',
      method: 'gray-cahd',
      params: { p: 2 },
      seed: 1,
      sensitive: ['Viagra', 'Pregnancy Test'],
      kind: 'groups',
      groups: [
        {
          qid: [
            ['Wine', 'Meat'],
            ['Wine', 'Meat'],
            ['Wine', 'Meat', 'Cream'],
          ],
          sensitive: { Viagra: 1 },
        },
        {
          qid: [
            ['Strawberries', 'Meat'],
            ['Strawberries', 'Cream'],
          ],
          sensitive: { 'Pregnancy Test': 1 },
        },
      ],
    });
    // Act: all of Pregnancy Test in cell (Cream, not Meat); Est puts half there, half in (Meat, not Cream).
    const id = (token: string) => fig1.dictionary.find(token)!;
    const query = { s: id('Pregnancy Test'), items: [id('Cream'), id('Meat')] };
    const audit = typedAudit({
      groups: [
        [0, 1, 4],
        [3, 2],
      ],
    }) as GroupsAudit;
    expect(queryKls(fig1, release, audit, [query])[0]).toBeCloseTo(Math.log(2), 12);
    expect(
      verifyRelease(
        fig1,
        release,
        typedAudit({
          groups: [
            [0, 1, 4],
            [3, 2],
          ],
        }),
      ).verified,
    ).toBe(true);
    const tooSmall = { ...release, params: { p: 3 } };
    expect(
      verifyRelease(
        fig1,
        tooSmall,
        typedAudit({
          groups: [
            [0, 1, 4],
            [3, 2],
          ],
        }),
      ).problems,
    ).toContain('group 2: degree 2/1 < p = 3 for Pregnancy Test');
  });

  it('Theorem 1: an impossible p is an error naming the item and the largest feasible p', () => {
    expect(() =>
      runMethod(fig1, { method: 'gray-cahd', params: { p: 6 }, seed: 1, sensitive: { items: ['Viagra'] } }),
    ).toThrow(/sensitive item 'Viagra' occurs in 1 of 5 transactions.*largest feasible p is 5/);
  });
});

describe('GraySort (radix on the leading columns, comparison on ties)', () => {
  it('orders rows exactly as the stable comparison sort by Gray rank', () => {
    const rowsOf = (width: number) =>
      fc.array(fc.uniqueArray(fc.integer({ min: 0, max: width - 1 }), { maxLength: width }), {
        maxLength: 150,
      });
    // Widths past 32 let rows go through the bitmap read-back (packedPositions) too.
    const input = fc
      .oneof(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 33, max: 90 }))
      .chain((width) =>
        fc.tuple(rowsOf(width), fc.shuffledSubarray([...Array(width).keys()], { minLength: width })),
      );
    fc.assert(
      fc.property(input, ([rows, shuffled]) => {
        const position = Uint32Array.from(shuffled);
        const offsets = [0];
        for (const row of rows) offsets.push(offsets[offsets.length - 1] + row.length);
        const packed = { offsets: Uint32Array.from(offsets), items: Uint32Array.from(rows.flat()) };
        const positions = rows.map((row) => row.map((item) => position[item]).sort((a, b) => a - b));
        const expected = rows
          .map((_, r) => r)
          .sort((a, b) => compareGray(positions[a], positions[b]) || a - b);
        expect(Array.from(graySort(packed, position))).toEqual(expected);
      }),
      // Rows that agree on the radix columns, one ending there: only the comparison orders them.
      {
        examples: [
          [
            [
              [
                [0, 1, 2, 3],
                [0, 1, 2, 3, 4],
                [0, 1, 2, 3, 5],
              ],
              [0, 1, 2, 3, 4, 5],
            ],
          ],
        ],
      },
    );
  });
});

describe('exact non-conflicting nearest neighbours', () => {
  it("one pass by increasing distance equals the paper's p-1 repeated scans (Fig. 3, lines 13-22)", () => {
    fc.assert(
      fc.property(
        // Up to 200 rows over 16 items, rows bucketed a few distances at a time: walks cross
        // batches; several queries share one index, whose counts are cleared by a memset (0) or
        // by walking the lists again (1).
        arbitraryRows(16, 200, 6),
        fc.integer({ min: 2, max: 12 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        fc.infiniteStream(fc.boolean()),
        fc.integer({ min: 1, max: 70 }),
        fc.infiniteStream(fc.boolean()),
        fc.constantFrom(0, 1),
        (rowsIn, p, picks, grouped, bucketBatch, candidates, clearByWalkBelow) => {
          const dataset = datasetOf(rowsIn);
          if (dataset.n < 2 || dataset.d < 3) return;
          const sens = [0, 1, 2].filter((i) => i < dataset.d);
          const rows = new SensitiveRows(dataset, sens);
          // Some rows already grouped: told to the index (its lists drop them) and not remaining.
          const remaining = new Uint8Array(dataset.n).fill(1);
          const gone = rowsIn.map((_, r) => r).filter(() => grouped.next().value);
          for (const r of gone) remaining[r] = 0;
          const neighbours = new ExactNeighbours(rows, bucketBatch, clearByWalkBelow);
          neighbours.forget(gone);
          const all = rowsIn.map((_, r) => r);
          for (const pick of picks) {
            const t = pick % dataset.n;
            /** The paper's p-1 scans over the remaining rows of `pool`. */
            const repeatedScans = (pool: readonly number[]): number[] => {
              const chosen: number[] = [];
              for (let i = 0; i < p - 1; i++) {
                let best = -1;
                let bestDistance = Infinity;
                for (const u of pool) {
                  if (u === t || chosen.includes(u) || remaining[u] === 0) continue;
                  if ([t, ...chosen].some((c) => rows.conflicts(u, c))) continue;
                  const d = rows.qidDistance(t, u);
                  if (d < bestDistance) [best, bestDistance] = [u, d];
                }
                if (best >= 0) chosen.push(best);
              }
              return chosen;
            };
            expect(neighbours.partners(t, remaining, p)).toEqual(repeatedScans(all));
            // Among a candidate subset (LSH's buckets), whose size counts the remaining rows but t:
            // the walk skips the others and ends once all of them are yielded.
            const among = new Set(all.filter(() => candidates.next().value));
            const size = [...among].filter((u) => u !== t && remaining[u] === 1).length;
            expect(neighbours.partners(t, remaining, p, { has: (u) => among.has(u), size })).toEqual(
              repeatedScans([...among].sort((a, b) => a - b)),
            );
            // Between queries, more rows are grouped (the lists drop them once enough left): the
            // counts of the last query are cleared before its lists change.
            const leaving = all.filter((r) => remaining[r] === 1 && grouped.next().value);
            for (const r of leaving) remaining[r] = 0;
            neighbours.forget(leaving);
          }
        },
      ),
    );
  });
});

describe('LSH (Fig. 5)', () => {
  it("reports |LSHResult| per query: the remaining rows that share t's key, t left out", () => {
    // Ten rows of QID item 1, the first five also sensitive 2: with one table the key is 1's bit
    // for every row, so t's candidates are all rows still ungrouped but t. p = 2 pairs 0-5, 1-6,
    // 2-7, 3-8, 4-9 (distance 0 everywhere, ties to the lower row, 1-4 conflict with 0 on 2): the
    // queries see 9, 7, 5, 3 and 1 candidates, 5 on average.
    const lines = Array.from({ length: 10 }, (_, r) => (r < 5 ? '1 2' : '1'));
    const dataset = parseText(lines.join('\n') + '\n', { fileName: 'lsh.dat' }).dataset;
    const { record, release } = runMethod(dataset, {
      method: 'lsh',
      params: { p: 2, w: 32, B: 1 },
      seed: 1,
      sensitive: { items: ['2'] },
      metrics: [],
    });
    expect(record.notes['candidates per query (mean)']).toBe(5);
    expect(record.notes['exact-search fallbacks']).toBe(0);
    expect((release as GroupsRelease).groups.start).toHaveLength(5 + 1);
  });
});

describe('Reverse Cuthill-McKee on the row graph', () => {
  /** RCM as Sec. 5.1 describes it, on the explicit adjacency of A x A^T (the reference). */
  function rcmByAdjacency(rows: SensitiveRows, degreeOf?: (r: number) => number): number[] {
    const n = rows.dataset.n;
    const adjacent = Array.from({ length: n }, (_, r) =>
      Array.from({ length: n }, (_, u) => u).filter(
        (u) => u !== r && rows.qid(r).some((i) => rows.qid(u).includes(i)),
      ),
    );
    const degree = adjacent.map((a, r) => (degreeOf ? degreeOf(r) : a.length));
    const byDegree = (a: number, b: number) => degree[a] - degree[b] || a - b;
    const levels = (v: number) => {
      const level = new Array<number>(n).fill(-1);
      level[v] = 0;
      const queue = [v];
      for (let head = 0; head < queue.length; head++)
        for (const u of adjacent[queue[head]])
          if (level[u] < 0) {
            level[u] = level[queue[head]] + 1;
            queue.push(u);
          }
      const eccentricity = level[queue[queue.length - 1]];
      return { last: queue.filter((r) => level[r] === eccentricity), eccentricity };
    };
    const placed = new Array<boolean>(n).fill(false);
    const order: number[] = [];
    for (const seed of [...Array(n).keys()].sort(byDegree)) {
      if (placed[seed]) continue;
      let v = seed;
      let { last, eccentricity } = levels(v);
      for (let round = 0; round < 4; round++) {
        const u = [...last].sort(byDegree)[0];
        if (u === v) break;
        const next = levels(u);
        if (next.eccentricity <= eccentricity) break;
        [v, last, eccentricity] = [u, next.last, next.eccentricity];
      }
      placed[v] = true;
      const queue = [v];
      for (let head = 0; head < queue.length; head++) {
        const found = adjacent[queue[head]].filter((u) => !placed[u]).sort(byDegree);
        for (const u of found) placed[u] = true;
        queue.push(...found);
      }
      order.push(...queue);
    }
    return order.reverse();
  }

  /** Random rows with item 0 (when present) sensitive. */
  const firstItemSensitive = (rowsIn: number[][]) => {
    const dataset = datasetOf(rowsIn);
    return new SensitiveRows(
      dataset,
      [0].filter((i) => i < dataset.d),
    );
  };

  it('reads each item list once per search and gives the order of the explicit graph (property)', async () => {
    const { reverseCuthillMcKee } = await import('../src/core/methods/shared/p-degree/rcm.ts');
    fc.assert(
      fc.property(arbitraryRows(10, 30, 5), (rowsIn) => {
        const rows = firstItemSensitive(rowsIn);
        const { order, edges } = reverseCuthillMcKee(rows);
        expect(order).toEqual(rcmByAdjacency(rows));
        const pairs = order.length;
        expect(edges).toBe(
          rowsIn.reduce(
            (sum, _, r) =>
              sum +
              [...Array(pairs).keys()].filter(
                (u) => u > r && rows.qid(r).some((i) => rows.qid(u).includes(i)),
              ).length,
            0,
          ),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('past the degree budget, degrees are bounded by the item supports and the order follows them (property)', async () => {
    const { reverseCuthillMcKee } = await import('../src/core/methods/shared/p-degree/rcm.ts');
    fc.assert(
      fc.property(arbitraryRows(10, 30, 5), (rowsIn) => {
        const rows = firstItemSensitive(rowsIn);
        const dataset = rows.dataset;
        const support = (item: number) => rowsIn.filter((_, r) => rows.qid(r).includes(item)).length;
        const bound = (r: number) =>
          Math.min(
            dataset.n - 1,
            [...rows.qid(r)].reduce((sum, item) => sum + support(item) - 1, 0),
          );
        const result = reverseCuthillMcKee(rows, 4, 0);
        const multiItem = rowsIn.some((_, r) => rows.qid(r).length > 1);
        expect(result.exactDegrees).toBe(!multiItem);
        expect(result.order).toEqual(rcmByAdjacency(rows, result.exactDegrees ? undefined : bound));
      }),
      { numRuns: 200 },
    );
  });

  it('orders a component of 200,000 rows (no call stack or argument limit)', async () => {
    const { reverseCuthillMcKee } = await import('../src/core/methods/shared/p-degree/rcm.ts');
    const text = Array.from({ length: 200_000 }, (_, r) => `1 ${2 + (r % 50)}`).join('\n') + '\n';
    const dataset = parseText(text, { fileName: 'star.dat' }).dataset;
    const rows = new SensitiveRows(dataset, []);
    const { order, components, exactDegrees } = reverseCuthillMcKee(rows);
    expect(components).toBe(1);
    expect(exactDegrees).toBe(false);
    expect(new Set(order).size).toBe(200_000);
  });
});

const METHODS = ['gray-cahd', 'rcm-cahd', 'nn', 'lsh', 'perm-mondrian', 'anatomy'];

describe('p-degree methods on random data (property)', () => {
  for (const method of METHODS) {
    it(`${method}: the release verifies (degree >= p, every row once) or p is reported infeasible`, () => {
      fc.assert(
        fc.property(
          arbitraryRows(25, 60, 8),
          fc.integer({ min: 2, max: 6 }),
          fc.integer({ min: 1, max: 4 }),
          fc.nat(100),
          (rowsIn, p, m, seed) => {
            const dataset = datasetOf(rowsIn);
            if (dataset.d < m) return;
            try {
              const { record, release, audit } = runMethod(dataset, {
                method,
                params: { p },
                seed,
                sensitive: { random: m },
                metrics: ['kl', 'avgre'],
              });
              expect(record.verified).toBe(true);
              if (!('groups' in audit) || release.kind !== 'groups') throw new Error('expected groups');
              expect([...audit.groups.items].sort((a, b) => a - b)).toEqual(
                Array.from({ length: dataset.n }, (_, r) => r),
              );
              expect(record.metrics.kl).toBeGreaterThanOrEqual(0);
            } catch (error) {
              expect(String(error)).toMatch(/Theorem 1/);
            }
          },
        ),
        { numRuns: 80 },
      );
    });
  }
});
