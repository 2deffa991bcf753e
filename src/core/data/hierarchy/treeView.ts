/**
 * A hierarchy as the page draws it (DESIGN.md sec. 7: "the UI shows it as a tree"): every node with
 * its name, the number of the data's items under it and its support (rows holding one of them),
 * items of the hierarchy that the data lacks marked as such. Plain data for the worker boundary.
 */
import type { Dataset } from '../dataset.ts';
import { childrenOf, nodeIndex, type Hierarchy } from './hierarchy.ts';

export interface HierarchyNodeView {
  name: string;
  /** Items of the data under the node (1 for an item the data holds, 0 for one it lacks). */
  items: number;
  /** Rows that hold an item under the node. */
  support: number;
  children?: HierarchyNodeView[];
}

export interface HierarchyView {
  root: HierarchyNodeView;
  /** Fields per line of the file: item, levels, root. */
  height: number;
  /** Items and categories of the hierarchy. */
  items: number;
  categories: number;
  /** Items of the hierarchy that the data lacks: how many, and the first few. */
  absentCount: number;
  absent: string[];
}

export function hierarchyView(h: Hierarchy, dataset: Dataset): HierarchyView {
  const index = nodeIndex(h);
  const size = h.labels.length;
  const items = new Int32Array(size);
  const support = new Int32Array(size);
  const stamp = new Int32Array(size).fill(-1);
  const nodeOf = dataset.dictionary.tokens.map((t) => index.get(t) ?? -1);
  for (const node of nodeOf) for (let a = node; a >= 0; a = h.parent[a]) items[a]++;
  for (let r = 0; r < dataset.n; r++)
    for (const item of dataset.row(r))
      for (let a = nodeOf[item]; a >= 0 && stamp[a] !== r; a = h.parent[a]) {
        stamp[a] = r;
        support[a]++;
      }
  const children = childrenOf(h);
  const views: HierarchyNodeView[] = h.labels.map((name, node) => ({
    name,
    items: items[node],
    support: support[node],
  }));
  views.forEach((view, node) => {
    if (children[node].length > 0) view.children = children[node].map((c) => views[c]);
  });
  const absent = h.labels.slice(0, h.items).filter((_, node) => items[node] === 0);
  return {
    root: views[h.root],
    height: h.height,
    items: h.items,
    categories: size - h.items,
    absentCount: absent.length,
    absent: absent.slice(0, 20),
  };
}
