/**
 * The page's registry of method views, keyed by method id: what a method's UI folder adds to the
 * Anonymize panel and to its runs (types.ts). A method without an entry has none; adding one is
 * its folder and one line here.
 */
import { aprioriKmViews } from './apriori-km/index.ts';
import { coatViews } from './coat/index.ts';
import { diffPartViews } from './diffpart/index.ts';
import { multiAnatomyViews } from './multi-anatomy/index.ts';
import type { MethodViews } from './types.ts';

export const METHOD_VIEWS: Readonly<Record<string, MethodViews>> = {
  coat: coatViews,
  'apriori-km': aprioriKmViews,
  'multi-anatomy': multiAnatomyViews,
  diffpart: diffPartViews,
};

export function methodViews(id: string): MethodViews {
  return METHOD_VIEWS[id] ?? {};
}
