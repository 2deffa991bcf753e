/** COAT's additions to the page: Pgen and the hierarchy weights beside the form. */
import { lazy } from 'react';
import type { MethodViews } from '../types.ts';

export const coatViews: MethodViews = {
  FormTools: lazy(() => import('./CoatTools.tsx').then((m) => ({ default: m.CoatTools }))),
};
