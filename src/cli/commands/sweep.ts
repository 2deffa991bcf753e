/**
 * `sweep <spec.json> [--workers N] --out results.json` (DESIGN.md sec. 6): runs every expanded run
 * of the spec on its dataset in N worker threads (default: the machine's cores, at most one per
 * run) that share the parsed dataset, and writes the results file the UI charts read. Each run
 * goes whole to one thread, so its runtime_ms is a one-worker time whatever N is. A run that fails
 * (infeasible parameters) is recorded with its error, never as a result.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import type { SweepResults } from '../../core/experiment/results.ts';
import { expandSweep, validateSweepSpec } from '../../core/experiment/sweep.ts';
import { METHODS } from '../../core/methods/registry.ts';
import { createNodePool } from '../../../workers/node/nodePool.ts';
import { runSweepOnPool } from '../../../workers/sweepRun.ts';
import { allowOnly, intFlag, requirePositional, type ParsedArgs } from '../args.ts';
import { CliError } from '../cliError.ts';
import { readDataset } from '../readDataset.ts';

export async function sweepCommand(
  args: ParsedArgs,
): Promise<{ runs: number; failed: number; workers: number; wall_ms: number; out: string }> {
  allowOnly(args, ['workers', 'out']);
  const [specPath] = requirePositional(args, 1, 'sweep <spec.json> [--workers N] --out results.json');
  const out = args.flags.get('out');
  if (!out) throw new CliError('sweep needs --out results.json');
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
  const requests = expandSweep(spec);
  const workers = intFlag(args, 'workers', Math.min(availableParallelism(), requests.length), 1);
  const { dataset } = await readDataset(resolve(dirname(specPath), spec.dataset), { format: spec.format });
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
    writeFileSync(out, JSON.stringify(results, null, 1) + '\n');
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
