/**
 * `sweep <spec.json> [--workers N] --out results.json` (DESIGN.md sec. 6): runs every expanded run
 * of the spec on its dataset in N worker threads (default: the machine's cores, at most one per
 * run; at most 4 x the hardware threads) that share the parsed dataset, and writes the results
 * file the UI charts read. Each run goes whole to one thread, so its runtime_ms is a one-worker
 * time whatever N is. The spec is checked whole before any run (checkSweep.ts), and --out against
 * the spec and its dataset by file identity (outputFiles.ts). A run that fails on an infeasible
 * setting is recorded with its error, never as a result; a run that fails with an internal error
 * is recorded too (`errorKind: "internal"`), and the command then exits 1.
 */
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { isFailedRun, type FailedRun, type SweepResults } from '../../core/experiment/results.ts';
import { checkSweepData, checkSweepRuns } from '../../core/experiment/checkSweep.ts';
import { expandSweep, validateSweepSpec } from '../../core/experiment/sweep.ts';
import { METHODS } from '../../core/methods/registry.ts';
import { createNodePool } from '../../../workers/node/nodePool.ts';
import { runSweepOnPool } from '../../../workers/sweepRun.ts';
import { CliError } from '../cliError.ts';
import { workersFlag } from '../commonFlags.ts';
import { readTextFile } from '../fileErrors.ts';
import type { CommandSpec } from '../flagSpec.ts';
import { planOutputs } from '../outputFiles.ts';
import { readDataset } from '../readDataset.ts';
import { MEMORY_FLAG, memoryMbOf } from '../memoryBudget.ts';
import { QUIET_FLAG, withProgress, type Progress } from '../progress.ts';
import type { FlagValues } from '../readCommandLine.ts';

interface SweepOutput {
  runs: number;
  failed: number;
  workers: number;
  wall_ms: number;
  out: string;
}

export const sweepCommand: CommandSpec<SweepOutput> = {
  name: 'sweep',
  summary: 'runs a sweep spec (methods x parameter values x seeds) in worker threads',
  positional: [{ name: 'spec.json', help: 'the sweep spec (DESIGN.md sec. 6)' }],
  flags: [
    workersFlag('the hardware threads, at most one per run'),
    { ...MEMORY_FLAG, help: `${MEMORY_FLAG.help} (each run's own: N workers run N at once)` },
    { name: 'out', kind: 'path-out', required: true, help: 'the results (txanon-results/1)' },
    QUIET_FLAG,
  ],
  run: (values) => withProgress(values, (progress) => sweep(values, progress)),
};

async function sweep(values: FlagValues, progress: Progress): Promise<SweepOutput> {
  const [specPath] = values.positional;
  const out = values.path('out')!;
  const text = readTextFile(specPath, specPath);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${specPath}: not valid JSON (${(error as Error).message})`);
  }
  const spec = validateSweepSpec(
    raw,
    specPath,
    METHODS.map((m) => m.id),
  );
  checkSweepRuns(spec, specPath);
  // Every run's own budget (with N workers, N runs at once).
  const memoryMb = memoryMbOf(values);
  const requests = expandSweep(spec).map((request) => ({ ...request, memoryMb }));
  const datasetPath = resolve(dirname(specPath), spec.dataset);
  const outputs = planOutputs(
    [...values.inputs(), { what: `the dataset of ${specPath}`, path: datasetPath }],
    values.outputs(),
  );
  const workers = values.integer('workers') ?? Math.min(availableParallelism(), requests.length);
  const { dataset, warnings } = await readDataset(datasetPath, { format: spec.format }, progress.read);
  checkSweepData(spec, specPath, dataset);
  const pool = createNodePool(workers);
  let results: SweepResults;
  let wall: number;
  try {
    await pool.register('sweep', dataset.toHandle());
    const started = performance.now();
    progress.stage('runs', requests.length);
    let finished = 0;
    const { runs } = await runSweepOnPool(pool, 'sweep', requests, new Set(), {
      onRun: (index) => progress.count(++finished, `last: ${requests[index].method}`),
    });
    wall = performance.now() - started;
    results = {
      format: 'txanon-results/1',
      spec,
      runs: runs.map((run) =>
        run && 'command' in run
          ? { ...run, command: run.command.replace(/ (\S+) --method/, ` ${spec.dataset} --method`) }
          : run!,
      ),
    };
  } finally {
    pool.terminate();
  }
  if (warnings.total > 0) results.parseWarnings = warnings;
  await outputs.publish(() => outputs.writeText(out, JSON.stringify(results, null, 1)));
  // An infeasible setting is a result (a failed run); a run that broke is a failure of the tool.
  const broken = results.runs.filter((r) => isFailedRun(r) && r.errorKind === 'internal');
  if (broken.length > 0)
    throw new CliError(
      `${broken.length} run(s) failed with an internal error (all runs are in ${out}); the first: ${(broken[0] as FailedRun).error}`,
      1,
    );
  return {
    runs: results.runs.length,
    failed: results.runs.filter((r) => 'error' in r).length,
    workers,
    wall_ms: Math.round(wall),
    out,
  };
}
