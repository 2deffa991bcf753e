/**
 * Builds a balanced hierarchy when the user gives none (DESIGN.md sec. 7; Terrovitis et al. build
 * theirs the same way for data without a domain hierarchy): the items in a chosen order are the
 * leaves, and each level groups `fanout` consecutive nodes of the level below, up to one root. A
 * lone node left at the end of a level joins the group before it (so no category has a single
 * child, and all paths have the same length). A category is labelled by the first and last item
 * under it: `(a,b)` for two, `(a..e)` for more.
 * Orders: `cooccurrence` (items that share rows side by side, cooccurrenceOrder.ts: the default,
 * issue 32), `id` (first appearance in the data), `alphabetical` (case-insensitive, then by code
 * unit, so that the order is the same on every machine), `support` (most frequent first, ties by id).
 * Labels: in alphabetical and id order a category reads as the range it covers, `(a..e)`; in the
 * orders that group items by what they share, a range would read as an alphabetical one and lie,
 * so it is named by its first item and how many others it holds, `(whole milk +4)`.
 */
import { InputError } from '../../base/errors.ts';
import type { Dataset } from '../dataset.ts';
import { itemSupports } from '../stats.ts';
import { cooccurrenceOrder } from './cooccurrenceOrder.ts';
import type { Hierarchy } from './hierarchy.ts';
import { builtNodeLabel } from './builtLabel.ts';

export const HIERARCHY_ORDERS = ['cooccurrence', 'alphabetical', 'id', 'support'] as const;
export type HierarchyOrder = (typeof HIERARCHY_ORDERS)[number];

/** The dataset's item ids in the given order. */
export function orderedItems(dataset: Dataset, order: HierarchyOrder): number[] {
  const ids = Array.from({ length: dataset.d }, (_, i) => i);
  if (order === 'alphabetical') {
    const token = (i: number) => dataset.dictionary.token(i);
    const lower = ids.map((i) => token(i).toLowerCase());
    return ids.sort((a, b) => compare(lower[a], lower[b]) || compare(token(a), token(b)));
  }
  if (order === 'cooccurrence') return cooccurrenceOrder(dataset);
  if (order === 'support') {
    const support = itemSupports(dataset);
    return ids.sort((a, b) => support[b] - support[a] || a - b);
  }
  return ids;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A balanced hierarchy of fan-out `fanout` over the dataset's items in `order`. */
export function buildHierarchy(dataset: Dataset, fanout: number, order: HierarchyOrder): Hierarchy {
  const items = orderedItems(dataset, order).map((i) => dataset.dictionary.token(i));
  return balancedHierarchy(items, fanout, order === 'alphabetical' || order === 'id' ? 'range' : 'first');
}

/**
 * A balanced hierarchy of fan-out `fanout` over `items` (tokens, in leaf order); categories labelled
 * by the range they cover, `(a..e)`, or by their first item and the count of the others, `(a +4)`.
 */
export function balancedHierarchy(
  items: readonly string[],
  fanout: number,
  labels: 'range' | 'first' = 'range',
): Hierarchy {
  if (!Number.isInteger(fanout) || fanout < 2)
    throw new InputError(`hierarchy fan-out must be an integer of at least 2, got ${fanout}`);
  // No items (an empty dataset): a lone root, which an empty file stands for.
  if (items.length === 0) return { labels: ['*'], parent: Int32Array.of(-1), items: 0, root: 0, height: 2 };
  const names = [...items];
  const parent: number[] = new Array<number>(items.length).fill(-1);
  const low: number[] = items.map((_, i) => i);
  const high: number[] = items.map((_, i) => i);
  const taken = new Set(items);
  let level = items.map((_, i) => i);
  let height = 1;
  do {
    const next: number[] = [];
    for (const children of groups(level, fanout)) {
      const node = names.length;
      low.push(low[children[0]]);
      high.push(high[children[children.length - 1]]);
      const label =
        labels === 'range'
          ? rangeLabel(items, low[node], high[node])
          : builtNodeLabel(items[low[node]], high[node] - low[node]);
      names.push(unique(label, taken));
      parent.push(-1);
      for (const c of children) parent[c] = node;
      next.push(node);
    }
    level = next;
    height++;
  } while (level.length > 1);
  return { labels: names, parent: Int32Array.from(parent), items: items.length, root: level[0], height };
}

/** `fanout` consecutive nodes per group; a lone last node joins the group before it. */
function groups(level: number[], fanout: number): number[][] {
  const out: number[][] = [];
  for (let start = 0; start < level.length; start += fanout) out.push(level.slice(start, start + fanout));
  if (out.length > 1 && out[out.length - 1].length === 1) out[out.length - 2].push(...out.pop()!);
  return out;
}

function rangeLabel(items: readonly string[], first: number, last: number): string {
  if (first === last) return `(${items[first]})`;
  return last - first === 1 ? `(${items[first]},${items[last]})` : `(${items[first]}..${items[last]})`;
}

/** The label, made unique among those taken (an item could be spelled like a range). */
function unique(label: string, taken: Set<string>): string {
  let candidate = label;
  for (let n = 2; taken.has(candidate); n++) candidate = `${label}#${n}`;
  taken.add(candidate);
  return candidate;
}
