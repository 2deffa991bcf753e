/**
 * `anonymize <file> --method ID [--<param> v ...] [--sensitive a,b | --sensitive-top M |
 * --sensitive-random M] [--seed S] --out release.json [--audit audit.json] [--metrics a,b]`
 * (DESIGN.md sec. 6): runs the method, verifies the release, writes it, prints the run record.
 * Everything is checked before the file is read: flags, params, seed, sensitive choice (none for
 * a method without sensitive items; at least one for p-degree), output paths.
 * `--workers N` (default: the hardware threads) runs a method's independent tasks on N worker
 * threads (PTA's segments, PatternKa's minings); the release does not depend on N.
 * `--rules-out FILE` also writes the run's rules (sec. 7, core/run/rules.ts) for `apply`. A parse
 * error in a file given to a `text` param (a hierarchy, constraints) names that file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { runMethod, type RunHooks, type RunOutcome } from '../../core/run/runMethod.ts';
import type { Dataset } from '../../core/data/dataset.ts';
import type { ContextHooks } from '../../core/run/resolveRequest.ts';
import { createNodePool } from '../../../workers/node/nodePool.ts';
import { roundsHere } from '../../../workers/roundsHere.ts';
import { rulesJson, rulesOf } from '../../core/run/rules.ts';
import { ParseError } from '../../core/data/parsers/parseError.ts';
import type { RunRecord, RunRequest } from '../../core/run/runRecord.ts';
import { findMethod } from '../../core/methods/registry.ts';
import type { MethodSpec } from '../../core/methods/types.ts';
import { resolveRequest } from '../../core/run/resolveRequest.ts';
import type { SensitiveChoice } from '../../core/data/sensitive.ts';
import { releaseJson } from '../../core/release/exportRelease.ts';
import {
  allowOnly,
  BOOLEAN_FLAGS,
  intFlag,
  listFlag,
  parseInteger,
  requirePositional,
  seedFlag,
  tokenListFlag,
  type ParsedArgs,
} from '../args.ts';
import { checkOutputPaths } from '../outputPaths.ts';
import { CliError } from '../cliError.ts';
import { PARSE_FLAGS, parseFlags, readDataset } from '../readDataset.ts';

const RUN_FLAGS = [
  'method',
  'seed',
  'out',
  'audit',
  'metrics',
  'sensitive',
  'sensitive-top',
  'sensitive-random',
  'queries',
  'q',
  'min-support',
  'min-confidence',
  'rules-out',
  'workers',
];

export async function anonymizeCommand(args: ParsedArgs): Promise<RunRecord> {
  const [file] = requirePositional(
    args,
    1,
    'anonymize <file> --method ID [--<param> value ...] --out release.json',
  );
  const methodId = args.flags.get('method');
  if (!methodId) throw new CliError('anonymize needs --method ID (see `methods`)');
  const spec = findMethod(methodId);
  if (!spec) throw new CliError(`unknown method '${methodId}' (see \`methods\`)`);
  allowOnly(
    args,
    [...PARSE_FLAGS, ...RUN_FLAGS, ...spec.params.map((p) => p.name)],
    [...BOOLEAN_FLAGS, ...spec.params.filter((p) => p.type === 'boolean').map((p) => p.name)],
  );
  const textFiles = spec.params.filter((p) => p.type === 'text' && args.flags.has(p.name));
  checkOutputPaths(
    args,
    ['out', 'audit', 'rules-out'],
    [file, ...textFiles.map((p) => args.flags.get(p.name)!)],
    ['out'],
  );
  if (
    args.flags.has('rules-out') &&
    spec.releaseKind !== 'generalized' &&
    spec.releaseKind !== 'transactions'
  )
    throw new CliError(
      `--rules-out: ${spec.id} publishes a ${spec.releaseKind} release; rules are written for k^m, COAT and k-anonymity runs`,
    );
  // `text` params (constraint files) are given as file paths and passed on as their content.
  const files: Record<string, string> = {};
  const params = Object.fromEntries(
    spec.params.map((p) => {
      const value = args.flags.get(p.name);
      if (p.type !== 'text' || value === undefined) return [p.name, value];
      files[p.name] = value;
      try {
        return [p.name, readFileSync(value, 'utf8')];
      } catch {
        throw new CliError(`${value}: cannot read the file given to --${p.name}`);
      }
    }),
  );
  const request: RunRequest = {
    method: methodId,
    params,
    files,
    seed: seedFlag(args),
    sensitive: sensitiveFlag(args, spec),
    metrics: listFlag(args, 'metrics'),
    metricOptions: {
      queries: optionalInt(args, 'queries'),
      q: optionalInt(args, 'q'),
      minSupport: optionalFraction(args, 'min-support'),
      minConfidence: optionalFraction(args, 'min-confidence'),
    },
  };
  // Params are checked before the file is read: a typo costs nothing.
  resolveRequest(request);
  const workers = intFlag(args, 'workers', availableParallelism(), 1);
  const { dataset, warnings } = await readDataset(file, parseFlags(args));
  let outcome: RunOutcome;
  try {
    const hooks = { peakBytes: () => process.resourceUsage().maxRSS * 1024, memoryBudget: memoryBudget() };
    const pooled =
      workers > 1 && (spec.rounds || spec.parallel) ? await onPool(workers, dataset, request, hooks) : {};
    outcome = runMethod(dataset, { ...request }, { ...hooks, ...pooled });
  } catch (error) {
    // A text param's document is parsed as `<param name>`: name the file it came from.
    const path = error instanceof ParseError ? files[error.file] : undefined;
    if (path && error instanceof ParseError)
      throw new ParseError(path, error.line, error.column, error.reason);
    throw error;
  }
  const { record, release, audit } = outcome;
  // The audit first: a release is never left on disk without the audit that checks it.
  const auditPath = args.flags.get('audit');
  if (auditPath) writeFileSync(auditPath, JSON.stringify(audit) + '\n');
  writeFileSync(args.flags.get('out')!, releaseJson(release) + '\n');
  const rulesOut = args.flags.get('rules-out');
  const rules =
    rulesOut && rulesOf(dataset, release, audit, { hierarchy: outcome.hierarchy, join: outcome.join });
  if (rulesOut && rules) writeFileSync(rulesOut, rulesJson(rules) + '\n');
  // A constraint file's content stays out of the printed record: it names the file instead.
  const shownParams = { ...record.params, ...files };
  return {
    ...record,
    params: shownParams,
    ...(warnings.total > 0 ? { parseWarnings: warnings } : {}),
    command: record.command.replace(/ (\S+) --method/, ` ${file} --method`),
  };
}

/**
 * A method with independent tasks (PTA's segments, PatternKa's minings split by Alg. 5) runs them
 * on `workers` worker threads, coordinated here (workers/roundsHere.ts): the same release as in one
 * thread (`--workers 1`), in less time when cores are free.
 */
