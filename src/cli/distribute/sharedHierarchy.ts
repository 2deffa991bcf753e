/**
 * The one hierarchy of a distributed run (issue 35; DESIGN.md sec. 7): when the run names no
 * hierarchy file, the one the method would build from the data is built here once, on the whole
 * input, and given to every partition as a file: apriori-km's generalization hierarchy, and
 * DiffPart's taxonomy, which is its public item domain.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dataset } from '../../core/data/dataset.ts';
import type { Hierarchy } from '../../core/data/hierarchy/hierarchy.ts';
import { serializeHierarchy } from '../../core/data/hierarchy/serializeHierarchy.ts';
import { diffPartTaxonomy } from '../../core/dp/taxonomy.ts';
import { hierarchyOf, type HierarchyChoice } from '../../core/methods/shared/hierarchyParam.ts';
import type { MethodParams, MethodSpec } from '../../core/methods/types.ts';

/**
 * The hierarchy a method would build from the data when given none, built once on the whole input
 * and written into the work directory for every partition (undefined: the method takes none, or
 * one was given, which every partition reads itself).
 * - apriori-km (balanced, fan-out f, items in `order`): each partition's cut is then a cut of the
 *   one tree, and their join (the merge) is too, its nodes under their own names. Built per
 *   partition, the trees would differ and the join of their cuts would be coarse and nameless.
 * - DiffPart (balanced, fan-out f, over the items in token order): the taxonomy's leaves are the
 *   public item domain, and every part must split over the same one, with the same budget plan,
 *   so that the parts are runs of one mechanism on disjoint data (parallel composition) and the
 *   merged release replays on the taxonomy its header names: the one built over the whole input's
 *   items. A part's own items would make its domain, its tree and its plan depend on which rows it
 *   got. The merged run warns that this domain is the file's own items (core/run/runWarnings.ts).
 */
export function sharedHierarchy(
  dataset: Dataset,
  spec: MethodSpec,
  params: MethodParams,
  workDir: string,
): string | undefined {
  const names = new Set(spec.params.map((p) => p.name));
  if (!names.has('hierarchy') || !names.has('f')) return undefined;
  if (String(params.hierarchy ?? '').trim() !== '') return undefined;
  let hierarchy: Hierarchy;
  if (spec.model === 'differential-privacy')
    hierarchy = diffPartTaxonomy(dataset, { hierarchy: '', f: Number(params.f) }).hierarchy;
  else if (names.has('order'))
    hierarchy = hierarchyOf(dataset, params as unknown as HierarchyChoice).hierarchy;
  else return undefined;
  const path = join(workDir, 'hierarchy.csv');
  writeFileSync(path, serializeHierarchy(hierarchy));
  return path;
}
