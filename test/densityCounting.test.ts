/**
 * Issue 31: the counting structures that let k^m, PTA and multi-anatomy run on dense data, against
 * plain definitions: pair counts one first id at a time (exact, in the orders their callers need),
 * tid-lists, chunked lists (no copy as they grow, a check before each chunk), the Hamming matrix
 * from the members' tid-lists, PTA's sliding majority vote, apriori-km's rare itemsets of a cut,
 * and the memory check's message.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachFirst, holdersOf, PairCountsByFirst } from '../src/core/data/pairsByFirst.ts';
import { ChunkedU32 } from '../src/core/data/chunkedU32.ts';
import { hammingMatrix, rowHamming } from '../src/core/data/rowDistance.ts';
import { candidateGroups } from '../src/core/methods/pta/mapAndVote.ts';
import { budgetMbFor, checkMemory, diskUnit, MIB_UNIT, pastLimit } from '../src/core/base/memoryBudget.ts';
import { InputError } from '../src/core/base/errors.ts';
import { parseHierarchy } from '../src/core/data/hierarchy/parseHierarchy.ts';
import { bindHierarchy } from '../src/core/data/hierarchy/rangeTree.ts';
import { Cut } from '../src/core/methods/apriori-km/cut.ts';
import { NodeSupport } from '../src/core/methods/apriori-km/nodeSupport.ts';
import { rareItemsets } from '../src/core/methods/apriori-km/rareItemsets.ts';
import { arbitraryRows, datasetOf } from './helpers.ts';
import type { Dataset } from '../src/core/data/dataset.ts';
import { diveFrom } from '../src/core/methods/patternka/greedyDive.ts';
import { DivePrefixes } from '../src/core/methods/patternka/divePrefixes.ts';
import { arbitraryHierarchy } from './hierarchyFixtures.ts';

/** Rows of ascending distinct ids below d, as CSR. */
function csr(rows: number[][]): { offsets: Uint32Array; ids: Uint32Array } {
  const sorted = rows.map((r) => [...new Set(r)].sort((a, b) => a - b));
  const offsets = new Uint32Array(sorted.length + 1);
  sorted.forEach((r, i) => (offsets[i + 1] = offsets[i] + r.length));
  return { offsets, ids: Uint32Array.from(sorted.flat()) };
}

/** Pair counts by brute force: key `a,b` (a < b). */
function plainPairs(rows: number[][]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const r = [...new Set(row)].sort((a, b) => a - b);
    for (let i = 0; i < r.length; i++)
      for (let j = i + 1; j < r.length; j++)
        counts.set(`${r[i]},${r[j]}`, (counts.get(`${r[i]},${r[j]}`) ?? 0) + 1);
  }
  return counts;
}

