/**
 * A generalization hierarchy over items (DESIGN.md sec. 7; Terrovitis, Mamoulis, Kalnis,
 * "Privacy-preserving Anonymization of Set-valued Data", VLDB 2008, Sec. 2: a tree whose leaves are
 * the items and whose inner nodes are the values items generalize to). Nodes are numbered: the
 * items first (0..items-1, in the order of the file or of the build), then the categories. Labels
 * are unique: a label names one node, so a published generalized item names its node.
 */
export interface Hierarchy {
  /** labels[node]: the item token (nodes 0..items-1) or the category's name. */
  readonly labels: readonly string[];
  /** parent[node]; -1 for the root. */
  readonly parent: Int32Array;
  /** Number of items (leaves). */
  readonly items: number;
  readonly root: number;
  /** Fields per line of its file: item, the levels above it, the root. */
  readonly height: number;
  /** 1-based line of the file on which each node first appears; absent for built hierarchies. */
  readonly lines?: Int32Array;
}

/**
 * Children of every node in file order: by the line they first appear on (two siblings never
 * first appear on one line, a line being one path), else by node number (built hierarchies).
 */
export function childrenOf(h: Hierarchy): number[][] {
  const children: number[][] = Array.from({ length: h.labels.length }, () => []);
  for (let node = 0; node < h.parent.length; node++)
    if (h.parent[node] >= 0) children[h.parent[node]].push(node);
  const lines = h.lines;
  if (lines) for (const list of children) list.sort((a, b) => lines[a] - lines[b] || a - b);
  return children;
}

/** The ancestors of a node, nearest first (the node itself excluded). */
export function ancestorsOf(h: Hierarchy, node: number): number[] {
  const out: number[] = [];
  for (let a = h.parent[node]; a >= 0; a = h.parent[a]) out.push(a);
  return out;
}

/** Node number by label. */
export function nodeIndex(h: Hierarchy): Map<string, number> {
  return new Map(h.labels.map((label, node) => [label, node]));
}

/** The number of levels a node sits below the root (the root: 0). */
export function depthOf(h: Hierarchy, node: number): number {
  let depth = 0;
  for (let a = h.parent[node]; a >= 0; a = h.parent[a]) depth++;
  return depth;
}
