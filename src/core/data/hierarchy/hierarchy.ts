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

/**
 * The hierarchy with `tokens` added as items apart from it (DESIGN.md sec. 7: "items of the data
 * that the file does not name stay themselves"): a new root `*` (a name the file does not use) over
 * the file's root and the added items, so that no category of the file stands for them; they are
 * published as themselves unless the whole domain is generalized to the new root. Items keep their
 * numbers first, categories follow.
 */
export function withItemsUnderRoot(h: Hierarchy, tokens: readonly string[]): Hierarchy {
  if (tokens.length === 0) return h;
  const added = tokens.length;
  const shift = (node: number) => (node < 0 ? -1 : node < h.items ? node : node + added);
  const labels = [...h.labels.slice(0, h.items), ...tokens, ...h.labels.slice(h.items)];
  const taken = new Set(labels);
  let name = '*';
  for (let n = 2; taken.has(name); n++) name = `*${n}`;
  labels.push(name);
  const root = labels.length - 1;
  const parent = new Int32Array(labels.length).fill(-1);
  h.parent.forEach((p, node) => (parent[shift(node)] = shift(p)));
  parent[shift(h.root)] = root;
  for (let i = 0; i < added; i++) parent[h.items + i] = root;
  const lines =
    h.lines &&
    Int32Array.from(labels, (_, node) =>
      node < h.items ? h.lines![node] : node < h.items + added || node === root ? 0 : h.lines![node - added],
    );
  return { labels, parent, items: h.items + added, root, height: h.height + 1, ...(lines && { lines }) };
}
