/**
 * apriori-km: Terrovitis et al.'s Apriori Anonymization over a hierarchy. The NCP of a cut computed
 * by hand; a hierarchy given as a file gives the release the same hierarchy built in code gives;
 * the fast implementation makes the choices of a plain reading of AA (every support counted from
 * the rows); on random data and random hierarchies the release verifies and generalizes to whole
 * subtrees only.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseHierarchy } from '../src/core/data/hierarchy/parseHierarchy.ts';
import { buildHierarchy } from '../src/core/data/hierarchy/buildHierarchy.ts';
import { serializeHierarchy } from '../src/core/data/hierarchy/serializeHierarchy.ts';
import { bindHierarchy, type RangeTree } from '../src/core/data/hierarchy/rangeTree.ts';
import { ancestorsOf, nodeIndex } from '../src/core/data/hierarchy/hierarchy.ts';
import { Cut } from '../src/core/methods/apriori-km/cut.ts';
import { NodeSupport } from '../src/core/methods/apriori-km/nodeSupport.ts';
import { refineCut, topDownCut } from '../src/core/methods/apriori-km/refineCut.ts';
import { PairRisk } from '../src/core/methods/apriori-km/pairRisk.ts';
import { rareItemsets } from '../src/core/methods/apriori-km/rareItemsets.ts';
import { aprioriPass } from '../src/core/methods/apriori-km/aprioriAnonymization.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { parseText } from '../src/core/data/parsers/index.ts';
import { readFileSync } from 'node:fs';
import type { Dataset } from '../src/core/data/dataset.ts';
import { DatasetBuilder } from '../src/core/data/datasetBuilder.ts';
import { arbitraryRows, datasetOf, tokenRows } from './helpers.ts';
import { arbitraryHierarchy, GROCERY } from './hierarchyFixtures.ts';

function basket(rows: string[][]): Dataset {
  const builder = new DatasetBuilder();
  for (const row of rows) builder.addTokens(row);
  return builder.build('basket.csv', 'csv-basket');
}

describe('the NCP of a cut (Terrovitis et al. Sec. 2)', () => {
  it('matches a hand computation', () => {
    // Supports: whole milk 3, skim milk 1, butter 2, rolls 2, white bread 1, beer 1 (7 items, 6 in the data).
    const dataset = basket([
      ['whole milk', 'butter', 'rolls'],
      ['whole milk', 'skim milk'],
      ['whole milk', 'white bread', 'beer'],
      ['butter', 'rolls'],
    ]);
    const { tree } = bindHierarchy(parseHierarchy(GROCERY), dataset);
    const supports = new NodeSupport(dataset, tree);
    const cut = new Cut(tree, (node) => supports.occurrences(node));
    const node = (label: string) =>
      Array.from({ length: tree.parent.length }, (_, n) => n).find(
        (n) => tree.hierarchy.labels[tree.source[n]] === label,
      )!;
    expect(cut.ncp()).toBe(0);
    // milk: 2 of the data's 6 items; its 4 occurrences cost 2/6 each. 10 occurrences in all.
    expect(cut.liftCost(node('milk'))).toBe(4 * 2);
    cut.lift(node('milk'));
    expect(cut.ncp()).toBeCloseTo((4 * 2) / 6 / 10, 12);
    // bread: rolls and white bread (bakery, over bread alone, is merged into it), 3 occurrences x 2/6.
    expect(node('bakery')).toBeUndefined();
    cut.lift(node('bread'));
    expect(cut.ncp()).toBeCloseTo((4 * 2 + 3 * 2) / 6 / 10, 12);
    // dairy over milk: 6 occurrences x 3/6 in all, of which milk's 4 x 2/6 were paid already.
    expect(cut.liftCost(node('dairy'))).toBe(6 * 3 - 4 * 2);
    cut.lift(node('dairy'));
    expect(cut.ncp()).toBeCloseTo((6 * 3 + 3 * 2) / 6 / 10, 12);
    // Everything to the root: every occurrence costs 6/6.
    cut.lift(tree.root);
    expect(cut.ncp()).toBe(1);
  });

  it('supports of node sets count each row once (a row may hold several items under a node)', () => {
    const dataset = basket([
      ['whole milk', 'skim milk', 'beer'],
      ['whole milk'],
      ['skim milk', 'wine', 'beer'],
    ]);
    const { tree } = bindHierarchy(parseHierarchy(GROCERY), dataset);
    const byLabel = (label: string) =>
      Array.from({ length: tree.parent.length }, (_, n) => n).find(
        (n) => tree.hierarchy.labels[tree.source[n]] === label,
      )!;
    // `reaches` remembers min(support, k): one k per NodeSupport.
    const count = (labels: string[]) => {
      for (let k = 1; k <= 4; k++)
        if (!new NodeSupport(dataset, tree).reaches(labels.map(byLabel), k)) return k - 1;
      return 4;
    };
    expect(count(['milk'])).toBe(3);
    expect(count(['milk', 'alcohol'])).toBe(2);
    expect(count(['whole milk', 'alcohol'])).toBe(1);
    expect(count(['whole milk', 'wine'])).toBe(0);
  });
});

describe('apriori-km with a hierarchy', () => {
  it('a hierarchy given as a file gives the same release as the same hierarchy built in code', () => {
    const rows = Array.from({ length: 60 }, (_, r) =>
      [r % 7, (r * 3) % 11, ((r * 5) % 13) + 11].filter((x, i, a) => a.indexOf(x) === i),
    );
    const dataset = datasetOf(rows);
    for (const order of ['id', 'alphabetical', 'support'] as const) {
      const built = runMethod(dataset, {
        method: 'apriori-km',
        params: { k: 4, m: 2, f: 3, order },
        seed: 2,
      });
      const file = serializeHierarchy(buildHierarchy(dataset, 3, order));
      const given = runMethod(dataset, {
        method: 'apriori-km',
        params: { k: 4, m: 2, hierarchy: file },
        seed: 2,
      });
      expect(given.release.kind).toBe('generalized');
      if (given.release.kind !== 'generalized' || built.release.kind !== 'generalized') return;
      expect(given.release.generalized).toEqual(built.release.generalized);
      expect(given.release.transactions).toEqual(built.release.transactions);
      expect(given.record.notes.NCP).toBe(built.record.notes.NCP);
      expect(built.record.notes['chosen by']).toMatch(/NCP/);
    }
  });

  it('publishes the categories of the hierarchy by name and says which measure chose them', () => {
    const rows = [
      ['whole milk', 'rolls'],
      ['skim milk', 'rolls'],
      ['whole milk', 'white bread'],
      ['skim milk', 'white bread', 'beer'],
      ['whole milk', 'rolls', 'wine'],
      ['butter', 'rolls'],
    ];
    const { release, record } = runMethod(basket(rows), {
      method: 'apriori-km',
      params: { k: 2, m: 1, hierarchy: GROCERY },
      seed: 1,
    });
    if (release.kind !== 'generalized') throw new Error('expected generalized');
    // butter (1 row) needs dairy; beer and wine need alcohol (= drinks, the same items).
    expect(release.generalized).toEqual({
      dairy: ['whole milk', 'skim milk', 'butter'],
      alcohol: ['beer', 'wine'],
    });
    expect(record.notes['chosen by']).toMatch(/least NCP/);
    expect(record.notes.NCP).toBeCloseTo((6 * 3 + 2 * 2) / 7 / 14, 5);
    expect(release.params).toEqual({ k: 2, m: 1, hierarchy: 'given' });
  });

  it('a file for part of the items: the others stay themselves, under its root', () => {
    const rows = [
      ['cola', 'beer'],
      ['cola', 'wine'],
      ['cola', 'beer'],
      ['cola', 'wine'],
    ];
    const { release, record } = runMethod(basket(rows), {
      method: 'apriori-km',
      params: { k: 2, m: 1, hierarchy: GROCERY },
      seed: 1,
    });
    if (release.kind !== 'generalized') throw new Error('expected generalized');
    expect(release.generalized).toEqual({});
    expect(record.notes['items the hierarchy does not name (under its root)']).toBe(1);
    // Edges work alike: beer and wine under alcohol, cola named nowhere.
    const edges = runMethod(basket([...rows, ['beer'], ['cola']]), {
      method: 'apriori-km',
      params: { k: 3, m: 1, hierarchy: 'beer,alcohol\nwine,alcohol\n' },
      seed: 1,
    });
    if (edges.release.kind !== 'generalized') throw new Error('expected generalized');
    expect(edges.release.generalized).toEqual({ alcohol: ['beer', 'wine'] });
    expect(() =>
      runMethod(basket([['beer']]), {
        method: 'apriori-km',
        params: { k: 2, m: 1, hierarchy: 'beer;x;*\nbeer;y;*' },
        seed: 1,
      }),
    ).toThrow(/hierarchy:2:1: item 'beer' appears twice/);
  });
});

/**
 * AA read plainly, every support counted from the rows as the cut publishes them: for each size,
 * the rare itemsets in lexicographic order of their nodes, each fixed (when still rare) by the
 * combination of ancestors of least added NCP that reaches k. The implementation must choose alike.
 */
