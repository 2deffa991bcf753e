/**
 * The engine that runs inside every worker: it holds the datasets it knows by id and runs the
 * jobs of the worker API on them (dataset jobs in engineDatasets.ts, run jobs in engineRuns.ts),
 * every job's error turned into plain data once (engineErrors.ts). Environment-free (no `self`, no
 * DOM), so tests call it directly and the browser and Node workers only wrap it with comlink.
 */
import type { Dataset } from '../src/core/data/dataset.ts';
import { datasetJobs } from './engineDatasets.ts';
import { withEngineErrors } from './engineErrors.ts';
import { runJobs } from './engineRuns.ts';
import { hierarchyJobs } from './engineHierarchies.ts';
import { attackJobs } from './engineAttacks.ts';
import type { EngineApi } from './engineTypes.ts';

export { toEngineError } from './engineErrors.ts';

export function createEngine(): EngineApi {
  const datasets = new Map<string, Dataset>();
  const get = (id: string): Dataset => {
    const dataset = datasets.get(id);
    if (!dataset) throw new Error(`no dataset '${id}' in this worker`);
    return dataset;
  };
  return withEngineErrors({
    ...datasetJobs(datasets, get),
    ...runJobs(get),
    ...hierarchyJobs(get),
    ...attackJobs(get),
  });
}
