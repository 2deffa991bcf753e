/**
 * Item hierarchies for full-subtree generalization (Terrovitis, Mamoulis, Kalnis, "Privacy-preserving
 * Anonymization of Set-valued Data", VLDB 2008): a balanced tree of fan-out f over the items in id
 * order (leaves 0..d-1; each internal node groups f consecutive nodes of the level below, up to one
 * root). Every node covers a contiguous range of leaves, which is what its label shows.
 */
export interface Hierarchy {
  /** parent[node]; -1 for the root. Leaves are nodes 0..d-1. */
  parent: Int32Array;
  /** First and one-past-last leaf under each node. */
  low: Int32Array;
  high: Int32Array;
  root: number;
}

export function balancedHierarchy(d: number, fanout: number): Hierarchy {
  if (fanout < 2) throw new Error(`hierarchy fan-out must be at least 2, got ${fanout}`);
  const parent: number[] = new Array(d).fill(-1);
  const low: number[] = Array.from({ length: d }, (_, i) => i);
  const high: number[] = Array.from({ length: d }, (_, i) => i + 1);
  let level = Array.from({ length: d }, (_, i) => i);
  while (level.length > 1) {
    const next: number[] = [];
    for (let start = 0; start < level.length; start += fanout) {
      const children = level.slice(start, start + fanout);
      const node = parent.length;
      parent.push(-1);
      low.push(low[children[0]]);
      high.push(high[children[children.length - 1]]);
      for (const c of children) parent[c] = node;
      next.push(node);
    }
    level = next;
  }
  return {
    parent: Int32Array.from(parent),
    low: Int32Array.from(low),
    high: Int32Array.from(high),
    root: level[0] ?? 0,
  };
}

/** The ancestors of a node, nearest first (the node itself excluded). */
export function ancestors(h: Hierarchy, node: number): number[] {
  const out: number[] = [];
  for (let a = h.parent[node]; a >= 0; a = h.parent[a]) out.push(a);
  return out;
}

export function leafCount(h: Hierarchy, node: number): number {
  return h.high[node] - h.low[node];
}
