/** What gray-cahd and rcm-cahd add to the page: the teaching view of Ghinita Fig. 1. */
import { lazy } from 'react';
import type { MethodViews } from '../../types.ts';

export const pDegreeViews: MethodViews = {
  TeachingView: lazy(() =>
    import('./PDegreeTeachingView.tsx').then((m) => ({ default: m.PDegreeTeachingView })),
  ),
};
