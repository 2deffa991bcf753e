/**
 * Differentially private partitions that hold no item (issue 35). The item-hash split can leave a
 * partition empty (few distinct rows, many parts), or with empty rows only; no partition file can
 * hold that (every reader refuses a file without an item), so such a partition runs here, in the
 * driver, on an empty dataset. It must run: whether a partition is empty depends on the data, and a
 * partition left out would publish nothing where one row more would have published noisy counts,
 * which tells that row apart (an unbounded privacy loss). DiffPart on an empty partition draws every
 * sub-partition's noise as it would on any data (only the tails past the thresholds: Chen et al.
 * Sec. 4.2, dp-notes D5), with the partition's own noise, on the one shared taxonomy. Other models
 * run every partition as a task, as before (their splits never leave one empty).
 */
import { readFileSync } from 'node:fs';
import type { Dataset } from '../../core/data/dataset.ts';
import { DatasetBuilder } from '../../core/data/datasetBuilder.ts';
import { partNoiseSeed } from '../../core/distribute/dpParts.ts';
import type { PartitionResult } from '../../core/distribute/mergeResults.ts';
import type { MethodSpec } from '../../core/methods/types.ts';
import { runMethod } from '../../core/run/runMethod.ts';
import type { RunRequest } from '../../core/run/runRecord.ts';

/** True when partition `rows` of a run of `spec` runs in the driver: a DP partition with no item. */
export function runsInDriver(spec: MethodSpec, dataset: Dataset, rows: readonly number[]): boolean {
  return spec.model === 'differential-privacy' && rows.every((r) => dataset.rowLength(r) === 0);
}

/**
 * Partition `part`'s result, made here: the method on `rows` (all empty) with the run's params, the
 * shared hierarchy file when there is one, and the noise a task of that partition would draw (its
 * own seed when the run was seeded, else the system's randomness).
 */
export function runInDriver(
  dataset: Dataset,
  request: RunRequest,
  rows: readonly number[],
  part: number,
  hierarchyFile: string | undefined,
): PartitionResult {
  const builder = new DatasetBuilder();
  for (let i = 0; i < rows.length; i++) builder.addTokens([]);
  const empty = builder.build(`${dataset.name} (partition ${part})`, dataset.format);
  const seeded = request.seededNoise === true;
  const { release, audit } = runMethod(empty, {
    method: request.method,
    params: { ...request.params, ...(hierarchyFile && { hierarchy: readFileSync(hierarchyFile, 'utf8') }) },
    seed: seeded ? partNoiseSeed(request.seed, part) : request.seed,
    seededNoise: seeded,
    metrics: [],
  });
  return { rows, release, audit };
}
