/** apriori-km's additions to the page: the hierarchy choice beside the form, the published cut with a run. */
import { lazy } from 'react';
import type { MethodViews } from '../types.ts';

export const aprioriKmViews: MethodViews = {
  FormTools: lazy(() =>
    import('./AprioriHierarchyTool.tsx').then((m) => ({ default: m.AprioriHierarchyTool })),
  ),
  RunExtras: lazy(() => import('./PublishedNodes.tsx').then((m) => ({ default: m.PublishedNodes }))),
};
