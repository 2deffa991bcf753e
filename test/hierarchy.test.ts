/** Hierarchy files (DESIGN.md sec. 7): parsing with every error by line, building, writing, binding. */
import { describe, expect, it } from 'vitest';
import { parseHierarchy } from '../src/core/data/hierarchy/parseHierarchy.ts';
import {
  balancedHierarchy,
  buildHierarchy,
  orderedItems,
} from '../src/core/data/hierarchy/buildHierarchy.ts';
import { serializeHierarchy } from '../src/core/data/hierarchy/serializeHierarchy.ts';
import { bindHierarchy, itemCount, nodeLabel } from '../src/core/data/hierarchy/rangeTree.ts';
import { ancestorsOf, depthOf, nodeIndex, type Hierarchy } from '../src/core/data/hierarchy/hierarchy.ts';
import { hierarchyView } from '../src/core/data/hierarchy/treeView.ts';
import { DatasetBuilder } from '../src/core/data/datasetBuilder.ts';
import { errorOf } from './helpers.ts';
import { GROCERY } from './hierarchyFixtures.ts';

function tokensDataset(rows: string[][], name = 'basket.csv') {
  const builder = new DatasetBuilder();
  for (const row of rows) builder.addTokens(row);
  return builder.build(name, 'csv-basket');
}

/** The path of each item, item first, as labels. */
const paths = (h: Hierarchy) =>
  Array.from({ length: h.items }, (_, item) => [item, ...ancestorsOf(h, item)].map((n) => h.labels[n]));

describe('parseHierarchy', () => {
  it('reads items, categories and parents; an adjacent repeat is one node (ARX identity step)', () => {
    const h = parseHierarchy(GROCERY, 'g.csv');
    expect(h.items).toBe(7);
    expect(h.height).toBe(4);
    expect(paths(h)).toEqual([
      ['whole milk', 'milk', 'dairy', 'food'],
      ['skim milk', 'milk', 'dairy', 'food'],
      ['butter', 'dairy', 'food'],
      ['rolls', 'bread', 'bakery', 'food'],
      ['white bread', 'bread', 'bakery', 'food'],
      ['beer', 'alcohol', 'drinks', 'food'],
      ['wine', 'alcohol', 'drinks', 'food'],
    ]);
    expect(h.labels[h.root]).toBe('food');
    expect(h.lines![nodeIndex(h).get('bakery')!]).toBe(4);
  });

  it('honours quoting, trims blanks, skips blank lines, and takes commas when a file has no semicolon', () => {
    const h = parseHierarchy('"a;b" ; x ; *\n\n c ; x ; *\n');
    expect(paths(h)).toEqual([
      ['a;b', 'x', '*'],
      ['c', 'x', '*'],
    ]);
    expect(paths(parseHierarchy('a,x,*\nb,y,*\n'))).toEqual([
      ['a', 'x', '*'],
      ['b', 'y', '*'],
    ]);
  });

  const cases: [string, string, number, number, RegExp][] = [
    [
      'a single field',
      'a;x;*\nb\n',
      2,
      1,
      /item 'b' has no root: expected item;level1;...;root \(one path a line\) or item,parent/,
    ],
    [
      'a line of one field first',
      'a\n',
      1,
      1,
      /expected item;level1;...;root \(one path a line\) or item,parent \(one edge a line\)/,
    ],
    [
      'an edge file with a lone name',
      'beer,alcohol\nwine\n',
      2,
      1,
      /item 'wine' has no root: expected .* or item,parent/,
    ],
    [
      'an edge given twice with two parents',
      'beer,alcohol\nbeer,drinks\n',
      2,
      6,
      /node 'beer' has two parents: 'drinks' here and 'alcohol' on line 1/,
    ],
    ['edges in a cycle', 'a,b\nb,c\nc,a\nd,e\n', 1, 1, /its own ancestor: the edges form a cycle/],
    ['an empty name', 'a;x;*\nb;;*\n', 2, 3, /empty name at level 1 of item 'b'/],
    ['an empty item', 'a;x;*\n;x;*\n', 2, 1, /empty item name/],
    ['an item twice', 'a;x;*\nb;x;*\na;y;*\n', 3, 1, /item 'a' appears twice \(first on line 1\)/],
    [
      'a node with two parents',
      'a;x;p;*\nb;x;q;*\n',
      2,
      3,
      /node 'x' has two parents: 'q' here and 'p' on line 1/,
    ],
    ['two roots', 'a;x;*\nb;y;ALL\n', 2, 5, /root 'ALL' of item 'b' differs from root '\*' of line 1/],
    ['an item used as a category', 'a;x;*\nb;a;*\n', 2, 3, /'a' is a category here and an item on line 1/],
    ['a category used as an item', 'a;x;*\nx;y;*\n', 2, 1, /'x' is an item here and a category on line 1/],
    ['a name twice on one path', 'a;x;y;x;*\n', 1, 7, /'x' appears twice on the path of item 'a'/],
  ];
  for (const [what, text, line, column, reason] of cases) {
    it(`names the line and item: ${what}`, () => {
      const error = errorOf(() => parseHierarchy(text, 'h.csv'));
      expect(error.file).toBe('h.csv');
      expect([error.line, error.column]).toEqual([line, column]);
      expect(error.reason).toMatch(reason);
    });
  }

  it('an empty file is an error, and a quote left open names its line', () => {
    expect(errorOf(() => parseHierarchy('\n\n', 'h.csv')).reason).toMatch(/empty/);
    expect(errorOf(() => parseHierarchy('a;x;*\n"b;x;*\n', 'h.csv')).line).toBe(2);
  });
});

