/**
 * `distribute <file> --method ID [params] --parts N [--engine local|dask|slurm] [--workers N]
 * [--scheduler ADDRESS] [--dry-run] --out release.json [--audit audit.json]` (issue 35): the same
 * anonymization run partition by partition on an engine that exists, merged and verified as a
 * whole. The input is cut into N partitions in Gray order (core/distribute/partitionRows.ts:
 * contiguous runs for k-anonymity, dealt out for the other models), each written as
 * a file (distribute/partitionFile.ts) and anonymized by this CLI's own `anonymize` as a task of
 * the engine (distribute/cliEntry.ts names the command), one thread each; the partitions' releases
 * and audits are merged into one release of the usual kind (core/distribute/mergeResults.ts),
 * which goes through the same pipeline as any run: the model's global verifier, then the metrics
 * against the whole input (core/run/publishRun.ts with the merged result). Every partition gets
 * the run's params and seed and, for p-degree, the sensitive items chosen on the whole input (those
 * it holds). Outputs are checked before any work and written whole only when every partition
 * succeeded and the merge verified (runFiles.ts, as `anonymize` writes them); a partition that
 * keeps failing fails the run with its reason. Differential privacy (DiffPart) is cut by a keyed
 * hash of each row's own items and every partition is given the one public item domain, so the
 * partitions' ledgers compose in parallel (core/distribute/dpParts.ts); PrivBasis is refused (its
 * top k do not merge).
 * `--mode rounds --engine dask` runs the method's own rounds on Dask over the whole input instead
 * (PatternKa's Alg. 5; distribute/roundsEngine.ts), the single process's release.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { mergeResults, type PartitionResult } from '../../core/distribute/mergeResults.ts';
import { partitionRows, splitOf, SPLITS, type Split } from '../../core/distribute/partitionRows.ts';
import { partitionMetrics, type PartitionSlice } from '../../core/distribute/partitionMetrics.ts';
import { publishedRowCount } from '../../core/release/rowCount.ts';
import { partsRefusal, splitRefusal } from '../../core/distribute/dpParts.ts';
import { checkDataBounds, dataFacts } from '../../core/methods/params.ts';
import { findMethod, METHODS } from '../../core/methods/registry.ts';
import type { MethodResult, MethodSpec } from '../../core/methods/types.ts';
import { publishRun } from '../../core/run/publishRun.ts';
import { resolveRequest, runContext } from '../../core/run/resolveRequest.ts';
import type { RunRecord } from '../../core/run/runRecord.ts';
import { CliError } from '../cliError.ts';
import { workersFlag } from '../commonFlags.ts';
import { held, methodArgs, parseArgs, partitionFacts, taskArgv } from '../distribute/taskArgs.ts';
import { checkDask, checkScheduler, runDask } from '../distribute/daskEngine.ts';
import { roundsOnDask } from '../distribute/roundsEngine.ts';
import { cliCommand } from '../distribute/cliEntry.ts';
import {
  ENGINES,
  type EngineName,
  type EngineOptions,
  type EngineTask,
  type TaskOutcome,
} from '../distribute/engine.ts';
import { runLocal } from '../distribute/localEngine.ts';
import { partitionFormat, writePartition } from '../distribute/partitionFile.ts';
import { partitionRuntime, readPartition } from '../distribute/partitionOutputs.ts';
import { readyWorkDir } from '../distribute/workDir.ts';
import { sharedHierarchy } from '../distribute/sharedHierarchy.ts';
import { runInDriver, runsInDriver } from '../distribute/itemlessParts.ts';
import { runSlurm } from '../distribute/slurmEngine.ts';
import { slurmScript } from '../distribute/slurmScript.ts';
import { SLURM_FLAGS, slurmOptions } from '../distribute/slurmFlags.ts';
import { sizeSlurm, slurmPartitions, type SlurmPartition } from '../distribute/slurmSizing.ts';
import { onInterrupt } from '../distribute/interrupt.ts';
import { checkDriverMemory } from '../distribute/driverMemory.ts';
import { memoryMbOf } from '../memoryBudget.ts';
import { collectDone, detach, DETACH_FLAGS, STATUS_FLAG, type DetachOutput } from '../distribute/detach.ts';
import { superviseDetached, type Resubmitted } from '../distribute/detachRetry.ts';
import { distributeStatus, type StatusOutput } from '../distribute/detachStatus.ts';
import type { CommandSpec, FlagSpec, RawFlags } from '../flagSpec.ts';
import { methodOf } from '../methodParams.ts';
import type { FlagValues } from '../readCommandLine.ts';
import { parseFlags, readDataset } from '../readDataset.ts';
import { planRunFiles } from '../runFiles.ts';
import { runFlags, runRequest } from '../runFlags.ts';
import { QUIET_FLAG, withProgress, type Progress } from '../progress.ts';

export const MODES = ['partitions', 'rounds'] as const;
type Mode = (typeof MODES)[number];

/** The most partitions: a bound on the tasks and files one run makes. */
export const MAX_PARTS = 10_000;

