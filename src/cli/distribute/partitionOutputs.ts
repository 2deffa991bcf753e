/**
 * What a partition's task left in its attempt directory (issue 35): its release and audit, and the
 * method's own time from its printed run record.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PartitionResult } from '../../core/distribute/mergeResults.ts';
import { parseAudit, parseRelease } from '../../core/release/parseRelease.ts';

/**
 * A partition's release and audit, their shapes checked (release/parseRelease.ts). Not their header
 * against the method's params (run/releaseMethod.ts, as `evaluate` does): a partition of apriori-km
 * generalizes over the shared hierarchy file and so names no `f` (its header says `hierarchy:
 * given`), and the merged release carries the run's own header anyway.
 */
export function readPartition(dir: string): Pick<PartitionResult, 'release' | 'audit'> {
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  const release = parseRelease(read('release.json'), join(dir, 'release.json'));
  return {
    release,
    audit: parseAudit(read('audit.json'), join(dir, 'audit.json'), release.kind, release.model),
  };
}

export function partitionRuntime(dir: string): number | null {
  try {
    return JSON.parse(readFileSync(join(dir, 'record.json'), 'utf8')).runtime_ms ?? null;
  } catch {
    return null;
  }
}
