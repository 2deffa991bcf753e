/**
 * A hierarchy bound to a dataset, in the form full-subtree generalization works on (Terrovitis et
 * al., Sec. 2: generalizing an item to a node generalizes every item under it). Only the part over
 * the data's items is kept; a category with a single such child stands for the same items as that
 * child and is merged into it (the lower, more specific name stays). The data's items are laid out
 * in the hierarchy's depth-first order ("positions"), so every node covers one contiguous range of
 * positions [low, high). Nodes 0..d-1 are the items at positions 0..d-1; categories follow.
 * Items of the data that the hierarchy does not name stay themselves: they hang directly under the
 * root (a file may cover a part of the items, DESIGN.md sec. 7), and are reported. An item of the
 * data that is a category of the hierarchy is an InputError naming it; items of the hierarchy that
 * the data lacks are reported, not an error.
 */
import { InputError } from '../../base/errors.ts';
import type { Dataset } from '../dataset.ts';
import { childrenOf, nodeIndex, withItemsUnderRoot, type Hierarchy } from './hierarchy.ts';

export interface RangeTree {
  readonly hierarchy: Hierarchy;
  /** Items of the data (d); nodes 0..d-1 are the items at positions 0..d-1. */
  readonly d: number;
  /** parent[node]; -1 for the root. */
  readonly parent: Int32Array;
  /** First and one-past-last position under each node. */
  readonly low: Int32Array;
  readonly high: Int32Array;
  /** -1 when the data has no item. */
  readonly root: number;
  /** The data's item id at each position, and the position of each item id. */
  readonly itemAt: Int32Array;
  readonly positionOf: Int32Array;
  /** The hierarchy node each node stands for (its label is the node's name). */
  readonly source: Int32Array;
}

export interface BoundHierarchy {
  tree: RangeTree;
  /** Items of the hierarchy that the data lacks. */
  absent: string[];
  /** Items of the data the hierarchy does not name: under the root, published as themselves. */
  unnamed: string[];
}

export function bindHierarchy(given: Hierarchy, dataset: Dataset, fileName = 'hierarchy'): BoundHierarchy {
  const d = dataset.d;
  const givenIndex = nodeIndex(given);
  const unnamed = dataset.dictionary.tokens.filter((t) => !givenIndex.has(t));
  const h = withItemsUnderRoot(given, unnamed);
  const index = unnamed.length > 0 ? nodeIndex(h) : givenIndex;
  const nodeOfItem = new Int32Array(d);
  const missing: number[] = [];
  const categories: number[] = [];
  for (let item = 0; item < d; item++) {
    const node = index.get(dataset.dictionary.token(item));
    if (node === undefined) missing.push(item);
    else if (node >= h.items) categories.push(item);
    else nodeOfItem[item] = node;
  }
  if (missing.length > 0 || categories.length > 0)
    throw coverageError(dataset, h, fileName, missing, categories);
  const hasData = new Uint8Array(h.labels.length);
  for (let item = 0; item < d; item++)
    for (let node = nodeOfItem[item]; node >= 0 && !hasData[node]; node = h.parent[node]) hasData[node] = 1;
  const itemOfNode = new Int32Array(h.items).fill(-1);
  nodeOfItem.forEach((node, item) => (itemOfNode[node] = item));
  const absent = h.labels.slice(0, h.items).filter((_, node) => itemOfNode[node] < 0);
  const children = childrenOf(h).map((list) => list.filter((c) => hasData[c]));

  const parent: number[] = [];
  const low: number[] = [];
  const high: number[] = [];
  const source: number[] = [];
  const itemAt = new Int32Array(d);
  const positionOf = new Int32Array(d);
  for (let p = 0; p < d; p++) {
    parent.push(-1);
    low.push(p);
    high.push(p + 1);
    source.push(-1);
  }
  let nextPosition = 0;
  /** The node that stands for hierarchy node `node` (iterative: hierarchies may be deep). */
  const place = (top: number): number => {
    const stack: { node: number; ids: number[] }[] = [];
    let result: number;
    let node = top;
    for (;;) {
      while (node >= h.items && children[node].length === 1) node = children[node][0];
      if (node < h.items) {
        const p = nextPosition++;
        itemAt[p] = itemOfNode[node];
        positionOf[itemOfNode[node]] = p;
        source[p] = node;
        result = p;
      } else {
        stack.push({ node, ids: [] });
        node = children[node][0];
        continue;
      }
      // Climb while the frame just completed is the last child of its parent frame.
      for (;;) {
        const frame = stack[stack.length - 1];
        if (!frame) return result;
        frame.ids.push(result);
        const kids = children[frame.node];
        if (frame.ids.length < kids.length) {
          node = kids[frame.ids.length];
          break;
        }
        stack.pop();
        const id = parent.length;
        parent.push(-1);
        low.push(low[frame.ids[0]]);
        high.push(high[frame.ids[frame.ids.length - 1]]);
        source.push(frame.node);
        for (const c of frame.ids) parent[c] = id;
        result = id;
      }
    }
  };
  const root = d === 0 ? -1 : place(h.root);
  return {
    tree: {
      hierarchy: h,
      d,
      parent: Int32Array.from(parent),
      low: Int32Array.from(low),
      high: Int32Array.from(high),
      root,
      itemAt,
      positionOf,
      source: Int32Array.from(source),
    },
    absent,
    unnamed,
  };
}

/** The name of a node of the tree: its hierarchy label. */
export function nodeLabel(tree: RangeTree, node: number): string {
  return tree.hierarchy.labels[tree.source[node]];
}

/** The lowest node over both a and b (a node is over itself). */
export function commonAncestor(tree: RangeTree, a: number, b: number): number {
  let node = a;
  while (tree.parent[node] >= 0 && !(tree.low[node] <= tree.low[b] && tree.high[b] <= tree.high[node]))
    node = tree.parent[node];
  return node;
}

/** Number of the data's items under a node. */
export function itemCount(tree: RangeTree, node: number): number {
  return tree.high[node] - tree.low[node];
}

function coverageError(
  dataset: Dataset,
  h: Hierarchy,
  fileName: string,
  missing: number[],
  categories: number[],
): InputError {
  const firstRow = firstRows(dataset, [...missing, ...categories].slice(0, 5));
  const name = (item: number) =>
    `'${dataset.dictionary.token(item)}' (first in transaction ${(firstRow.get(item) ?? 0) + 1})`;
  const parts: string[] = [];
  if (missing.length > 0)
    parts.push(
      `${missing.length} item(s) of ${dataset.name} are not in the hierarchy ${fileName}: ${missing
        .slice(0, 5)
        .map(name)
        .join(', ')}${missing.length > 5 ? ', …' : ''}`,
    );
  if (categories.length > 0) {
    const index = nodeIndex(h);
    parts.push(
      `${categories.length} item(s) of ${dataset.name} are categories in ${fileName}, not items: ${categories
        .slice(0, 5)
        .map((item) => {
          const line = h.lines?.[index.get(dataset.dictionary.token(item))!];
          return `${name(item)}${line ? ` on line ${line}` : ''}`;
        })
        .join(', ')}`,
    );
  }
  return new InputError(parts.join('; '));
}

/** The first transaction holding each of a few items. */
function firstRows(dataset: Dataset, items: number[]): Map<number, number> {
  const wanted = new Set(items);
  const first = new Map<number, number>();
  for (let r = 0; r < dataset.n && first.size < wanted.size; r++)
    for (const item of dataset.row(r)) if (wanted.has(item) && !first.has(item)) first.set(item, r);
  return first;
}
