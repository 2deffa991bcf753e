/**
 * COAT's weights w(g) in [0, 1] from a hierarchy (Loukides et al., Def. 3.14 and Sec. 6.1: "the
 * number of leaves of the closest common ascendant of these items in a hierarchy [24]"): a
 * generalized item's weight is the share of the data's items under the lowest node over all its
 * items, so items far apart in the hierarchy cost more to generalize together. Each item set's
 * ancestor is remembered (COAT keeps a generalized item's member list unchanged), so a candidate
 * pair costs one walk up the hierarchy.
 */
import type { Dataset } from '../../data/dataset.ts';
import { bindHierarchy, commonAncestor, itemCount } from '../../data/hierarchy/rangeTree.ts';
import { parseHierarchy } from '../../data/hierarchy/parseHierarchy.ts';

export interface ItemWeights {
  /** w of the generalized item made of the items of a and b. */
  ofPair(a: readonly number[], b: readonly number[]): number;
  /** w of the generalized item made of `items`. */
  of(items: readonly number[]): number;
}

export function hierarchyWeights(dataset: Dataset, text: string): ItemWeights {
  const { tree } = bindHierarchy(parseHierarchy(text, 'hierarchy'), dataset, 'hierarchy');
  const ancestorOf = new WeakMap<readonly number[], number>();
  const ancestor = (items: readonly number[]): number => {
    let node = ancestorOf.get(items);
    if (node === undefined) {
      node = tree.positionOf[items[0]];
      for (const item of items) node = commonAncestor(tree, node, tree.positionOf[item]);
      ancestorOf.set(items, node);
    }
    return node;
  };
  const share = (node: number) => itemCount(tree, node) / Math.max(1, tree.d);
  return {
    ofPair: (a, b) => share(commonAncestor(tree, ancestor(a), ancestor(b))),
    of: (items) => share(ancestor(items)),
  };
}
