/** diffpart's additions to the page: the hierarchy as its public domain beside the form, the partitioned taxonomy with a run. */
import { lazy } from 'react';
import type { MethodViews } from '../types.ts';

export const diffPartViews: MethodViews = {
  FormTools: lazy(() =>
    import('./DiffPartHierarchyTool.tsx').then((m) => ({ default: m.DiffPartHierarchyTool })),
  ),
  RunExtras: lazy(() =>
    import('./PartitionedTaxonomy.tsx').then((m) => ({ default: m.PartitionedTaxonomy })),
  ),
};
