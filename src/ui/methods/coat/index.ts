/** COAT's additions to the page: its teaching view (Example 4.1), Pgen and the hierarchy weights. */
import { lazy } from 'react';
import type { MethodViews } from '../types.ts';

export const coatViews: MethodViews = {
  TeachingView: lazy(() => import('./CoatTeachingView.tsx').then((m) => ({ default: m.CoatTeachingView }))),
  FormTools: lazy(() => import('./CoatTools.tsx').then((m) => ({ default: m.CoatTools }))),
};
