/** COAT's additions to the page: its teaching view (Example 4.1) and the Pgen tool. */
import { lazy } from 'react';
import type { MethodViews } from '../types.ts';

export const coatViews: MethodViews = {
  TeachingView: lazy(() => import('./CoatTeachingView.tsx').then((m) => ({ default: m.CoatTeachingView }))),
  FormTools: lazy(() => import('./PgenButton.tsx').then((m) => ({ default: m.PgenButton }))),
};