describe('buildHierarchy', () => {
  const dataset = tokensDataset([
    ['pear', 'Apple', 'fig'],
    ['fig', 'date'],
    ['fig', 'banana', 'date'],
  ]);

  it('orders items by id, alphabetically (case-insensitive) or by support', () => {
    const tokens = (order: 'id' | 'alphabetical' | 'support') =>
      orderedItems(dataset, order).map((i) => dataset.dictionary.token(i));
    expect(tokens('id')).toEqual(['pear', 'Apple', 'fig', 'date', 'banana']);
    expect(tokens('alphabetical')).toEqual(['Apple', 'banana', 'date', 'fig', 'pear']);
    expect(tokens('support')).toEqual(['fig', 'date', 'pear', 'Apple', 'banana']);
    const h = buildHierarchy(dataset, 2, 'alphabetical');
    expect(paths(h)[0]).toEqual(['Apple', '(Apple,banana)', '(Apple..pear)']);
  });

  it('groups f nodes a level; a lone last node joins its neighbours; all paths one length', () => {
    for (const [d, f, height] of [
      [1, 2, 2],
      [2, 2, 2],
      [7, 3, 3],
      [25, 5, 3],
      [26, 5, 3],
      [27, 5, 3],
      [126, 5, 4],
      [1000, 10, 4],
    ]) {
      const items = Array.from({ length: d }, (_, i) => `i${i}`);
      const h = balancedHierarchy(items, f);
      expect(h.height).toBe(height);
      const depths = Array.from({ length: d }, (_, item) => depthOf(h, item));
      expect(new Set(depths)).toEqual(new Set([height - 1]));
      const children = new Map<number, number>();
      for (let node = 0; node < h.parent.length; node++)
        if (h.parent[node] >= 0) children.set(h.parent[node], (children.get(h.parent[node]) ?? 0) + 1);
      for (const [, count] of children) {
        if (d > 1) expect(count).toBeGreaterThanOrEqual(2);
        expect(count).toBeLessThanOrEqual(f + 1);
      }
    }
    const h = balancedHierarchy(['a', 'b', 'c', 'd', 'e', 'f', 'g'], 3);
    // 7 items, fan-out 3: {a,b,c} {d,e,f,g} (g joined), then the root over both.
    expect(paths(h).map((p) => p[1])).toEqual([
      '(a..c)',
      '(a..c)',
      '(a..c)',
      '(d..g)',
      '(d..g)',
      '(d..g)',
      '(d..g)',
    ]);
  });

  it('keeps labels unique when an item is spelled like a range', () => {
    const h = balancedHierarchy(['a', 'b', '(a,b)'], 2);
    expect(new Set(h.labels).size).toBe(h.labels.length);
  });
});

describe('serializeHierarchy', () => {
  it('writes the file back: parse(serialize(h)) is h, identity steps and quoting included', () => {
    for (const text of [GROCERY, '"a;b";x;*\nc;c;*\n', 'solo;solo\n']) {
      const h = parseHierarchy(text);
      expect(paths(parseHierarchy(serializeHierarchy(h)))).toEqual(paths(h));
    }
    const built = balancedHierarchy(['x', 'y', 'z'], 2);
    expect(paths(parseHierarchy(serializeHierarchy(built)))).toEqual(paths(built));
    expect(serializeHierarchy(built)).toBe('x;(x..z)\ny;(x..z)\nz;(x..z)\n');
  });
});

