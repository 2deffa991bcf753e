/**
 * `anonymize <file> --method ID [--<param> v ...] [--sensitive a,b | --sensitive-top M |
 * --sensitive-random M | --sensitive-band M] [--seed S] --out release.json [--audit audit.json]
 * [--metrics a,b] [--export FILE [--export-format F]]` (DESIGN.md sec. 6): runs the method,
 * verifies the release, writes it (and with --export the release as data, sec. 4: FILE, plus a
 * second table beside it named FILE-generalized.csv or FILE-sensitive.csv where the kind has one),
 * and prints the run record with a few rows before and after and the files written.
 * Everything is checked before the file is read: flags (the method's params are flags declared by
 * its ParamSpecs), seed, sensitive choice (none for a method without sensitive items), every output
 * against every input and each other by file identity (runFiles.ts, outputFiles.ts); the bounds that
 * need the data (k and p at most the rows, m at most the longest row) right after the read, before
 * the method. The files are written whole, together, once the run succeeded.
 * `--workers N` (default: the hardware threads; at most 4 x those) runs a method's independent
 * tasks on N worker threads (PTA's segments, PatternKa's minings, nn's and lsh's queries); the
 * release does not depend on N. The threads start while the file is read. Without `--workers`, nn
 * and lsh on fewer than 50,000 rows run in one thread (their rounds do not pay for the threads'
 * start there). `--rules-out FILE` also writes the run's rules (sec. 7, core/run/rules.ts) for
 * `apply`. A parse error in a file given to a `text` param (a hierarchy, constraints) names that file.
 * `--budget-file F [--budget X]` (differential-privacy methods, budgetFlags.ts): the ε spent on this
 * dataset across releases, checked before the run and entered after it.
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
import { findMethod, METHODS } from '../../core/methods/registry.ts';
import { checkDataBounds, dataFacts } from '../../core/methods/params.ts';
import type { MethodSpec } from '../../core/methods/types.ts';
import { resolveRequest } from '../../core/run/resolveRequest.ts';
import type { RowExample } from '../../core/metrics/summary/rowExamples.ts';
import { workersFlag } from '../commonFlags.ts';
import type { CommandSpec, FlagSpec } from '../flagSpec.ts';
import { methodOf } from '../methodParams.ts';
import type { FlagValues } from '../readCommandLine.ts';
import { parseFlags, readDataset } from '../readDataset.ts';
import { planRunFiles } from '../runFiles.ts';
import { runFlags, runRequest } from '../runFlags.ts';
import { QUIET_FLAG, withProgress, type Progress } from '../progress.ts';
import type { RunProgress } from '../../core/run/runPhases.ts';
import { BUDGET_FLAGS, budgetBookFor } from '../budgetFlags.ts';

/** Release kinds a run saves rules for (core/run/rules.ts). */
const KINDS_WITH_RULES = ['generalized', 'transactions'];

/** The flags of a run of `spec` (runFlags.ts), with its rules and threads. */
function anonymizeFlags(spec: MethodSpec): FlagSpec[] {
  return runFlags(spec, [
    {
      name: 'rules-out',
      kind: 'path-out',
      help: "the run's rules, for `apply` (k^m, COAT and k-anonymity runs)",
      only: {
        when: 'to methods publishing generalized or transactions releases',
        // hkp-coherence's rows are no k-anonymity classes: its rules (the items kept) have no apply yet.
        holds: () => KINDS_WITH_RULES.includes(spec.releaseKind) && spec.model !== 'hkp-coherence',
        refusal: () =>
          `--rules-out: ${spec.id} publishes a ${spec.model} ${spec.releaseKind} release; rules are written for k^m, COAT and k-anonymity runs`,
      },
    },
    workersFlag('the hardware threads'),
    QUIET_FLAG,
    ...BUDGET_FLAGS.map((flag) => ({
      ...flag,
      only: {
        when: 'to differential-privacy methods',
        holds: () => spec.model === 'differential-privacy',
        refusal: () => `--${flag.name}: ${spec.id} is not a differential-privacy method; it spends no ε`,
      },
    })),
  ]);
}

export interface AnonymizeOutput extends RunRecord {
  examples: RowExample[];
  /** The data files written with --export. */
  exported?: string[];
}

export const anonymizeCommand: CommandSpec<AnonymizeOutput> = {
  name: 'anonymize',
  summary: 'runs a method, verifies the release, writes it, prints the run record',
  positional: [{ name: 'file', help: 'the dataset' }],
  flags: (flags) => anonymizeFlags(methodOf(flags, 'anonymize')),
  variesBy: { flag: 'method', values: METHODS.map((m) => m.id) },
  run: (values) => withProgress(values, (progress) => anonymize(values, progress)),
};

async function anonymize(values: FlagValues, progress: Progress): Promise<AnonymizeOutput> {
  const [file] = values.positional;
  const spec = findMethod(values.string('method')!)!;
  const runFiles = planRunFiles(values, spec);

  // `text` params (constraint files) are given as file paths and passed on as their content.
  const request = runRequest(values, spec);
  const { files } = request;
  // Params are checked before the file is read: a typo costs nothing.
  const { params: resolvedParams } = resolveRequest(request);
  const workers = values.integer('workers') ?? availableParallelism();
  // The worker threads start while the file is read (each loads the engine: about a second).
  let pool = workers > 1 && (spec.rounds || spec.parallel) ? createNodePool(workers) : undefined;
  const read = readDataset(file, parseFlags(values), progress.read);
  read.catch(() => pool?.terminate());
  const { dataset, warnings } = await read;
  try {
    // Bounds that need the data (k <= n, m <= the longest row), before anything runs on it.
    checkDataBounds(spec, resolvedParams, dataFacts(dataset));
  } catch (error) {
    void pool?.terminate();
    throw error;
  }
  // By default, a method whose rounds do not pay on this data (nn and lsh on small files) runs in
  // this thread; `--workers N` given always runs on N.
  if (pool && !values.has('workers') && spec.rounds?.pays?.(dataset, resolvedParams) === false) {
    void pool.terminate();
    pool = undefined;
  }
  // One budget per dataset (--budget-file): refused before it runs when it would pass the budget.
  const budget = budgetBookFor(values, dataset, file, Number(resolvedParams.epsilon));
  const started = performance.now();
  let outcome: PublishedRun;
  try {
    const hooks = { peakBytes: () => process.resourceUsage().maxRSS * 1024, progress: progress.run };
    if (pool) progress.stage('running', undefined);
    const pooled = pool ? await onPool(pool, dataset, request, progress.run) : {};
    outcome = publishRun(dataset, { ...request }, { ...hooks, ...pooled }, runFiles.publish);
  } catch (error) {
    // A text param's document is parsed as `<param name>`: name the file it came from.
    const path = error instanceof ParseError ? files[error.file] : undefined;
    if (path && error instanceof ParseError)
      throw new ParseError(path, error.line, error.column, error.reason);
    throw error;
  }
  const { record } = outcome;
  const rulesOut = values.path('rules-out');
  const exported = await runFiles.write(outcome);
  if (budget) budget.enter(spec.id, outcome.release.ledger?.total ?? Number(resolvedParams.epsilon));
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
  progress: RunProgress,
): Promise<Pick<RunHooks, 'result' | 'elapsedMs'>> {
  try {
    await pool.register('cli', dataset.toHandle());
    return await roundsHere(pool, 'cli', dataset, request, {
      progress: (fraction, step) => progress(fraction, 'running', step),
    });
  } finally {
    pool.terminate();
  }
}
