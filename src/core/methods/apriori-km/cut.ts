/**
 * A cut of the hierarchy (Terrovitis et al., Sec. 2 and 4: a global full-subtree generalization is
 * a set of nodes that covers every item once; each item is published as the node of the cut above
 * it) and its cost, the NCP that AA minimises (their Sec. 2, "Information loss"):
 *
 *   NCP(node) = 0 for an item, |items under node| / |I| for a category;
 *   NCP(cut)  = sum over items i of sup(i) * NCP(node of i)  /  sum over items i of sup(i),
 *
 * i.e. every occurrence of an item in the input costs the share of the domain its published node
 * stands for; |I| and the items under a node are the data's items (items of the hierarchy that the
 * data lacks publish nothing and cost nothing). This is DESIGN.md sec. 5's `ncp` of a generalized
 * release without suppression. The cost of lifting the cut to a node is kept exact in integers
 * (occurrences x item counts): `inside[node]` is the current cost of the occurrences under a node
 * of the cut or above it, updated along the node's ancestors at every lift.
 */
import type { RangeTree } from '../../data/hierarchy/rangeTree.ts';

export class Cut {
  /** at[p]: the node of the cut over position p. */
  readonly at: Int32Array;
  private readonly inside: Float64Array;
  private readonly totalOccurrences: number;

  constructor(
    private readonly tree: RangeTree,
    /** Item occurrences under a node. */
    private readonly occurrences: (node: number) => number,
  ) {
    this.at = Int32Array.from({ length: tree.d }, (_, p) => p);
    this.inside = new Float64Array(tree.parent.length);
    this.totalOccurrences = tree.root < 0 ? 0 : occurrences(tree.root);
  }

  /** The node of the cut that `node` lies under (or is). */
  nodeOver(node: number): number {
    return this.at[this.tree.low[node]];
  }

  /** The cost (occurrences x items) of publishing every item under `node` as `node`. */
  costAt(node: number): number {
    return this.occurrences(node) * (node < this.tree.d ? 0 : this.tree.high[node] - this.tree.low[node]);
  }

  /** The cost that lifting the cut to `node` adds (0 for a node of the cut). */
  liftCost(node: number): number {
    return this.costAt(node) - this.inside[node];
  }

  /** Makes `node` a node of the cut (every node of the cut under it goes). */
  lift(node: number): void {
    const delta = this.liftCost(node);
    for (let a = node; a >= 0; a = this.tree.parent[a]) this.inside[a] += delta;
    this.at.fill(node, this.tree.low[node], this.tree.high[node]);
  }

  /**
   * Takes a node of the cut one level down: its children (`children`, every one of them) become
   * nodes of the cut in its place (refineCut.ts). Returns the cost it saves.
   */
  split(node: number, children: readonly number[]): number {
    let below = 0;
    for (const child of children) below += this.costAt(child);
    const delta = below - this.costAt(node);
    for (let a = node; a >= 0; a = this.tree.parent[a]) this.inside[a] += delta;
    for (const child of children) {
      this.inside[child] = this.costAt(child);
      this.at.fill(child, this.tree.low[child], this.tree.high[child]);
    }
    return -delta;
  }

  /** NCP of the cut in [0, 1]. */
  ncp(): number {
    const { tree } = this;
    if (tree.root < 0 || this.totalOccurrences === 0) return 0;
    return Math.min(1, this.inside[tree.root] / (tree.d * this.totalOccurrences));
  }
}
