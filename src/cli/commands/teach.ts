/**
 * `teach <file> --method ID [--<param> v ...] [--sensitive ...] [--seed S] --out steps.json`
 * (DESIGN.md sec. 6): the method's teaching trace (core/teach/trace.ts: every step with its text,
 * the paper's section, the data drawn as it stands, the candidates weighed), recorded from the
 * method's own run (core/run/teachRun.ts), whose release is the last step. Refused, with exit code
 * 2 naming the limit, for a method without a stepper or a file above its teaching limit. Prints
 * `{ method, transactions, steps, omitted, limit, out }`.
 */
import { findMethod } from '../../core/methods/registry.ts';
import { resolveRequest } from '../../core/run/resolveRequest.ts';
import { teachRun } from '../../core/run/teachRun.ts';
import { allowOnly, BOOLEAN_FLAGS, requirePositional, seedFlag, type ParsedArgs } from '../args.ts';
import { CliError } from '../cliError.ts';
import { methodParams } from '../methodParams.ts';
import { checkOutputPaths } from '../outputPaths.ts';
import { PARSE_FLAGS, parseFlags, readDataset } from '../readDataset.ts';
import { SENSITIVE_FLAGS, sensitiveFlag } from '../sensitiveFlags.ts';
import { writeTextFile } from '../writePieces.ts';

export interface TeachOutput {
  method: string;
  transactions: number;
  steps: number;
  omitted: number;
  limit: { rows: number; steps: number };
  out: string;
}

export async function teachCommand(args: ParsedArgs): Promise<TeachOutput> {
  const [file] = requirePositional(
    args,
    1,
    'teach <file> --method ID [--<param> value ...] --out steps.json',
  );
  const methodId = args.flags.get('method');
  if (!methodId) throw new CliError('teach needs --method ID (see `methods`)');
  const spec = findMethod(methodId);
  if (!spec) throw new CliError(`unknown method '${methodId}' (see \`methods\`)`);
  if (!spec.teach) throw new CliError(`${spec.id} has no teaching stepper`);
  allowOnly(
    args,
    [...PARSE_FLAGS, 'method', 'seed', 'out', ...SENSITIVE_FLAGS, ...spec.params.map((p) => p.name)],
    [...BOOLEAN_FLAGS, ...spec.params.filter((p) => p.type === 'boolean').map((p) => p.name)],
  );
  const { params, files } = methodParams(args, spec);
  checkOutputPaths(args, ['out'], [file, ...Object.values(files)], ['out']);
  const request = { method: spec.id, params, seed: seedFlag(args), sensitive: sensitiveFlag(args, spec) };
  resolveRequest(request); // params checked before the file is read
  const { dataset } = await readDataset(file, parseFlags(args));
  const trace = teachRun(dataset, request);
  const out = args.flags.get('out')!;
  writeTextFile(out, JSON.stringify(trace));
  return {
    method: spec.id,
    transactions: dataset.n,
    steps: trace.steps.length,
    omitted: trace.omitted,
    limit: trace.limits,
    out,
  };
}
