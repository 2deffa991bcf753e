/**
 * `anonymize <file> --method ID [--<param> v ...] [--sensitive a,b | --sensitive-top M |
 * --sensitive-random M | --sensitive-band M] [--seed S] --out release.json [--audit audit.json]
 * [--metrics a,b] [--export FILE [--export-format F]]` (DESIGN.md sec. 6): runs the method,
 * verifies the release, writes it (and with --export the release as data, sec. 4: FILE, plus a
 * second table beside it named FILE-generalized.csv or FILE-sensitive.csv where the kind has one),
 * and prints the run record with a few rows before and after and the files written.
 * Everything is checked before the file is read: flags, params, seed, sensitive choice (none for
 * a method without sensitive items; at least one for p-degree), output paths.
 * `--workers N` (default: the hardware threads) runs a method's independent tasks on N worker
 * threads (PTA's segments, PatternKa's minings, nn's and lsh's queries); the release does not
 * depend on N. The threads start while the file is read. Without `--workers`, nn and lsh on fewer
 * than 50,000 rows run in one thread (their rounds do not pay for the threads' start there).
 * `--memory-mb N` bounds the method's large structures (memoryFlag.ts; default a quarter of the
 * machine's memory). `--rules-out FILE` also writes the run's rules (sec. 7, core/run/rules.ts) for `apply`. A parse
 * error in a file given to a `text` param (a hierarchy, constraints) names that file.
 */
import { availableParallelism } from 'node:os';
import { publishRun, type PublishedRun } from '../../core/run/publishRun.ts';
import type { RunHooks } from '../../core/run/runMethod.ts';
import type { Dataset } from '../../core/data/dataset.ts';
import { createNodePool } from '../../../workers/node/nodePool.ts';
import { roundsHere } from '../../../workers/roundsHere.ts';
import type { WorkerPool } from '../../../workers/pool.ts';
import { ParseError } from '../../core/data/parsers/parseError.ts';
import type { RunRecord, RunRequest } from '../../core/run/runRecord.ts';
import { findMethod } from '../../core/methods/registry.ts';
import type { MethodSpec } from '../../core/methods/types.ts';
import { resolveRequest } from '../../core/run/resolveRequest.ts';
import type { RowExample } from '../../core/metrics/summary/rowExamples.ts';
import { exportFormatsOf } from '../../core/release/export/exportRelease.ts';
import { EXPORT_FORMATS, isExportFormat, type ExportFormat } from '../../core/release/export/types.ts';
import {
  allowOnly,
  BOOLEAN_FLAGS,
  intFlag,
  listFlag,
  requirePositional,
  seedFlag,
  type ParsedArgs,
} from '../args.ts';
import { checkOutputPaths } from '../outputPaths.ts';
import { methodParams } from '../methodParams.ts';
import { checkedExportTargets, writeExportFiles } from '../exportFiles.ts';
import { writeTextFile } from '../writePieces.ts';
import { CliError } from '../cliError.ts';
import { METRIC_FLAGS, metricSettings } from '../metricFlags.ts';
import { PARSE_FLAGS, parseFlags, readDataset } from '../readDataset.ts';
import { SENSITIVE_FLAGS, sensitiveFlag } from '../sensitiveFlags.ts';
import { MEMORY_FLAG, memoryMbFlag } from '../memoryFlag.ts';

const RUN_FLAGS = [
  'method',
  'seed',
  'out',
  'audit',
  'metrics',
  ...SENSITIVE_FLAGS,
  'export',
  'export-format',
  ...METRIC_FLAGS,
  'rules-out',
  'workers',
  MEMORY_FLAG,
];

export interface AnonymizeOutput extends RunRecord {
  examples: RowExample[];
  /** The data files written with --export. */
  exported?: string[];
}