describe('bindHierarchy', () => {
  it('lays the data items out depth-first; one-child categories merge; absent items are reported', () => {
    const dataset = tokensDataset([
      ['beer', 'whole milk'],
      ['rolls', 'skim milk', 'butter'],
    ]);
    const { tree, absent } = bindHierarchy(parseHierarchy(GROCERY), dataset);
    expect(absent).toEqual(['white bread', 'wine']);
    const positions = Array.from(tree.itemAt, (item) => dataset.dictionary.token(item));
    expect(positions).toEqual(['whole milk', 'skim milk', 'butter', 'rolls', 'beer']);
    // bread and bakery hold only rolls, drinks and alcohol only beer: they merge into the item.
    const categories = Array.from({ length: tree.parent.length - tree.d }, (_, i) => tree.d + i);
    expect(categories.map((n) => `${nodeLabel(tree, n)}:${itemCount(tree, n)}`).sort()).toEqual([
      'dairy:3',
      'food:5',
      'milk:2',
    ]);
    expect(nodeLabel(tree, tree.root)).toBe('food');
  });

  it('a data item that is a category is an error naming it; items the file does not name stay apart, under a new root', () => {
    const dataset = tokensDataset([['beer'], ['cola', 'beer'], ['dairy']], 'b.csv');
    expect(() => bindHierarchy(parseHierarchy(GROCERY), dataset, 'g.csv')).toThrow(
      /1 item\(s\) of b.csv are categories in g.csv, not items: 'dairy' \(first in transaction 3\) on line 1/,
    );
    const partial = tokensDataset([['beer'], ['cola', 'beer'], ['wine']], 'b.csv');
    const { tree, unnamed } = bindHierarchy(parseHierarchy(GROCERY), partial, 'g.csv');
    expect(unnamed).toEqual(['cola']);
    const cola = tree.positionOf[partial.dictionary.find('cola')!];
    expect(tree.parent[cola]).toBe(tree.root);
    expect(tree.hierarchy.labels[tree.source[tree.root]]).toBe('*');
    // The file's own categories stand for its items only: beer and wine's category (the chain
    // food > drinks > alcohol over them merges into its lowest name) is not cola's.
    const drinks = tree.parent[tree.positionOf[partial.dictionary.find('beer')!]];
    expect(tree.hierarchy.labels[tree.source[drinks]]).toBe('alcohol');
    expect(tree.parent[drinks]).toBe(tree.root);
  });

  it('paths may differ in length (DESIGN.md sec. 7)', () => {
    const h = parseHierarchy('a;x;*\nb;y;z;*\nc;*\n', 'h.csv');
    const index = nodeIndex(h);
    expect(h.labels[h.parent[index.get('c')!]]).toBe('*');
    expect(h.labels[h.parent[index.get('b')!]]).toBe('y');
    expect(h.height).toBe(4);
  });

  it('item,parent edges, a header optional; several tops go under a new root *', () => {
    const edges = parseHierarchy(
      'item,parent\nbeer,alcohol\nwine,alcohol\nalcohol,drinks\ncola,drinks\n',
      'e.csv',
    );
    expect(edges.labels.slice(0, edges.items)).toEqual(['beer', 'wine', 'cola']);
    expect(edges.labels[edges.root]).toBe('drinks');
    expect(edges.labels[edges.parent[nodeIndex(edges).get('beer')!]]).toBe('alcohol');
    // As paths, the same tree.
    const paths = parseHierarchy('beer;alcohol;drinks\nwine;alcohol;drinks\ncola;drinks\n', 'p.csv');
    expect(serializeHierarchy(edges)).toBe(serializeHierarchy(paths));
    const tops = parseHierarchy('beer,alcohol\nmilk,dairy\n', 'e.csv');
    expect(tops.labels[tops.root]).toBe('*');
    expect(tops.labels.slice(tops.items).sort()).toEqual(['*', 'alcohol', 'dairy']);
  });

  it('the tree view counts items and supports per node, absent items with none', () => {
    const dataset = tokensDataset([['beer', 'whole milk'], ['skim milk', 'whole milk'], ['butter']]);
    const view = hierarchyView(parseHierarchy(GROCERY), dataset);
    expect(view.root).toMatchObject({ name: 'food', items: 4, support: 3 });
    const dairy = view.root.children![0];
    expect(dairy).toMatchObject({ name: 'dairy', items: 3, support: 3 });
    expect(dairy.children![0]).toMatchObject({ name: 'milk', items: 2, support: 2 });
    expect(view.absentCount).toBe(3);
    expect(view.absent).toEqual(['rolls', 'white bread', 'wine']);
    expect([view.items, view.categories, view.height]).toEqual([7, 7, 4]);
  });
});
