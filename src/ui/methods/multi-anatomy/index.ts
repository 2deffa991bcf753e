/**
 * multi-anatomy's additions to the page: the l-diversity reading in force and the feasibility of the
 * setting beside the form, the phi² heatmap with each run.
 */
import { lazy } from 'react';
import type { MethodViews } from '../types.ts';

export const multiAnatomyViews: MethodViews = {
  FormTools: lazy(() => import('./DiversityTools.tsx').then((m) => ({ default: m.DiversityTools }))),
  RunExtras: lazy(() => import('./PhiHeatmap.tsx').then((m) => ({ default: m.PhiHeatmap }))),
};