export async function anonymizeCommand(args: ParsedArgs): Promise<AnonymizeOutput> {
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
    ['out', 'audit', 'rules-out', 'export'],
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
  if (args.flags.has('rules-out') && spec.releaseKind === 'transactions' && !args.flags.has('audit'))
    throw new CliError(
      `--rules-out: ${spec.id}'s rules fingerprint the input's rows under a secret key kept in the audit only; give --audit audit.json too`,
    );
  // `text` params (constraint files) are given as file paths and passed on as their content.
  const { params, files } = methodParams(args, spec);
  const request: RunRequest = {
    method: methodId,
    params,
    files,
    seed: seedFlag(args),
    // An explicit --seed makes DP noise reproducible (and the release says: not for publication).
    seededNoise: args.flags.has('seed'),
    sensitive: sensitiveFlag(args, spec),
    metrics: listFlag(args, 'metrics'),
    metricOptions: metricSettings(args),
    memoryMb: memoryMbFlag(args),
  };
  const exportPath = args.flags.get('export');
  const exportFormat = exportFormatFlag(args, spec);
  // Params are checked before the file is read: a typo costs nothing.
  const { params: resolvedParams } = resolveRequest(request);
  const workers = intFlag(args, 'workers', availableParallelism(), 1);
  // The worker threads start while the file is read (each loads the engine: about a second).
  let pool = workers > 1 && (spec.rounds || spec.parallel) ? createNodePool(workers) : undefined;
  const read = readDataset(file, parseFlags(args));
  read.catch(() => pool?.terminate());
  const { dataset, warnings } = await read;
  // By default, a method whose rounds do not pay on this data (nn and lsh on small files) runs in
  // this thread; `--workers N` given always runs on N.
  if (pool && !args.flags.has('workers') && spec.rounds?.pays?.(dataset, resolvedParams) === false) {
    void pool.terminate();
    pool = undefined;
  }
  const started = performance.now();
  let outcome: PublishedRun;
  try {
    const hooks = { peakBytes: () => process.resourceUsage().maxRSS * 1024 };
    const pooled = pool ? await onPool(pool, dataset, request) : {};
    outcome = publishRun(
      dataset,
      { ...request },
      { ...hooks, ...pooled },
      { exportFormat: exportPath === undefined ? null : exportFormat, rules: args.flags.has('rules-out') },
    );
  } catch (error) {
    // A text param's document is parsed as `<param name>`: name the file it came from.
    const path = error instanceof ParseError ? files[error.file] : undefined;
    if (path && error instanceof ParseError)
      throw new ParseError(path, error.line, error.column, error.reason);
    throw error;
  }
  const { record } = outcome;
  const auditPath = args.flags.get('audit');
  const targets =
    exportPath === undefined
      ? undefined
      : checkedExportTargets(exportPath, outcome.exports, [
          file,
          ...Object.values(files),
          args.flags.get('out'),
          auditPath,
          args.flags.get('rules-out'),
        ]);
  // The audit first: a release is never left on disk without the audit that checks it.
  if (auditPath) writeTextFile(auditPath, outcome.auditJson);
  writeTextFile(args.flags.get('out')!, outcome.releaseJson);
  const exported = targets && writeExportFiles(targets, outcome.exports);
  const rulesOut = args.flags.get('rules-out');
  if (rulesOut && outcome.rulesJson) writeTextFile(rulesOut, outcome.rulesJson);
  // A constraint file's content stays out of the printed record: it names the file instead; the
  // per-query values (for paired comparisons in sweeps) stay out too.
  const shownParams = { ...record.params, ...files };
  const { perQuery: _perQuery, ...shown } = record;
  return {
    ...shown,
    params: shownParams,
    total_ms: performance.now() - started,
    ...(rulesOut && outcome.rulesPrivate ? { rules_private: `${rulesOut} ${outcome.rulesPrivate}` } : {}),
    ...(warnings.total > 0 ? { parseWarnings: warnings } : {}),
    command: record.command.replace(/ (\S+) --method/, ` ${file} --method`),
    examples: outcome.examples,
    ...(exported ? { exported } : {}),
  };
}

/**
 * A method with independent tasks (PTA's segments, PatternKa's minings split by Alg. 5, NNGroup's
 * queries answered ahead) runs them on the pool's worker threads, coordinated here
 * (workers/roundsHere.ts): the same release as in one thread (`--workers 1`), in less time when
 * cores are free. The pool is done with afterwards.
 */
async function onPool(
  pool: WorkerPool,
  dataset: Dataset,
  request: RunRequest,
): Promise<Pick<RunHooks, 'result' | 'elapsedMs'>> {
  try {
    await pool.register('cli', dataset.toHandle());
    return await roundsHere(pool, 'cli', dataset, request);
  } finally {
    pool.terminate();
  }
}

/** --export-format, checked against what the method's release kind can be written as. */
function exportFormatFlag(args: ParsedArgs, spec: MethodSpec): ExportFormat | undefined {
  const raw = args.flags.get('export-format');
  if (raw === undefined) return undefined;
  if (!args.flags.has('export')) throw new CliError('--export-format needs --export FILE');
  if (!isExportFormat(raw))
    throw new CliError(`--export-format must be one of ${EXPORT_FORMATS.join(', ')}, got '${raw}'`);
  const possible = exportFormatsOf(spec.releaseKind);
  if (!possible.includes(raw))
    throw new CliError(
      `a ${spec.releaseKind} release (${spec.id}) is written as ${possible.join(' or ')}, not ${raw} (DESIGN.md sec. 4)`,
    );
  return raw;
}
