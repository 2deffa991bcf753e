/**
 * A hierarchy as an ECharts tree (DESIGN.md sec. 7): categories with how many of the data's items
 * they hold and their support, items with their support, items the data lacks in grey. Large
 * hierarchies stay usable: every category starts closed (click opens it), a long list of children
 * is cut into blocks of CHUNK, and the paths down to the highlighted nodes (the cut a release
 * publishes) are opened while few enough nodes show.
 */
import type { HierarchyNodeView, HierarchyView } from '../../core/data/hierarchy/treeView.ts';
import { ACCENT, WARN, base, escapeHtml } from './chartStyle.ts';
import type { ChartOption } from './EChart.tsx';

/** Children shown under one node before they are grouped in blocks. */
export const CHUNK = 40;
/** Rows of the chart (visible leaves) that opening the paths to highlighted nodes may fill. */
const OPEN_ROWS = 40;

interface TreeNode {
  name: string;
  value: number;
  items: number;
  block?: boolean;
  /** Highlighted nodes below this one (it is not highlighted itself). */
  inside?: number;
  collapsed?: boolean;
  children?: TreeNode[];
  itemStyle?: { color: string; borderColor: string };
  label?: { color?: string; fontWeight?: string };
}

export function hierarchyTreeOption(
  view: HierarchyView,
  highlight: ReadonlySet<string> = new Set(),
  /** What a highlighted node is, in a word: `published` (a cut), `expanded` (DiffPart's splits). */
  marked = 'published',
): ChartOption {
  const root = toTree(view.root, highlight);
  openTowards(root, highlight);
  root.collapsed = false;
  // Room on the left for the root's label (about 6.6 px a character at 12 px).
  const left = labelRoom([root]);
  return {
    ...base,
    tooltip: {
      trigger: 'item',
      formatter: (p: { data: TreeNode }) => escapeHtml(describe(p.data, marked)).replace(/ · /g, '<br>'),
    },
    series: [
      {
        id: 'hierarchy',
        type: 'tree',
        data: [root],
        orient: 'LR',
        top: 28,
        bottom: 16,
        left,
        right: labelRoom(shownLeaves(root)),
        roam: true,
        symbolSize: 9,
        expandAndCollapse: true,
        initialTreeDepth: 1,
        label: {
          position: 'left',
          verticalAlign: 'middle',
          align: 'right',
          fontSize: 12,
          formatter: (p: { data: TreeNode }) => label(p.data, marked),
        },
        leaves: { label: { position: 'right', align: 'left' } },
        lineStyle: { color: '#c3cbd8' },
        itemStyle: { color: ACCENT, borderColor: ACCENT },
        emphasis: { focus: 'descendant' },
      },
    ],
  };
}

/** How many rows the chart needs for what it shows first (leaves of the open part). */
export function visibleLeaves(option: ChartOption): number {
  return shownLeaves((option as { series: { data: TreeNode[] }[] }).series[0].data[0]).length;
}

/** The nodes drawn as leaves at first: items, and categories still closed. */
function shownLeaves(node: TreeNode): TreeNode[] {
  return node.collapsed || !node.children?.length ? [node] : node.children.flatMap(shownLeaves);
}

/** Room (px) for the longest of these nodes' labels, about 6.6 px a character at 12 px. */
function labelRoom(nodes: TreeNode[]): number {
  const longest = Math.max(0, ...nodes.map((n) => label(n, 'published').length));
  return Math.min(440, Math.max(40, Math.round(longest * 6.6) + 24));
}

function toTree(node: HierarchyNodeView, highlight: ReadonlySet<string>): TreeNode {
  const marked = highlight.has(node.name);
  const out: TreeNode = {
    name: node.name,
    value: node.support,
    items: node.items,
    ...(marked && {
      itemStyle: { color: WARN, borderColor: WARN },
      label: { color: WARN, fontWeight: 'bold' },
    }),
    ...(!marked &&
      node.items === 0 && {
        itemStyle: { color: '#c3cbd8', borderColor: '#c3cbd8' },
        label: { color: '#98a2b3' },
      }),
  };
  if (node.children?.length) {
    out.collapsed = true;
    out.children = blocks(node.children.map((c) => toTree(c, highlight)));
  }
  return out;
}

/**
 * More than CHUNK children: blocks of CHUNK, each a closed node that opens on a click; blocks of
 * blocks while there are still more than CHUNK (a flat list of 16,000 items: 10 x 40 x 40).
 */
function blocks(children: TreeNode[]): TreeNode[] {
  let level = children;
  let size = 1;
  while (level.length > CHUNK) {
    const next: TreeNode[] = [];
    for (let start = 0; start < level.length; start += CHUNK) {
      const part = level.slice(start, start + CHUNK);
      const first = start * size + 1;
      const last = Math.min(children.length, (start + part.length) * size);
      next.push({
        name: `${first.toLocaleString()}–${last.toLocaleString()} of ${children.length.toLocaleString()}`,
        value: 0,
        items: part.reduce((s, c) => s + c.items, 0),
        block: true,
        collapsed: true,
        children: part,
      });
    }
    level = next;
    size *= CHUNK;
  }
  return level;
}

/**
 * Counts the highlighted nodes below each node, then opens the nodes above highlighted ones,
 * nearest the root first, while the chart keeps at most OPEN_ROWS rows; the rest say how many
 * highlighted nodes they hold, to be opened by hand.
 */
function openTowards(root: TreeNode, highlight: ReadonlySet<string>): void {
  if (highlight.size === 0) return;
  const count = (node: TreeNode): number => {
    let below = 0;
    for (const c of node.children ?? []) below += count(c);
    if (below > 0) node.inside = below;
    return below + (highlight.has(node.name) && !node.block ? 1 : 0);
  };
  count(root);
  let rows = root.children?.length ?? 1;
  const queue = [...(root.children ?? [])];
  while (queue.length > 0) {
    const node = queue.shift()!;
    if (highlight.has(node.name) || !node.inside || !node.children) continue;
    if (rows + node.children.length - 1 > OPEN_ROWS) continue;
    node.collapsed = false;
    rows += node.children.length - 1;
    queue.push(...node.children);
  }
}

function describe(node: TreeNode, marked: string): string {
  return `${about(node)}${node.inside ? ` · ${node.inside} ${marked} inside` : ''}`;
}

function about(node: TreeNode): string {
  if (node.block) return `${node.name} · ${node.items.toLocaleString()} items`;
  if (!node.children)
    return node.items === 0
      ? `${node.name} · not in the data`
      : `${node.name} · ${node.value.toLocaleString()} rows`;
  return `${node.name} · ${node.items.toLocaleString()} items · ${node.value.toLocaleString()} rows`;
}

function label(node: TreeNode, marked: string): string {
  const inside = node.inside ? ` ▸ ${node.inside} ${marked} inside` : '';
  return shortLabel(node) + inside;
}

function shortLabel(node: TreeNode): string {
  if (node.block) return node.name;
  if (!node.children)
    return node.items === 0 ? `${node.name} (absent)` : `${node.name} (${node.value.toLocaleString()})`;
  return `${node.name} · ${node.items.toLocaleString()} items, ${node.value.toLocaleString()} rows`;
}