async function onPool(
  workers: number,
  dataset: Dataset,
  request: RunRequest,
  hooks: ContextHooks,
): Promise<Pick<RunHooks, 'result' | 'elapsedMs'>> {
  const pool = createNodePool(workers);
  try {
    await pool.register('cli', dataset.toHandle());
    return await roundsHere(pool, 'cli', dataset, request, hooks);
  } finally {
    pool.terminate();
  }
}

function sensitiveFlag(args: ParsedArgs, spec: MethodSpec): SensitiveChoice | undefined {
  const given = ['sensitive', 'sensitive-top', 'sensitive-random'].filter((f) => args.flags.has(f));
  if (given.length > 1)
    throw new CliError(
      `choose one of --sensitive, --sensitive-top, --sensitive-random (got ${given.join(', ')})`,
    );
  if (given.length > 0 && !spec.needsSensitive)
    throw new CliError(`--${given[0]}: ${spec.id} (${spec.model}) has no sensitive items; leave it out`);
  if (args.flags.has('sensitive')) return { items: tokenListFlag(args, 'sensitive')! };
  // A p-degree release over no sensitive item protects nothing: at least one.
  if (args.flags.has('sensitive-top')) return { top: intFlag(args, 'sensitive-top', 1, 1) };
  if (args.flags.has('sensitive-random')) return { random: intFlag(args, 'sensitive-random', 1, 1) };
  return undefined;
}

/** `TXANON_MEMORY_MB`: the memory budget of a run (memoryBudget.ts), when set. */
function memoryBudget(): number | undefined {
  const raw = process.env.TXANON_MEMORY_MB;
  return raw === undefined ? undefined : parseInteger(raw, 'TXANON_MEMORY_MB', 1) * 1024 * 1024;
}

function optionalInt(args: ParsedArgs, name: string): number | undefined {
  return args.flags.has(name) ? intFlag(args, name, 0, 1) : undefined;
}

function optionalFraction(args: ParsedArgs, name: string): number | undefined {
  const raw = args.flags.get(name);
  if (raw === undefined) return undefined;
  const value = /^\s*(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(raw) ? Number(raw) : NaN;
  if (!(value > 0 && value <= 1)) throw new CliError(`--${name} must be a fraction in (0, 1], got '${raw}'`);
  return value;
}
