/**
 * The hierarchy a finished run worked over, as a tree view (the run's `tree` extra, computed in a
 * worker with the run's own params and seed): apriori-km's cut and DiffPart's taxonomy draw it.
 */
import type { HierarchyView } from '../../core/data/hierarchy/treeView.ts';
import type { RunRecord } from '../../core/run/runRecord.ts';
import { useMethodExtra } from './useMethodExtra.ts';

export function useRunTree(datasetId: string, record: RunRecord) {
  return useMethodExtra<HierarchyView>(datasetId, {
    method: record.method,
    params: record.params,
    seed: record.seed,
    extra: 'tree',
  });
}
