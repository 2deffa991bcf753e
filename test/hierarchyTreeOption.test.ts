/** The hierarchy tree view (src/ui/widgets/hierarchyTreeOption.ts): usable at 16,000 items. */
import { describe, expect, it } from 'vitest';
import { hierarchyTreeOption, visibleLeaves, CHUNK } from '../src/ui/widgets/hierarchyTreeOption.ts';
import { hierarchyView } from '../src/core/data/hierarchy/treeView.ts';
import { parseHierarchy } from '../src/core/data/hierarchy/parseHierarchy.ts';
import { balancedHierarchy } from '../src/core/data/hierarchy/buildHierarchy.ts';
import { datasetOf } from './helpers.ts';

interface Node {
  name: string;
  collapsed?: boolean;
  children?: Node[];
  itemStyle?: { color: string };
}
const rootOf = (option: object) => (option as { series: { data: Node[] }[] }).series[0].data[0];
const find = (node: Node, name: string): Node | undefined =>
  node.name === name ? node : node.children?.map((c) => find(c, name)).find(Boolean);

describe('hierarchyTreeOption', () => {
  it('a flat list of 16,000 items opens in blocks of blocks, 40 at a time', () => {
    const items = Array.from({ length: 16_000 }, (_, i) => String(i));
    const dataset = datasetOf([Array.from({ length: 16_000 }, (_, i) => i)]);
    const view = hierarchyView(parseHierarchy(items.map((t) => `${t};*`).join('\n')), dataset);
    const option = hierarchyTreeOption(view);
    const root = rootOf(option);
    expect(root.children!.length).toBe(10);
    expect(root.children![0].name).toBe('1–1,600 of 16,000');
    expect(root.children![0].children!.length).toBe(CHUNK);
    expect(root.children![0].children![0].children!.length).toBe(CHUNK);
    expect(visibleLeaves(option)).toBe(10);
  });

  it('categories start closed; the paths to published nodes open; published nodes marked', () => {
    const items = Array.from({ length: 125 }, (_, i) => `i${i}`);
    const h = balancedHierarchy(items, 5);
    const view = hierarchyView(h, datasetOf([]));
    expect(view.absentCount).toBe(125);
    const plain = rootOf(hierarchyTreeOption(view));
    expect(plain.collapsed).toBe(false);
    expect(plain.children!.every((c) => c.collapsed)).toBe(true);
    const target = h.labels[h.parent[h.parent[7]]]; // the category two levels above item i7
    const marked = rootOf(hierarchyTreeOption(view, new Set([target])));
    const parent = find(marked, h.labels[h.parent[h.parent[h.parent[7]]]])!;
    expect(parent.collapsed).toBe(false);
    const node = find(marked, target)!;
    expect(node.collapsed).toBe(true);
    expect(node.itemStyle!.color).toBe('#d9480f');
  });
});
