/**
 * A hierarchy file in its second form (DESIGN.md sec. 7): one line per edge, `item,parent` (or
 * tab-separated), a header line optional (`item,parent`, `child,parent`, `node,parent`). The nodes
 * that are no one's parent are the items, the others categories; the one node without a parent is
 * the root, and when several have none they go under a new root `*`. Each error is a ParseError
 * naming the line, the column and the node: a line without two names, an empty name, a node given
 * two parents, a node its own ancestor (a cycle).
 */
import { fieldError, forEachCsvRow } from '../parsers/csvRows.ts';
import { ParseError } from '../parsers/parseError.ts';
import type { Hierarchy } from './hierarchy.ts';

const HEADERS = new Set(['item,parent', 'child,parent', 'node,parent']);

export const EDGE_FORM = 'item,parent (one edge a line)';

export function parseHierarchyEdges(text: string, fileName: string, delimiter: string): Hierarchy {
  const parentOf = new Map<string, { parent: string; line: number }>();
  const order: string[] = [];
  const firstLine = new Map<string, number>();
  const see = (name: string, line: number) => {
    if (!firstLine.has(name)) {
      firstLine.set(name, line);
      order.push(name);
    }
  };
  let first = true;
  forEachCsvRow(text, fileName, delimiter, (row) => {
    const fields = row.fields.map((f) => f.trim());
    if (fields.length === 1 && fields[0] === '') return;
    const fail = (field: number, reason: string) => fieldError(text, fileName, row, field, delimiter, reason);
    if (first) {
      first = false;
      if (HEADERS.has(fields.map((f) => f.toLowerCase()).join(','))) return;
    }
    if (fields.length !== 2)
      throw fail(
        Math.min(fields.length, 2) - 1,
        `expected ${EDGE_FORM}, found ${fields.length} field(s); a file of paths reads item;level1;...;root`,
      );
    const [child, parent] = fields;
    if (child === '') throw fail(0, 'empty item name');
    if (parent === '') throw fail(1, `empty parent of '${child}'`);
    if (child === parent) throw fail(1, `'${child}' is its own parent`);
    const known = parentOf.get(child);
    if (known && known.parent !== parent)
      throw fail(
        1,
        `node '${child}' has two parents: '${parent}' here and '${known.parent}' on line ${known.line}`,
      );
    see(child, row.line);
    see(parent, row.line);
    if (!known) parentOf.set(child, { parent, line: row.line });
  });
  if (order.length === 0)
    throw new ParseError(fileName, 1, 1, `the hierarchy is empty: expected ${EDGE_FORM}`);
  const isParent = new Set([...parentOf.values()].map((e) => e.parent));
  const items = order.filter((n) => !isParent.has(n));
  const categories = order.filter((n) => isParent.has(n));
  const tops = order.filter((n) => !parentOf.has(n));
  const labels = [...items, ...categories];
  let rootLabel = tops[0];
  if (tops.length !== 1) {
    const taken = new Set(labels);
    rootLabel = '*';
    for (let n = 2; taken.has(rootLabel); n++) rootLabel = `*${n}`;
    labels.push(rootLabel);
  }
  const id = new Map(labels.map((label, node) => [label, node]));
  const parent = new Int32Array(labels.length).fill(-1);
  const lines = new Int32Array(labels.length);
  labels.forEach((label, node) => {
    const edge = parentOf.get(label);
    parent[node] = edge ? id.get(edge.parent)! : label === rootLabel ? -1 : id.get(rootLabel)!;
    lines[node] = firstLine.get(label) ?? 0;
  });
  // No cycles: every node reaches the root; the longest path sets the height.
  let height = 1;
  for (let node = 0; node < labels.length; node++) {
    let steps = 0;
    for (let a = node; a >= 0; a = parent[a]) {
      if (++steps > labels.length) {
        const line = parentOf.get(labels[node])?.line ?? 1;
        throw new ParseError(
          fileName,
          line,
          1,
          `'${labels[node]}' is its own ancestor: the edges form a cycle`,
        );
      }
    }
    height = Math.max(height, steps);
  }
  return { labels, parent, items: items.length, root: id.get(rootLabel)!, height, lines };
}