describe('pair counts one first id at a time (data/pairsByFirst.ts)', () => {
  it('tid-lists: each id lists the rows that hold it, ascending', () => {
    fc.assert(
      fc.property(arbitraryRows(12, 30, 8), (rows) => {
        const holders = holdersOf(csr(rows), 12);
        for (let a = 0; a < 12; a++) {
          const expected = rows.flatMap((row, r) => (row.includes(a) ? [r] : []));
          expect(Array.from(holders.rows.subarray(holders.offsets[a], holders.offsets[a + 1]))).toEqual(
            expected,
          );
        }
      }),
    );
  });

  it('every pair counted exactly; takeRare gives the pairs below k ascending, takeMet every pair ascending (property)', () => {
    fc.assert(
      fc.property(
        arbitraryRows(15, 40, 14),
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        (rows, k, tracked) => {
          const d = 15;
          const plain = plainPairs(rows);
          const rowsCsr = csr(rows);
          const counter = new PairCountsByFirst(d);
          const rare: string[] = [];
          const all: string[] = [];
          forEachFirst(
            rowsCsr,
            holdersOf(rowsCsr, d),
            counter,
            (a, c) => {
              if (tracked) c.takeMet((b, count) => all.push(`${a},${b}:${count}`));
              else c.takeRare(a, k, (b, count) => void rare.push(`${a},${b}:${count}`));
            },
            tracked,
          );
          // Every count is left zero for the next use.
          expect(counter.counts.every((c) => c === 0)).toBe(true);
          const sortedKeys = [...plain.keys()].sort((x, y) => {
            const [a1, b1] = x.split(',').map(Number);
            const [a2, b2] = y.split(',').map(Number);
            return a1 - a2 || b1 - b2;
          });
          if (tracked) expect(all).toEqual(sortedKeys.map((key) => `${key}:${plain.get(key)}`));
          else
            expect(rare).toEqual(
              sortedKeys.filter((key) => plain.get(key)! < k).map((key) => `${key}:${plain.get(key)}`),
            );
        },
      ),
    );
  });

  it('tracked adds list the ids in the order first met; a visit returning false ends the walk', () => {
    const counter = new PairCountsByFirst(10);
    counter.addTracked([7, 3, 9], 0, 3);
    counter.addTracked([3, 5], 0, 2);
    expect(Array.from(counter.met.subarray(0, counter.metCount))).toEqual([7, 3, 9, 5]);
    expect(counter.counts[3]).toBe(2);
    counter.clearMet();
    expect(counter.counts.every((c) => c === 0)).toBe(true);
    const rows = csr([
      [0, 1],
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    const firsts: number[] = [];
    forEachFirst(rows, holdersOf(rows, 4), new PairCountsByFirst(4), (a, c) => {
      firsts.push(a);
      c.takeRare(a, 5, () => {});
      return a < 1;
    });
    expect(firsts).toEqual([0, 1]);
  });

  it('addMapped counts mapped ids, equal neighbours once, at the edges of the id range', () => {
    const counter = new PairCountsByFirst(3);
    // Positions 0..5 under a cut of three nodes: [0, 1] -> 0, [2, 3, 4] -> 1, [5] -> 2.
    const map = Int32Array.from([0, 0, 1, 1, 1, 2]);
    counter.addMapped([0, 1, 2, 4, 5], 0, 5, map);
    expect(Array.from(counter.counts)).toEqual([1, 1, 1]);
    counter.addMapped([3, 4], 0, 2, map);
    expect(Array.from(counter.counts)).toEqual([1, 2, 1]);
    const seen: number[] = [];
    counter.takeRare(-1, 2, (b) => void seen.push(b)); // every id above -1 with a count below 2
    expect(seen).toEqual([0, 2]);
    expect(Array.from(counter.counts)).toEqual([0, 0, 0]);
  });
});

describe('ChunkedU32', () => {
  it('keeps every value across chunk edges, asks before each chunk, and stops when the check throws', () => {
    const asked: number[] = [];
    const list = new ChunkedU32((bytes) => asked.push(bytes));
    const n = (1 << 20) + 3;
    for (let i = 0; i < n; i++) list.push(i * 7);
    expect(list.length).toBe(n);
    expect([list.get(0), list.get((1 << 20) - 1), list.get(1 << 20), list.get(n - 1)]).toEqual([
      0,
      ((1 << 20) - 1) * 7,
      (1 << 20) * 7,
      (n - 1) * 7,
    ]);
    list.set(1 << 20, 5);
    expect(list.get(1 << 20)).toBe(5);
    expect(asked).toEqual([4 << 20, 8 << 20]);
    expect(list.toArray().length).toBe(n);
    expect(list.toArray()[n - 1]).toBe((n - 1) * 7);
    const refusing = new ChunkedU32((bytes) => {
      if (bytes > 4 << 20) throw new InputError('too much');
    });
    for (let i = 0; i < 1 << 20; i++) refusing.push(i);
    expect(() => refusing.push(1)).toThrow('too much');
    expect(refusing.length).toBe(1 << 20);
  });
});

describe('Hamming distances of a set of rows from their tid-lists (rowDistance.ts)', () => {
  it('equal rowHamming for every pair, and leave the slot scratch as it was (property)', () => {
    fc.assert(
      fc.property(arbitraryRows(30, 25, 12), fc.boolean(), (rows, withBits) => {
        const dataset = datasetOf(rows, withBits ? undefined : 0);
        const members = Array.from({ length: dataset.n }, (_, r) => r).filter((r) => r % 3 !== 1);
        const s = members.length;
        const out = new Int32Array(s * s).fill(99);
        const slots = new Int32Array(dataset.d).fill(-1);
        hammingMatrix(dataset, dataset.d, members, out, slots);
        for (let i = 0; i < s; i++)
          for (let j = 0; j < s; j++)
            expect(out[i * s + j]).toBe(i === j ? 0 : rowHamming(dataset, members[i], members[j]));
        expect(slots.every((x) => x === -1)).toBe(true);
      }),
    );
  });
});

describe("PTA's majority vote over a sliding window (mapAndVote.ts)", () => {
  it('gives each candidate group the centre and IL of a plain vote over its members (property)', () => {
    fc.assert(
      fc.property(arbitraryRows(12, 30, 8), fc.integer({ min: 2, max: 9 }), (rows, k) => {
        if (rows.length < k) return;
        const path = rows.map((_, i) => (i * 7) % rows.length);
        if (new Set(path).size !== rows.length) return;
        const items = rows.map((r) => [...new Set(r)].sort((a, b) => a - b));
        const distance = (a: number, b: number) =>
          new Set([...items[a], ...items[b]]).size * 2 - items[a].length - items[b].length;
        const groups = candidateGroups(path, k, (m) => items[m], distance, 12);
        for (const group of groups) {
          expect(group.members).toHaveLength(k);
          const votes = new Map<number, number>();
          for (const m of group.members) for (const x of items[m]) votes.set(x, (votes.get(x) ?? 0) + 1);
          const center = [...votes]
            .filter(([, c]) => c > k / 2)
            .map(([x]) => x)
            .sort((a, b) => a - b);
          expect(group.center).toEqual(center);
          let il = 0;
          for (const m of group.members)
            il += new Set([...items[m], ...center]).size * 2 - items[m].length - center.length;
          expect(group.il).toBe(il);
        }
      }),
    );
  });
});

describe("apriori-km's rare itemsets of a cut (rareItemsets.ts)", () => {
  it('are the itemsets of the rows as the cut publishes them below k, in order of their nodes (property)', () => {
    fc.assert(
      fc.property(
        arbitraryRows(10, 25, 6),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.nat(),
        fc.array(fc.nat(), { maxLength: 3 }),
        (rows, k, size, seed, lifts) => {
          const dataset = datasetOf(rows);
          if (dataset.d === 0) return;
          const h = fc.sample(arbitraryHierarchy(dataset.dictionary.tokens), { seed, numRuns: 1 })[0];
          const { tree } = bindHierarchy(parseHierarchy(h), dataset);
          const supports = new NodeSupport(dataset, tree);
          const cut = new Cut(tree, (node) => supports.occurrences(node));
          // A cut with categories in it: their numbers come after every item's.
          const categories = tree.parent.length - tree.d;
          for (const x of categories > 0 ? lifts : []) {
            const node = tree.d + (x % categories);
            const over = cut.at[tree.low[node]]; // lifted above already: the cut stays as it is
            if (tree.high[over] - tree.low[over] <= tree.high[node] - tree.low[node]) cut.lift(node);
          }
          const found = rareItemsets(dataset, supports, cut, tree.parent.length, size, k);
          const counts = new Map<string, number>();
          for (let r = 0; r < dataset.n; r++) {
            const nodes = [...new Set(Array.from(dataset.row(r), (i) => cut.at[tree.positionOf[i]]))].sort(
              (a, b) => tree.low[a] - tree.low[b],
            );
            const walk = (start: number, chosen: number[]) => {
              if (chosen.length === size)
                counts.set(chosen.join(','), (counts.get(chosen.join(',')) ?? 0) + 1);
              else for (let i = start; i < nodes.length; i++) walk(i + 1, [...chosen, nodes[i]]);
            };
            walk(0, []);
          }
          const expected = [...counts]
            .filter(([, c]) => c < k)
            .map(([key, c]) => [...key.split(',').map(Number), c])
            .sort((a, b) => a.reduce((d, x, i) => d || x - b[i], 0));
          const got = Array.from({ length: found.count }, (_, v) => [
            ...Array.from({ length: size }, (_, j) => found.node(v, j)),
            found.support(v),
          ]);
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a count that would pass the memory budget refuses before it is made, naming a setting that fits', () => {
    const rows = Array.from({ length: 40 }, (_, r) =>
      Array.from({ length: 12 }, (_, j) => (r * 5 + j * 3) % 30),
    );
    const dataset = datasetOf(rows);
    const h = parseHierarchy(dataset.dictionary.tokens.map((t) => `${t};*`).join('\n'));
    const { tree } = bindHierarchy(h, dataset);
    const supports = new NodeSupport(dataset, tree);
    const cut = new Cut(tree, (node) => supports.occurrences(node));
    const check = (bytes: number, what: string, alternative?: string) =>
      checkMemory(bytes, 1000, what, alternative);
    expect(() => rareItemsets(dataset, supports, cut, tree.parent.length, 3, 2, check)).toThrow(
      /3-itemsets .* needs about .*, above the memory budget of 0\.00095 MiB; m = 2, or a memory budget of 100 MiB \(--memory-mb 100\) would fit/,
    );
  });
});

describe('the memory check (base/memoryBudget.ts)', () => {
  it('passes within the budget and names a budget that fits, rounded up to 100 MiB, past it', () => {
    expect(() => checkMemory(1000, 1000, 'x')).not.toThrow();
    expect(budgetMbFor(5.1e9)).toBe(4900);
    expect(budgetMbFor(1)).toBe(100);
    expect(() => checkMemory(5.1e9, 1024 ** 3, 'the pair counts of 17,770 items at m = 3', 'm = 2')).toThrow(
      'the pair counts of 17,770 items at m = 3 needs about 4,863.8 MiB, above the memory budget of 1,024 MiB; m = 2, or a memory budget of 4900 MiB (--memory-mb 4900) would fit',
    );
  });

  it('says the need and the budget in one unit, the need always larger: never "16.8 MB, above 16.8 MB"', () => {
    // apriori-km on groceries at --memory-mb 16 read "needs about 16.8 MB, above the memory budget
    // of 16.8 MB": 16,800,000 bytes in MB against 16 MiB (16,777,216 bytes) in MB.
    expect(() => checkMemory(16_800_000, 16 * 2 ** 20, 'x')).toThrow(
      'x needs about 16.1 MiB, above the memory budget of 16 MiB;',
    );
    expect(pastLimit(16 * 2 ** 20 + 1, 16 * 2 ** 20, MIB_UNIT)).toEqual({
      need: '16.1 MiB',
      limit: '16 MiB',
    });
    expect(pastLimit(1_000_001, 1_000_000, MIB_UNIT)).toEqual({ need: '0.96 MiB', limit: '0.95 MiB' });
    expect(pastLimit(5.1e9, 4.9e9, diskUnit(5.1e9))).toEqual({ need: '5.1 GB', limit: '4.9 GB' });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.integer({ min: 1, max: 2 ** 20 }),
        (limit, over) => {
          const shown = pastLimit(limit + over, limit, MIB_UNIT);
          const value = (text: string) => Number(text.replace(/[^\d.]/g, ''));
          expect(value(shown.need)).toBeGreaterThan(value(shown.limit));
          expect(value(shown.need) * 2 ** 20).toBeGreaterThanOrEqual(limit + over);
          expect(value(shown.limit) * 2 ** 20).toBeLessThanOrEqual(limit);
        },
      ),
    );
  });
});

describe("PatternKa's greedy dive (greedyDive.ts, divePrefixes.ts)", () => {
  /** The dive as written before: recount at every step, ties to the item met first. */
  function plainDive(dataset: Dataset, rows: number[], taken: Uint8Array, minSupport: number) {
    let current = rows;
    for (;;) {
      const counts = new Map<number, number>();
      for (const r of current)
        for (const item of dataset.row(r)) counts.set(item, (counts.get(item) ?? 0) + 1);
      let best = -1;
      for (const [item, count] of counts)
        if (taken[item] === 0 && count >= minSupport && (best < 0 || count > counts.get(best)!)) best = item;
      if (best < 0)
        return {
          items: [...counts]
            .filter(([, c]) => c === current.length)
            .map(([i]) => i)
            .sort((a, b) => a - b),
          rows: current,
        };
      taken[best] = 1;
      current = current.filter((r) => Array.from(dataset.row(r)).includes(best));
    }
  }

  it('reaches the pattern of a plain dive, with and without kept steps, as groups are removed (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 7 }), {
          minLength: 4,
          maxLength: 60,
        }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        (rows, minSupport, removals) => {
          const dataset = datasetOf(rows);
          // Keep every level (one row is enough) so that the kept steps are exercised on small data.
          const prefixes = new DivePrefixes(dataset, minSupport, 1);
          const remaining = new Set(Array.from({ length: dataset.n }, (_, r) => r));
          for (let round = 0; round <= removals.length; round++) {
            const counts = new Map<number, number>();
            for (const r of remaining)
              for (const item of dataset.row(r)) counts.set(item, (counts.get(item) ?? 0) + 1);
            let first = -1;
            for (let item = 0; item < dataset.d; item++)
              if (
                (counts.get(item) ?? 0) >= minSupport &&
                (first < 0 || counts.get(item)! > counts.get(first)!)
              )
                first = item;
            if (first < 0) return;
            const firstRows = () =>
              [...remaining].sort((a, b) => a - b).filter((r) => Array.from(dataset.row(r)).includes(first));
            const taken = () => {
              const t = new Uint8Array(dataset.d);
              t[first] = 1;
              return t;
            };
            const plain = plainDive(dataset, firstRows(), taken(), minSupport);
            expect(diveFrom(dataset, first, firstRows, taken(), minSupport)).toEqual(plain);
            expect(diveFrom(dataset, first, firstRows, taken(), minSupport, prefixes)).toEqual(plain);
            // A group leaves: some of the dive's rows, as Alg. 1 removes them.
            if (round === removals.length) break;
            const gone = plain.rows.filter((_, i) => (i + removals[round]) % 3 === 0);
            for (const r of gone) remaining.delete(r);
            prefixes.remove(gone);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
