/** multi-anatomy's additions to the page: the phi² heatmap with each run. */
import { lazy } from 'react';
import type { MethodViews } from '../types.ts';

export const multiAnatomyViews: MethodViews = {
  RunExtras: lazy(() => import('./PhiHeatmap.tsx').then((m) => ({ default: m.PhiHeatmap }))),
};
