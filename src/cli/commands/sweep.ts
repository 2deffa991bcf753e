/**
 * `sweep <spec.json> [--workers N] --out results.json` (DESIGN.md sec. 6): runs every expanded run
 * of the spec on its dataset in N worker threads (default: the machine's cores, at most one per
 * run) that share the parsed dataset, and writes the results file the UI charts read. Each run
 * goes whole to one thread, so its runtime_ms is a one-worker time whatever N is. The spec is
 * checked whole before any run (checkSweep.ts). A run that fails on an infeasible setting is
 * recorded with its error, never as a result; a run that fails with an internal error is recorded
 * too (`errorKind: "internal"`), and the command then exits 1.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { isFailedRun, type FailedRun, type SweepResults } from '../../core/experiment/results.ts';
import { checkSweepRuns } from '../../core/experiment/checkSweep.ts';
import { expandSweep, validateSweepSpec } from '../../core/experiment/sweep.ts';
import { METHODS } from '../../core/methods/registry.ts';
import { createNodePool } from '../../../workers/node/nodePool.ts';
import { runSweepOnPool } from '../../../workers/sweepRun.ts';
import { allowOnly, intFlag, requirePositional, type ParsedArgs } from '../args.ts';
import { CliError } from '../cliError.ts';
import { checkOutputPaths } from '../outputPaths.ts';
import { readDataset } from '../readDataset.ts';
import { MEMORY_FLAG, memoryMbFlag } from '../memoryFlag.ts';

export async function sweepCommand(
  args: ParsedArgs,
): Promise<{ runs: number; failed: number; workers: number; wall_ms: number; out: string }> {
  allowOnly(args, ['workers', 'out', MEMORY_FLAG]);
  const [specPath] = requirePositional(
    args,
    1,
    'sweep <spec.json> [--workers N] [--memory-mb N] --out results.json',
  );
  checkOutputPaths(args, ['out'], [specPath], ['out']);
  const out = args.flags.get('out')!;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(specPath, 'utf8'));
  } catch (error) {
    throw new CliError(
      `${specPath}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `not valid JSON (${(error as Error).message})`}`,
    );
  }
  const spec = validateSweepSpec(
    raw,
    specPath,
    METHODS.map((m) => m.id),
  );
  checkSweepRuns(spec, specPath);
  // Every run's own budget (with N workers, N runs at once).
  const memoryMb = memoryMbFlag(args);
  const requests = expandSweep(spec).map((request) => ({ ...request, memoryMb }));
  const workers = intFlag(args, 'workers', Math.min(availableParallelism(), requests.length), 1);
  const { dataset, warnings } = await readDataset(resolve(dirname(specPath), spec.dataset), {
    format: spec.format,
  });
  const pool = createNodePool(workers);
  try {
    await pool.register('sweep', dataset.toHandle());
    const started = performance.now();
    const { runs } = await runSweepOnPool(pool, 'sweep', requests, new Set());
    const wall = performance.now() - started;
    const results: SweepResults = {
      format: 'txanon-results/1',
      spec,
      runs: runs.map((run) =>
        run && 'command' in run
          ? { ...run, command: run.command.replace(/ (\S+) --method/, ` ${spec.dataset} --method`) }
          : run!,
      ),
    };
    if (warnings.total > 0) results.parseWarnings = warnings;
    writeFileSync(out, JSON.stringify(results, null, 1) + '\n');
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
  } finally {
    pool.terminate();
  }
}
