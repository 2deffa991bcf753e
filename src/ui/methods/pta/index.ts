/** PTA's additions to the page: its teaching view (Lin et al., Figs. 2-7). */
import { lazy } from 'react';
import type { MethodViews } from '../types.ts';

export const ptaViews: MethodViews = {
  TeachingView: lazy(() => import('./PtaTeachingView.tsx').then((m) => ({ default: m.PtaTeachingView }))),
};
