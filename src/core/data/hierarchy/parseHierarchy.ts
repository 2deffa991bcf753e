/**
 * Reads a hierarchy file (DESIGN.md sec. 7) in either form: one line per item,
 * `item;level1;level2;...;root` (ARX's format, which Amnesia exports too), or one line per edge,
 * `item,parent` (parseHierarchyEdges.ts). The form: `;` on the first line is paths; otherwise lines
 * of two comma- (or tab-) separated names are edges, longer ones paths. CSV quoting honoured
 * (papaparse). Rules of the paths form, each broken one a ParseError naming the line, the column
 * and the item or node, and showing the accepted forms where the shape is wrong:
 * - at least two fields (the item and the root); paths may differ in length (DESIGN.md sec. 7);
 * - no empty name; every item on exactly one line; one root (the last field) for all lines;
 * - every node has one parent: a category met on several lines has the same parent on each;
 * - a name is an item or a category, not both, and appears once on a path. The one exception is a
 *   name repeated in adjacent fields (`Male;Male;*`, ARX's way of keeping a value at a level): that
 *   is the same node and adds no level.
 * Choices where DESIGN.md is silent: fields are trimmed; blank lines are skipped; the delimiter is
 * `;`, or the first of tab and comma found on the first line when it holds no `;`.
 */
import { fieldError, forEachCsvRow, type CsvRow } from '../parsers/csvRows.ts';
import { ParseError } from '../parsers/parseError.ts';
import type { Hierarchy } from './hierarchy.ts';
import { EDGE_FORM, parseHierarchyEdges } from './parseHierarchyEdges.ts';

const FORMS = `item;level1;...;root (one path a line) or ${EDGE_FORM}`;

export function parseHierarchy(text: string, fileName = 'hierarchy'): Hierarchy {
  const delimiter = detectDelimiter(text);
  if (delimiter !== ';' && isEdgeFile(text, delimiter)) return parseHierarchyEdges(text, fileName, delimiter);
  return parsePaths(text, fileName, delimiter);
}

/** Every non-blank line of the first 100 has two fields: edges (paths have three or more). */
function isEdgeFile(text: string, delimiter: string): boolean {
  const lines = text
    .split('\n', 100)
    .map((l) => l.replace(/\r$/, ''))
    .filter((l) => l.trim() !== '');
  return lines.length > 0 && lines.every((l) => l.split(delimiter).length === 2);
}

function parsePaths(text: string, fileName: string, delimiter: string): Hierarchy {
  const fail = (row: CsvRow, field: number, reason: string) =>
    fieldError(text, fileName, row, field, delimiter, reason);
  let height = 0;
  let firstLine = 0;
  let rootLabel = '';
  /** Line on which each item stands. */
  const itemLine = new Map<string, number>();
  /** Categories: their parent label (null for the root) and the line that set it. */
  const categories = new Map<string, { parent: string | null; line: number }>();
  const order: string[] = [];
  const itemParent = new Map<string, string>();

  forEachCsvRow(text, fileName, delimiter, (row) => {
    const fields = row.fields.map((f) => f.trim());
    if (fields.length === 1 && fields[0] === '') return; // a blank line
    if (height === 0) {
      if (fields.length < 2) throw fail(row, 0, `expected ${FORMS}: at least an item and its parent or root`);
      height = fields.length;
      firstLine = row.line;
      rootLabel = fields[height - 1];
    }
    if (fields.length < 2) throw fail(row, 0, `item '${fields[0]}' has no root: expected ${FORMS}`);
    height = Math.max(height, fields.length);
    const empty = fields.indexOf('');
    if (empty >= 0)
      throw fail(
        row,
        empty,
        empty === 0 ? 'empty item name' : `empty name at level ${empty} of item '${fields[0]}'`,
      );
    const item = fields[0];
    const seen = itemLine.get(item);
    if (seen !== undefined) throw fail(row, 0, `item '${item}' appears twice (first on line ${seen})`);
    const asCategory = categories.get(item);
    if (asCategory) throw fail(row, 0, `'${item}' is an item here and a category on line ${asCategory.line}`);
    if (fields[fields.length - 1] !== rootLabel)
      throw fail(
        row,
        fields.length - 1,
        `root '${fields[fields.length - 1]}' of item '${item}' differs from root '${rootLabel}' of line ${firstLine}: a hierarchy has one root`,
      );
    // The path with adjacent repeats (identity steps) kept once.
    const path: { label: string; field: number }[] = [];
    fields.forEach((label, field) => {
      if (path.length === 0 || path[path.length - 1].label !== label) path.push({ label, field });
    });
    const onPath = new Set<string>();
    for (const { label, field } of path) {
      if (onPath.has(label)) throw fail(row, field, `'${label}' appears twice on the path of item '${item}'`);
      onPath.add(label);
    }
    itemLine.set(item, row.line);
    order.push(item);
    if (path.length > 1) itemParent.set(item, path[1].label);
    for (let j = 1; j < path.length; j++) {
      const { label, field } = path[j];
      const line = itemLine.get(label);
      if (line !== undefined)
        throw fail(row, field, `'${label}' is a category here and an item on line ${line}`);
      const parent = j + 1 < path.length ? path[j + 1].label : null;
      const known = categories.get(label);
      if (!known) {
        categories.set(label, { parent, line: row.line });
        order.push(label);
      } else if (known.parent !== parent)
        throw fail(
          row,
          field,
          `node '${label}' has two parents: '${parent ?? '(none: the root)'}' here and '${known.parent ?? '(none: the root)'}' on line ${known.line}`,
        );
    }
  });
  if (height === 0) throw new ParseError(fileName, 1, 1, `the hierarchy is empty: expected ${FORMS}`);
  return assemble(order, itemLine, itemParent, categories, rootLabel, height);
}

/** Node numbers (items first, in file order, then categories by first appearance) and parents. */
function assemble(
  order: string[],
  itemLine: Map<string, number>,
  itemParent: Map<string, string>,
  categories: Map<string, { parent: string | null; line: number }>,
  rootLabel: string,
  height: number,
): Hierarchy {
  const labels = [...order.filter((l) => itemLine.has(l)), ...order.filter((l) => !itemLine.has(l))];
  const id = new Map(labels.map((label, node) => [label, node]));
  const parent = new Int32Array(labels.length).fill(-1);
  const lines = new Int32Array(labels.length);
  labels.forEach((label, node) => {
    const item = itemLine.get(label);
    const up = item !== undefined ? itemParent.get(label) : categories.get(label)!.parent;
    parent[node] = up === undefined || up === null ? -1 : id.get(up)!;
    lines[node] = item ?? categories.get(label)!.line;
  });
  // A one-item hierarchy whose item is its own root (`a;a`) has no category.
  const root = id.get(rootLabel)!;
  return { labels, parent, items: itemLine.size, root, height, lines };
}

function detectDelimiter(text: string): string {
  const firstLine = text.split('\n', 100).find((line) => line.trim() !== '') ?? '';
  if (firstLine.includes(';')) return ';';
  return ['\t', ','].find((d) => firstLine.includes(d)) ?? ';';
}