function plainAa(dataset: Dataset, tree: RangeTree, k: number, m: number): Int32Array {
  const supports = new NodeSupport(dataset, tree);
  const cut = new Cut(tree, (node) => supports.occurrences(node));
  const rowsAs = () =>
    Array.from({ length: dataset.n }, (_, r) => [
      ...new Set(Array.from(dataset.row(r), (item) => cut.at[tree.positionOf[item]])),
    ]);
  const covers = (b: number, a: number) => tree.low[b] <= tree.low[a] && tree.high[a] <= tree.high[b];
  const supportOf = (nodes: number[]) =>
    Array.from({ length: dataset.n }, (_, r) => r).filter((r) =>
      nodes.every((x) => Array.from(dataset.row(r)).some((item) => covers(x, tree.positionOf[item]))),
    ).length;
  for (let size = 1; size <= m; size++) {
    const counts = new Map<string, number>();
    for (const row of rowsAs()) {
      const sorted = row.sort((a, b) => tree.low[a] - tree.low[b]);
      const walk = (start: number, chosen: number[]) => {
        if (chosen.length === size) {
          const key = chosen.join(',');
          counts.set(key, (counts.get(key) ?? 0) + 1);
          return;
        }
        for (let i = start; i < sorted.length; i++) walk(i + 1, [...chosen, sorted[i]]);
      };
      walk(0, []);
    }
    const rare = [...counts]
      .filter(([, c]) => c < k)
      .map(([key]) => key.split(',').map(Number))
      .sort((a, b) => a.reduce((d, x, i) => d || x - b[i], 0));
    for (const itemset of rare) {
      const current = itemset.map((x) => cut.nodeOver(x));
      if (new Set(current).size < size || supportOf(current) >= k) continue;
      const chains = current.map((x) => [
        x,
        ...(function* up() {
          for (let a = tree.parent[x]; a >= 0; a = tree.parent[a]) yield a;
        })(),
      ]);
      let best: number[] | null = null;
      let bestCost = Infinity;
      const pick = (j: number, chosen: number[]) => {
        if (j === chains.length) {
          const merged = chosen.filter(
            (a, i) => !chosen.some((b, t) => t !== i && covers(b, a) && (b !== a || t < i)),
          );
          const cost = merged.reduce((s, a) => s + cut.liftCost(a), 0);
          if (cost === 0 || cost >= bestCost) return;
          if (merged.length < size || supportOf(merged) >= k) {
            best = merged;
            bestCost = cost;
          }
          return;
        }
        for (const a of chains[j]) pick(j + 1, [...chosen, a]);
      };
      pick(0, []);
      for (const node of best ?? [tree.root]) cut.lift(node);
    }
  }
  return cut.at;
}

