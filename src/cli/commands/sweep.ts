/**
 * `sweep <spec.json> [--workers N] --out results.json` (DESIGN.md sec. 6): runs every expanded run
 * of the spec on its dataset and writes the results file the UI charts read. Runs go one after the
 * other in this process for now (`--workers` is accepted and only 1 is honoured); a run that fails
 * (infeasible parameters) is recorded with its error, never as a result.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { runMethod } from '../../core/experiment/runMethod.ts';
import { expandSweep, validateSweepSpec, type SweepResults } from '../../core/experiment/sweep.ts';
import { allowOnly, intFlag, requirePositional, type ParsedArgs } from '../args.ts';
import { CliError } from '../cliError.ts';
import { readDataset } from '../readDataset.ts';

export async function sweepCommand(args: ParsedArgs): Promise<{ runs: number; failed: number; out: string }> {
  allowOnly(args, ['workers', 'out']);
  const [specPath] = requirePositional(args, 1, 'sweep <spec.json> [--workers N] --out results.json');
  intFlag(args, 'workers', 1, 1);
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
  const spec = validateSweepSpec(raw, specPath);
  const datasetPath = resolve(dirname(specPath), spec.dataset);
  const { dataset } = await readDataset(datasetPath, { format: spec.format });
  const results: SweepResults = { format: 'txanon-results/1', runs: [] };
  for (const request of expandSweep(spec)) {
    try {
      const { record } = runMethod(dataset, request, {
        peakBytes: () => process.resourceUsage().maxRSS * 1024,
      });
      results.runs.push({
        ...record,
        command: record.command.replace(/ (\S+) --method/, ` ${spec.dataset} --method`),
      });
    } catch (error) {
      results.runs.push({
        method: request.method,
        params: request.params as Record<string, string | number | boolean>,
        seed: request.seed,
        error: (error as Error).message,
      });
    }
  }
  writeFileSync(out, JSON.stringify(results, null, 1) + '\n');
  return { runs: results.runs.length, failed: results.runs.filter((r) => 'error' in r).length, out };
}
