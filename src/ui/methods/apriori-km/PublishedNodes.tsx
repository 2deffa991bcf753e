/**
 * With a finished apriori-km run: the hierarchy it generalized over as a tree, the nodes its
 * release publishes (the cut) marked, and the measure that chose them with its value.
 */
import { useMemo } from 'react';
import { HierarchyTree } from '../../widgets/HierarchyTree.tsx';
import { useRunTree } from '../useRunTree.ts';
import type { MethodRunProps } from '../types.ts';

export function PublishedNodes({ datasetId, run }: MethodRunProps) {
  const { record, summary } = run;
  const { value: view, error } = useRunTree(datasetId, record);
  const published = useMemo(() => new Set((summary.generalizedItems ?? []).map((g) => g.label)), [summary]);
  if (error) return <p className="error">{error}</p>;
  if (!view) return <p className="muted">Drawing the hierarchy…</p>;
  return (
    <div className="published-nodes" data-testid="published-nodes">
      <h3>The cut of the hierarchy this release publishes</h3>
      <p className="small" data-testid="published-count">
        {published.size} node(s) of the hierarchy stand for{' '}
        {summary.generalizedItems?.reduce((s, g) => s + g.items.length, 0) ?? 0} items; every other item is
        published as itself. Chosen by {String(record.notes['chosen by'])}: NCP = {String(record.notes.NCP)}{' '}
        (each occurrence of an item costs the share of the data's items its node stands for; 0 = nothing
        generalized, 1 = everything to the root).
      </p>
      <HierarchyTree
        view={view}
        highlight={published}
        testId="published-tree"
        exportName={`${record.method}-k${record.params.k}-m${record.params.m}-cut`}
      />
    </div>
  );
}