describe('apriori-km on random data and random hierarchies (property)', () => {
  it('makes the choices of AA read plainly', () => {
    fc.assert(
      fc.property(
        arbitraryRows(10, 25, 5),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.nat(),
        (rows, k, m, seed) => {
          const dataset = datasetOf(rows);
          if (dataset.d === 0 || rows.filter((r) => r.length > 0).length < k) return;
          const h = fc.sample(arbitraryHierarchy(dataset.dictionary.tokens), { seed, numRuns: 1 })[0];
          const { tree } = bindHierarchy(parseHierarchy(h), dataset);
          expect(Array.from(aprioriPass(dataset, tree, k, m).cut.at)).toEqual(
            Array.from(plainAa(dataset, tree, k, m)),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('verifies, keeps every row once, and generalizes only to whole subtrees of the given hierarchy', () => {
    fc.assert(
      fc.property(
        arbitraryRows(12, 40, 6).chain((rows) =>
          fc.tuple(fc.constant(rows), arbitraryHierarchy([...new Set(rows.flat())].map(String))),
        ),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.nat(10),
        ([rows, hierarchyText], k, m, seed) => {
          const dataset = datasetOf(rows);
          if (dataset.d === 0) return;
          const request = { method: 'apriori-km', params: { k, m, hierarchy: hierarchyText }, seed };
          if (rows.filter((r) => r.length > 0).length < k) {
            expect(() => runMethod(dataset, request)).toThrow(/at least k|the largest m is/);
            return;
          }
          // m is at most the longest row (checked before the method runs).
          if (m > Math.max(...rows.map((r) => r.length))) {
            expect(() => runMethod(dataset, request)).toThrow(
              /apriori-km --m \d+ is more than the longest row/,
            );
            return;
          }
          const { record, release, audit } = runMethod(dataset, { ...request, metrics: ['ul', 'avgre'] });
          expect(record.verified).toBe(true);
          if (!('rowOf' in audit) || release.kind !== 'generalized') throw new Error('expected generalized');
          expect([...audit.rowOf].sort((a, b) => a - b)).toEqual(
            Array.from({ length: dataset.n }, (_, r) => r),
          );
          const h = parseHierarchy(hierarchyText);
          const index = nodeIndex(h);
          const present = new Set(dataset.dictionary.tokens);
          for (const [label, items] of Object.entries(release.generalized)) {
            const node = index.get(label);
            expect(node).toBeDefined();
            expect(node! >= h.items).toBe(true);
            // A full subtree: exactly the data's items under the node.
            const under = h.labels
              .slice(0, h.items)
              .filter((t, item) => present.has(t) && ancestorsOf(h, item).includes(node!));
            expect([...items].sort()).toEqual(under.sort());
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** Whether every itemset of up to m published items that occurs in the rows occurs in >= k of them. */
function plainKm(rows: string[][], k: number, m: number): boolean {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const items = [...new Set(row)].sort();
    const walk = (start: number, chosen: string[]) => {
      if (chosen.length > 0) {
        const key = chosen.join('\u0000');
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      if (chosen.length === m) return;
      for (let i = start; i < items.length; i++) walk(i + 1, [...chosen, items[i]]);
    };
    walk(0, []);
  }
  return [...counts.values()].every((c) => c >= k);
}

describe('apriori-km publishes a locally minimal cut (property, issue 32)', () => {
  it('no published category can be split one level down with k^m still holding', () => {
    let categoriesTried = 0;
    fc.assert(
      fc.property(
        arbitraryRows(12, 40, 6).chain((rows) =>
          fc.tuple(fc.constant(rows), arbitraryHierarchy([...new Set(rows.flat())].map(String))),
        ),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        ([rows, hierarchyText], k, m) => {
          const dataset = datasetOf(rows);
          if (dataset.d === 0 || rows.filter((r) => r.length > 0).length < k) return;
          const { release, record } = runMethod(dataset, {
            method: 'apriori-km',
            params: { k, m, hierarchy: hierarchyText },
            seed: 1,
          });
          if (release.kind !== 'generalized') throw new Error('expected generalized');
          expect(Number(record.notes.NCP)).toBeLessThanOrEqual(
            Number(record.notes['NCP of the Apriori pass']),
          );
          const { tree } = bindHierarchy(parseHierarchy(hierarchyText), dataset);
          const nodeOf = new Map(
            Array.from({ length: tree.parent.length }, (_, n) => [tree.hierarchy.labels[tree.source[n]], n]),
          );
          const token = (p: number) => dataset.dictionary.token(tree.itemAt[p]);
          const published = new Map<string, string>(); // input item -> published token
          for (const t of dataset.dictionary.tokens) published.set(t, t);
          for (const [label, items] of Object.entries(release.generalized))
            for (const t of items) published.set(t, label);
          const inputRows = tokenRows(dataset);
          expect(
            plainKm(
              inputRows.map((row) => row.map((t) => published.get(t)!)),
              k,
              m,
            ),
          ).toBe(true);
          for (const label of Object.keys(release.generalized)) {
            categoriesTried++;
            const node = nodeOf.get(label)!;
            const split = new Map(published);
            for (let child = 0; child < tree.parent.length; child++) {
              if (tree.parent[child] !== node) continue;
              const name = child < tree.d ? token(child) : tree.hierarchy.labels[tree.source[child]];
              for (let p = tree.low[child]; p < tree.high[child]; p++) split.set(token(p), name);
            }
            expect(
              plainKm(
                inputRows.map((row) => row.map((t) => split.get(t)!)),
                k,
                m,
              ),
            ).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(categoriesTried).toBeGreaterThan(100); // the property is not vacuous
  });

  it('the refinement from the root reaches a k^m cut that no split keeps k^m (top-down)', () => {
    let splits = 0;
    fc.assert(
      fc.property(
        arbitraryRows(12, 40, 6).chain((rows) =>
          fc.tuple(fc.constant(rows), arbitraryHierarchy([...new Set(rows.flat())].map(String))),
        ),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        ([rows, hierarchyText], k, m) => {
          const dataset = datasetOf(rows);
          if (dataset.d === 0 || rows.filter((r) => r.length > 0).length < k) return;
          const { tree } = bindHierarchy(parseHierarchy(hierarchyText), dataset);
          const supports = new NodeSupport(dataset, tree);
          const { cut, refinement } = topDownCut(dataset, tree, supports, k, m);
          splits += refinement.splits;
          const nameOf = (node: number) =>
            node < tree.d
              ? dataset.dictionary.token(tree.itemAt[node])
              : tree.hierarchy.labels[tree.source[node]];
          const rowsAt = (at: Int32Array) =>
            tokenRows(dataset).map((row) =>
              row.map((t) => nameOf(at[tree.positionOf[dataset.dictionary.find(t)!]])),
            );
          expect(plainKm(rowsAt(cut.at), k, m)).toBe(true);
          for (let p = 0; p < tree.d; p = tree.high[cut.at[p]]) {
            const node = cut.at[p];
            if (node < tree.d) continue;
            const split = Int32Array.from(cut.at);
            for (let child = 0; child < tree.parent.length; child++)
              if (tree.parent[child] === node) split.fill(child, tree.low[child], tree.high[child]);
            expect(plainKm(rowsAt(split), k, m)).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(splits).toBeGreaterThan(20); // the top-down search does split (56 splits with the fixed seed)
  });

  it('pairs counted per child, skipping children without an item of a rare pair, give the same cuts (issue 31)', () => {
    let skipped = 0;
    let splits = 0;
    fc.assert(
      fc.property(
        // Few items in long rows, so that some items are in no rare pair (at density most are not).
        arbitraryRows(8, 40, 7).chain((rows) =>
          fc.tuple(fc.constant(rows), arbitraryHierarchy([...new Set(rows.flat())].map(String))),
        ),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 2, max: 3 }),
        ([rows, hierarchyText], k, m) => {
          const dataset = datasetOf(rows);
          if (dataset.d === 0 || rows.filter((r) => r.length > 0).length < k) return;
          const { tree } = bindHierarchy(parseHierarchy(hierarchyText), dataset);
          const supports = new NodeSupport(dataset, tree);
          const items = new Cut(tree, (node) => supports.occurrences(node));
          const risk = PairRisk.ofItemPairs(
            tree,
            rareItemsets(dataset, supports, items, tree.parent.length, 2, k),
          );
          skipped += tree.d - risk.count(tree);
          const reference = topDownCut(dataset, tree, supports, k, m, { byTuple: true });
          for (const counting of [{}, { risk }]) {
            const fast = topDownCut(dataset, tree, supports, k, m, counting);
            expect(Array.from(fast.cut.at)).toEqual(Array.from(reference.cut.at));
            expect(fast.refinement).toEqual(reference.refinement);
          }
          splits += reference.refinement.splits;
          // AA's cut refined: the same with either counting.
          const aa = () => aprioriPass(dataset, tree, k, m).cut;
          const slow = aa();
          const fast = aa();
          expect(refineCut(dataset, tree, fast, supports, k, m, { risk })).toEqual(
            refineCut(dataset, tree, slow, supports, k, m, { byTuple: true }),
          );
          expect(Array.from(fast.at)).toEqual(Array.from(slow.at));
        },
      ),
      { numRuns: 300 },
    );
    expect(skipped).toBeGreaterThan(50); // items in no rare pair, whose children are skipped (112)
    expect(splits).toBeGreaterThan(20);
  });
});

describe('the skip of items in no rare pair under a small memory budget (pairRisk.ts)', () => {
  it('a count of the rare item pairs past the budget counts every pair instead of refusing the run', () => {
    // groceries by support order at --memory-mb 1 verified before the skip; its count of rare item
    // pairs (lists in 4 MiB chunks) does not fit 1 MiB, and the run must not stop for a speed-up.
    const dataset = parseText(readFileSync('public/samples/groceries.csv', 'utf8'), {
      fileName: 'groceries.csv',
      format: 'csv-basket',
    }).dataset;
    const request = {
      method: 'apriori-km',
      params: { k: 5, m: 2, order: 'support' },
      seed: 1,
      metrics: [],
    };
    const small = runMethod(dataset, { ...request, memoryMb: 1 });
    const large = runMethod(dataset, request);
    expect(small.record.verified).toBe(true);
    expect(JSON.stringify(small.release)).toBe(JSON.stringify(large.release));
  });
});
