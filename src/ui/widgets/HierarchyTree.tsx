/**
 * A hierarchy drawn as a collapsible tree (hierarchyTreeOption.ts) with a line that says how to
 * read it; `highlight` marks the nodes a release publishes.
 */
import { useMemo } from 'react';
import type { HierarchyView } from '../../core/data/hierarchy/treeView.ts';
import { EChart } from './EChart.tsx';
import { hierarchyTreeOption, visibleLeaves } from './hierarchyTreeOption.ts';

export function HierarchyTree({
  view,
  highlight,
  testId,
  exportName,
  marked = { word: 'published', sentence: 'the release publishes' },
}: {
  view: HierarchyView;
  highlight?: ReadonlySet<string>;
  testId: string;
  exportName: string;
  /** What the highlighted nodes are: a word for the tree, a phrase for the line under it. */
  marked?: { word: string; sentence: string };
}) {
  const option = useMemo(
    () => hierarchyTreeOption(view, highlight, marked.word),
    [view, highlight, marked.word],
  );
  const height = Math.max(260, Math.min(1100, visibleLeaves(option) * 26 + 60));
  return (
    <div className="hierarchy-tree" data-highlighted={highlight?.size ?? 0}>
      <EChart option={option} testId={testId} height={height} exportName={exportName} />
      <p className="muted small">
        Click a category to open or close it; drag to move, scroll to zoom. A category reads its items and
        rows (transactions holding one of them); an item its rows.
        {highlight && highlight.size > 0 && (
          <>
            {' '}
            <span className="mark-published">Orange</span>: the {highlight.size} node(s) {marked.sentence}.
          </>
        )}
      </p>
    </div>
  );
}