/** The flags of a run (runFlags.ts; not anonymize's threads, nor its rules), then the engine's. */
function distributeFlags(spec: MethodSpec, raw: RawFlags): FlagSpec[] {
  return [
    ...runFlags(spec),
    {
      name: 'mode',
      kind: 'string',
      choices: MODES,
      default: 'partitions',
      help: "partitions: each anonymized on its own, merged; rounds: the method's own rounds of tasks over the whole input (PatternKa's Alg. 5; --engine dask)",
      only: {
        when: 'rounds: with --engine dask and a method with rounds (patternka, pta, nn, lsh)',
        holds: (f) =>
          f.get('mode') !== 'rounds' || (f.get('engine') === 'dask' && Boolean(spec.rounds || spec.parallel)),
      },
    },
    {
      name: 'parts',
      kind: 'integer',
      min: 1,
      max: MAX_PARTS,
      only: { when: 'with --mode partitions', holds: (f) => f.get('mode') !== 'rounds' },
      bound: 'at most the rows / k (p, l)',
      help: 'the partitions, one task each',
    },
    {
      name: 'engine',
      kind: 'string',
      choices: ENGINES,
      default: 'local',
      help: 'where the tasks run: processes here, Dask distributed, or a Slurm job array',
    },
    {
      ...workersFlag("the hardware threads; slurm: the partition's CPUs"),
      // On Slurm the cluster bounds it (slurmSizing.ts), not this host's cores.
      ...(raw.get('engine') === 'slurm' && {
        max: MAX_PARTS,
        maxWhy: "on Slurm: at most the partition's CPUs",
      }),
      help: 'tasks at once: processes (local), LocalCluster workers (dask), the array throttle (slurm)',
    },
    ...SLURM_FLAGS,
    ...DETACH_FLAGS,
    {
      name: 'scheduler',
      kind: 'string',
      help: "a running Dask scheduler's address (tcp://host:8786); without it a LocalCluster of --workers starts",
      only: { when: 'with --engine dask', holds: (f) => f.get('engine') === 'dask' },
    },
    {
      name: 'dry-run',
      kind: 'boolean',
      help: 'write the partitions and the job-array script, print it, submit nothing',
      only: { when: 'with --engine slurm', holds: (f) => f.get('engine') === 'slurm' },
    },
    {
      name: 'retries',
      kind: 'integer',
      min: 0,
      max: 10,
      default: 2,
      help: 'attempts after the first for a partition that fails',
    },
    {
      name: 'split',
      kind: 'string',
      choices: SPLITS,
      help: 'partitions as contiguous runs of the Gray order, dealt out from it, or by a hash of each row keyed by --seed (default: by model; differential privacy: item-hash only)',
    },
    {
      name: 'work-dir',
      kind: 'string',
      help: 'where partitions and task outputs go, kept afterwards (default: a temporary folder, removed); on a cluster, one every machine sees',
    },
    QUIET_FLAG,
    STATUS_FLAG,
  ];
}

export interface DistributeOutput extends RunRecord {
  distribute: {
    engine: EngineName;
    mode: Mode;
    workers: number;
    /** --mode partitions: the partitions, how they were cut. */
    parts?: number;
    split?: Split;
    /** Per partition: its rows, the method's own time, the task's CPU seconds and attempts (0: run by the driver, itemlessParts.ts). */
    partitions?: { rows: number; runtime_ms: number | null; cpu_s: number | null; attempts: number }[];
    /** --mode rounds: the rounds and the tasks in them. */
    rounds?: number;
    tasks?: number;
    /** CPU seconds of every partition's task together (null where the engine cannot tell), and of this process. */
    cpu_s: { partitions: number | null; driver: number };
    /** Wall time of the engine's part (tasks started to last one done). */
    engine_ms: number;
    work_dir?: string;
  };
  exported?: string[];
}

