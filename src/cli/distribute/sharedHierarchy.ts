/**
 * apriori-km's hierarchy for a distributed run (issue 35; DESIGN.md sec. 7): when the run names no
 * hierarchy file, the one the method would build from the data is built here once, on the whole
 * input, and given to every partition as a file.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dataset } from '../../core/data/dataset.ts';
import { serializeHierarchy } from '../../core/data/hierarchy/serializeHierarchy.ts';
import { hierarchyOf, type HierarchyChoice } from '../../core/methods/shared/hierarchyParam.ts';
import type { MethodParams, MethodSpec } from '../../core/methods/types.ts';

/**
 * The hierarchy a method would build from the data when given none (apriori-km: balanced, fan-out
 * f, items in `order`), built once on the whole input and written into the work directory for every
 * partition: each partition's cut is then a cut of the one tree, and their join (the merge) is too,
 * its nodes under their own names. Built per partition, the trees would differ and the join of their
 * cuts would be coarse and nameless.
 */
export function sharedHierarchy(
  dataset: Dataset,
  spec: MethodSpec,
  params: MethodParams,
  workDir: string,
): string | undefined {
  const names = new Set(spec.params.map((p) => p.name));
  if (!names.has('hierarchy') || !names.has('f') || !names.has('order')) return undefined;
  if (String(params.hierarchy ?? '').trim() !== '') return undefined;
  const { hierarchy } = hierarchyOf(dataset, params as unknown as HierarchyChoice);
  const path = join(workDir, 'hierarchy.csv');
  writeFileSync(path, serializeHierarchy(hierarchy));
  return path;
}
