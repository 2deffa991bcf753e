/**
 * With a finished DiffPart run: the taxonomy it partitioned over as a tree (the hierarchy
 * machinery's view), the nodes its splits expanded marked: where the noisy counts were large enough
 * to specialise the data further (Chen et al. Sec. 4; the rest stayed too rare to publish).
 */
import { useMemo } from 'react';
import { HierarchyTree } from '../../widgets/HierarchyTree.tsx';
import { useRunTree } from '../useRunTree.ts';
import type { MethodRunProps } from '../types.ts';

export function PartitionedTaxonomy({ datasetId, run }: MethodRunProps) {
  const { record, summary } = run;
  const { value: view, error } = useRunTree(datasetId, record);
  const expanded = useMemo(() => new Set(summary.dp?.expanded ?? []), [summary]);
  if (error) return <p className="error">{error}</p>;
  if (!view) return <p className="muted">Drawing the taxonomy…</p>;
  return (
    <div className="published-nodes" data-testid="diffpart-taxonomy">
      <h3>The taxonomy DiffPart partitioned over</h3>
      <p className="small">
        {String(record.notes.taxonomy)}. Marked: the {expanded.size} node(s) some split expanded, where noisy
        counts reached their thresholds; below the others the data stayed too rare to publish at ε ={' '}
        {String(record.params.epsilon)}.
      </p>
      <HierarchyTree
        view={view}
        highlight={expanded}
        testId="diffpart-tree"
        marked={{ word: 'expanded', sentence: 'some split expanded' }}
        exportName={`${record.method}-eps${record.params.epsilon}-taxonomy`}
      />
    </div>
  );
}