export const distributeCommand: CommandSpec<
  DistributeOutput | SlurmDryRun | DetachOutput | Resubmitted | StatusOutput
> = {
  name: 'distribute',
  summary: 'anonymizes partition by partition on an engine (local, Dask, Slurm), merges, verifies the whole',
  // No file with --status DIR alone (distribute/detach.ts).
  positional: [{ name: 'file', help: 'the dataset', optional: true }],
  flags: (flags) =>
    flags.has('status') ? [STATUS_FLAG] : distributeFlags(methodOf(flags, 'distribute'), flags),
  repeatable: ['sbatch-arg'],
  variesBy: { flag: 'method', values: METHODS.map((m) => m.id) },
  run: (values) =>
    values.has('status')
      ? Promise.resolve(distributeStatus(values.string('status')!))
      : withProgress(values, (progress) => distribute(values, progress)),
};

interface SlurmDryRun {
  engine: 'slurm';
  dryRun: true;
  script: string;
  scriptFile: string;
  workDir: string;
  parts: number;
}

async function distribute(
  values: FlagValues,
  progress: Progress,
): Promise<DistributeOutput | SlurmDryRun | DetachOutput | Resubmitted> {
  const cpuStart = process.cpuUsage();
  const [file] = values.positional;
  if (file === undefined)
    throw new CliError('distribute needs the dataset: distribute <file> --method ID ...');
  // --merge DIR: a detached run's merge job, on a node: the partitions are DIR's, done.
  const mergeOf = values.string('merge');
  const detached = values.boolean('detach') === true;
  // The merge job first retries the array's failed tasks (and ends), or goes on to merge.
  const resubmitted =
    mergeOf === undefined
      ? null
      : superviseDetached(resolve(mergeOf), values.integer('retries')!, (l) => progress.line(l));
  if (resubmitted) return resubmitted;
  const spec = findMethod(values.string('method')!)!;
  const splitFlag = values.string('split') as Split | undefined;
  const refused =
    partsRefusal(spec.model, spec.releaseKind, spec.id) ?? (splitFlag && splitRefusal(spec.model, splitFlag));
  if (refused) throw new CliError(`distribute: ${refused}`);
  const engine = values.string('engine') as EngineName;
  const parts = values.integer('parts');
  const mode = values.string('mode') as Mode;
  const dryRun = values.boolean('dry-run') === true;
  const runFiles = planRunFiles(values, spec);
  const request = runRequest(values, spec);
  const { files } = request;
  const { params: resolved } = resolveRequest(request);
  if (engine === 'dask') checkDask();
  const scheduler = values.string('scheduler');
  if (engine === 'dask' && scheduler !== undefined && !dryRun) await checkScheduler(scheduler);
  if (
    engine === 'slurm' &&
    !dryRun &&
    mergeOf === undefined &&
    spawnSync('sbatch', ['--version']).status !== 0
  )
    throw new CliError('--engine slurm needs sbatch on PATH (a Slurm client); --dry-run prints the script');

  // A given work directory is made ready (and checked) before the data is read.
  const given = mergeOf ?? values.string('work-dir');
  const givenDir = given === undefined ? undefined : readyWorkDir(given);
  // No dense BitMatrix in the driver of partitions (up to 256 MiB, the peak's largest part on the
  // 410,201-row shape): it runs no method, and the metrics' counts are the same without it
  // (driverMemory.ts). The rounds mode's driver runs the method's own steps: it keeps it.
  const { dataset } = await readDataset(
    file,
    { ...parseFlags(values), ...(mode === 'partitions' && { bitBudget: 0 }) },
    progress.read,
  );
  checkDataBounds(spec, resolved, dataFacts(dataset));
  // The driver merges, verifies and measures the whole (driverMemory.ts); a dry run does not.
  if (!dryRun) checkDriverMemory(file, dataset.n, dataset.offsets[dataset.n], memoryMbOf(values));
  for (const name of ['k', 'p', 'l']) {
    const v = resolved[name];
    if (typeof v === 'number' && parts !== undefined && parts * v > dataset.n)
      throw new CliError(
        `--parts ${parts}: each partition needs at least ${name} = ${v} rows; ${dataset.n} rows make at most ${Math.floor(dataset.n / v)}`,
      );
  }
  if (parts !== undefined && parts > dataset.n)
    throw new CliError(`--parts ${parts}: ${dataset.name} has ${dataset.n} rows`);
  const ctx = runContext(dataset, spec, resolved, request);
  const workers = values.integer('workers') ?? availableParallelism();
  // The engines' lines (a partition started, done, retried) above the progress line, which counts
  // the partitions done (localEngine.ts's words).
  let partsDone = 0;
  const log = (line: string) => {
    progress.line(line);
    if (/^partition \d+: done/.test(line)) progress.count(++partsDone);
  };

  /** The result through the one pipeline (verify, measure, publish), its files written whole. */
  const publish = async (result: MethodResult, elapsedMs: number, slices?: readonly PartitionSlice[]) => {
    const outcome = publishRun(
      dataset,
      request,
      {
        result,
        elapsedMs,
        // The metrics as sums over the partitions (partitionMetrics.ts), not over the whole.
        ...(slices && { measured: partitionMetrics(dataset, result.release, result.audit, slices) }),
        peakBytes: () => process.resourceUsage().maxRSS * 1024,
        progress: progress.run,
      },
      runFiles.publish,
    );
    const exported = await runFiles.write(outcome);
    const { perQuery: _perQuery, ...record } = outcome.record;
    return {
      record: {
        ...record,
        params: { ...record.params, ...files },
        command: `distribute ${process.argv.slice(3).join(' ')}`.trim(),
      },
      exported,
    };
  };

  if (mode === 'rounds') {
    const server = [
      ...cliCommand(),
      'tasks',
      resolve(file),
      ...parseArgs(values),
      ...methodArgs(values, spec, ctx.header.sensitive),
    ];
    const options = {
      workers,
      retries: values.integer('retries')!,
      scheduler: values.string('scheduler'),
      workDir: tmpdir(),
      log,
    };
    progress.stage('rounds');
    const rounds = await roundsOnDask(dataset, request, server, options);
    const { record, exported } = await publish(
      { ...rounds.result, notes: { ...rounds.result.notes, engine, mode, rounds: rounds.rounds } },
      rounds.elapsedMs,
    );
    const driver = process.cpuUsage(cpuStart);
    return {
      ...record,
      distribute: {
        engine,
        mode,
        workers,
        rounds: rounds.rounds,
        tasks: rounds.tasks,
        cpu_s: { partitions: null, driver: (driver.user + driver.system) / 1e6 },
        engine_ms: rounds.elapsedMs,
      },
      ...(exported ? { exported } : {}),
    };
  }
  if (parts === undefined) throw new CliError('distribute needs --parts N (or --mode rounds)');
  const split = splitFlag ?? splitOf(spec.model);
  progress.stage('partitioning');
  const rowsOf = partitionRows(dataset, parts, split, request.seed);

  // Slurm's default work directory is under the current one (a login node's is as a rule on the
  // file system the nodes share; /tmp is each node's own); the engine checks it is shared.
  const workDir =
    givenDir ?? mkdtempSync(join(engine === 'slurm' ? resolve('.') : tmpdir(), '.txanon-distribute-'));
  // A signal from here on: the engine's cleanup (its jobs cancelled), then this one: the raw
  // partitions and their audits removed, or kept in a --work-dir the user named, as said.
  const releaseInterrupt = onInterrupt((signal) => {
    if (!given) rmSync(workDir, { recursive: true, force: true });
    else
      process.stderr.write(
        `distribute: ${signal}: the partitions and their audits stay in --work-dir ${workDir}\n`,
      );
  });
  const format = partitionFormat(dataset);
  const hierarchyFile = sharedHierarchy(dataset, spec, resolved, workDir);
  const sensitiveIds = new Set(ctx.sensitive);
  const tasks: EngineTask[] = [];
  rowsOf.forEach((rows, part) => {
    if (runsInDriver(spec, dataset, rows)) return; // a DP partition without an item: below
    const dir = join(workDir, `part-${part}`);
    mkdirSync(dir, { recursive: true });
    const input = join(dir, `input.${format.extension}`);
    if (mergeOf === undefined) writePartition(input, dataset, rows, format);
    tasks.push({
      part,
      dir,
      argv: [
        ...taskArgv(input, format.readFlags, values, spec, held(dataset, rows, sensitiveIds), {
          ...partitionFacts(dataset, rows),
          inputFormat: dataset.format,
          part,
        }),
        ...(hierarchyFile ? ['--hierarchy', hierarchyFile] : []),
      ],
    });
  });
  const options: { -readonly [K in keyof EngineOptions]: EngineOptions[K] } = {
    workers,
    retries: values.integer('retries')!,
    scheduler: values.string('scheduler'),
    workDir,
    log,
  };
  let slurm = slurmOptions(values);
  if (engine === 'slurm' && mergeOf === undefined) {
    // --mem, --time, the partition and the throttle from the largest partition and the cluster.
    const largest = Math.max(0, ...rowsOf.map((rows) => rows.reduce((n, r) => n + dataset.rowLength(r), 0)));
    let sized: ReturnType<typeof sizeSlurm>;
    try {
      sized = sizeSlurm(slurm, values.integer('workers'), largest, clusterPartitions(dryRun), log);
    } catch (error) {
      // A refusal (too many workers, too much memory) leaves no raw partition behind.
      releaseInterrupt();
      if (!given) rmSync(workDir, { recursive: true, force: true });
      throw error;
    }
    slurm = sized.slurm;
    options.workers = Math.min(sized.workers, Math.max(1, tasks.length));
  }
  if (dryRun) {
    releaseInterrupt();
    const script = slurmScript(tasks, options, slurm);
    const scriptFile = join(workDir, 'txanon-array.sh');
    writeFileSync(scriptFile, script, { mode: 0o755 }); // --out is not written by a dry run
    return { engine: 'slurm', dryRun: true, script, scriptFile, workDir, parts };
  }

  if (detached) {
    releaseInterrupt();
    return detach(file, values, tasks, options, slurm, parts);
  }

  const started = performance.now();
  try {
    const run =
      mergeOf !== undefined
        ? async (t: readonly EngineTask[]) => collectDone(t)
        : engine === 'dask'
          ? runDask
          : engine === 'slurm'
            ? (t: readonly EngineTask[], o: EngineOptions) => runSlurm(t, o, slurm)
            : runLocal;
    progress.stage('partitions', tasks.length);
    const outcomes: TaskOutcome[] = await run(tasks, options);
    const engineMs = performance.now() - started;
    const outcomeOf = (part: number) => outcomes.find((o) => o.part === part);
    const results: PartitionResult[] = rowsOf.map((rows, part) => {
      const o = outcomeOf(part);
      return o ? { rows, ...readPartition(o.dir) } : runInDriver(dataset, request, rows, part, hierarchyFile);
    });
    progress.stage('merging');
    const slices = results.map((r) => ({ rows: r.rows, published: publishedRowCount(r.release) }));
    const { warnings, ...merged } = mergeResults(dataset, ctx.header, results, split);
    // The work directory is no longer needed: it goes now, before the files are written (whose
    // own signal handling, outputFiles.ts, takes over from here).
    releaseInterrupt();
    if (!given) rmSync(workDir, { recursive: true, force: true });
    const { record, exported } = await publish(
      { ...merged, notes: { partitions: parts, engine, split } },
      engineMs,
      slices,
    );
    record.warnings.push(...warnings);
    const partitions = rowsOf.map((rows, part) => {
      const o = outcomeOf(part);
      return o
        ? {
            rows: rows.length,
            runtime_ms: partitionRuntime(o.dir),
            cpu_s: o.cpuSeconds,
            attempts: o.attempts,
          }
        : { rows: rows.length, runtime_ms: null, cpu_s: 0, attempts: 0 }; // run in the driver
    });
    const cpus = outcomes.map((o) => o.cpuSeconds);
    const driver = process.cpuUsage(cpuStart);
    return {
      ...record,
      distribute: {
        engine,
        mode: 'partitions',
        parts,
        split,
        workers,
        partitions,
        cpu_s: {
          partitions: cpus.every((c) => c !== null) ? cpus.reduce((a, b) => a! + b!, 0) : null,
          driver: (driver.user + driver.system) / 1e6,
        },
        engine_ms: engineMs,
        ...(given && { work_dir: workDir }),
      },
      ...(exported ? { exported } : {}),
    };
  } finally {
    // The partitions and the tasks' files go, whatever happened; a given --work-dir stays.
    releaseInterrupt();
    if (!given) rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * The cluster's partitions; a dry run where no Slurm client answers sizes the job without them
 * (no cap from the cluster: the script is for another machine).
 */
function clusterPartitions(dryRun: boolean): SlurmPartition[] {
  try {
    return slurmPartitions();
  } catch (error) {
    if (!dryRun) throw error;
    // No throttle but the tasks' count (see above): the script is for a cluster not known here.
    return [
      { name: '(no Slurm here)', isDefault: true, cpus: MAX_PARTS, memoryMb: Infinity, maxMinutes: Infinity },
    ];
  }
}
