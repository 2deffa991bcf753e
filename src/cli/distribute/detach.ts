/**
 * `distribute --engine slurm --detach` and `distribute --status DIR` (issue 42): the HPC idiom of
 * a job array followed by an `afterok` merge job, no driver left on the submit host.
 * - `--detach` writes the partitions and the array script as an attached run does, submits the
 *   array, then a merge job (`--dependency=afterany:ARRAY`) that runs this same command line on a
 *   node with `--merge DIR` in place of `--detach`; it writes DIR/detached.json (the jobs, each
 *   task's directory, array job and tries, the outputs) and returns at once.
 * - `--merge DIR` (the merge job's own entry) first supervises (detachRetry.ts): a task that failed
 *   or was cancelled is submitted again with a new merge job behind it, up to `--retries`; bad
 *   input is never retried. Once every task is done, the partitions' results are read from their
 *   `done` attempts in DIR (collectDone), then merged, verified and measured as an attached run
 *   does. Each merge job's record, stderr and exit code go to DIR/merge/<its job id>/.
 * - `--status DIR` reads DIR/detached.json, the tasks' attempt files and squeue (what Slurm still
 *   knows: MinJobAge after an end) and says where the run is: running, merging, done (the release's
 *   path and its verifier's verdict) or failed (the tasks' reasons, the merge job's), and the
 *   retries made so far with their reasons.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CliError } from '../cliError.ts';
import type { FlagSpec } from '../flagSpec.ts';
import type { FlagValues } from '../readCommandLine.ts';
import { cliCommand } from './cliEntry.ts';
import type { EngineOptions, EngineTask, TaskOutcome } from './engine.ts';
import { childCpuSeconds, shellQuote } from './shellTask.ts';
import { slurmCommand } from './slurmQueue.ts';
import { findNode, NODE_BINARY, slurmScript, type SlurmOptions } from './slurmScript.ts';
import { attemptReason } from './taskReason.ts';

/** What --detach leaves in the work directory for --status and the merge job. */
const STATE_FILE = 'detached.json';
/** The merge jobs' files, each in <job id>/: record.json (its standard output), stderr, exit. */
const MERGE_DIR = 'merge';
/** The scripts a detached run submits (again, for a retry). */
export const ARRAY_SCRIPT = 'txanon-array.sh';
export const MERGE_SCRIPT = 'txanon-merge.sh';

export const DETACH_FLAGS: readonly FlagSpec[] = [
  {
    name: 'detach',
    kind: 'boolean',
    help: 'submit the array and an afterok merge job, print their ids and the work dir, return at once (see --status)',
    only: {
      when: 'with --engine slurm and a --work-dir the nodes share',
      holds: (f) => f.get('engine') === 'slurm' && f.has('work-dir') && !f.has('dry-run'),
    },
  },
  {
    name: 'merge',
    kind: 'string',
    value: 'DIR',
    help: "the merge job of a --detach run (submitted by it): merges, verifies and measures DIR's partitions",
    only: { when: 'with --engine slurm', holds: (f) => f.get('engine') === 'slurm' && !f.has('detach') },
  },
];

export const STATUS_FLAG: FlagSpec = {
  name: 'status',
  kind: 'string',
  value: 'DIR',
  help: 'where the --detach run in DIR is: its tasks, its merge job, the release and its verdict (alone)',
};

/** DIR/detached.json: the run as the merge jobs (detachRetry.ts) and --status read it. */
export interface Detached {
  /** The first array job. */
  array: string;
  /** The current merge job (a retry submits a new one). */
  merge: string;
  submitted: string;
  /** The array's throttle (`%W`). */
  workers: number;
  /** Each task: its array index, the array job of its last submission, its submissions so far. */
  tasks: { part: number; dir: string; index: number; job: string; tries: number }[];
  /** The retries made, oldest first: the partition, its failed attempt, why, when. */
  retried: { part: number; attempt: number; reason: string; at: string }[];
  out?: string;
}

/** DIR/detached.json, or a CliError saying DIR is not a detached run's (`what`: the flag). */
export function readDetached(workDir: string, what: string): Detached {
  try {
    const state = JSON.parse(readFileSync(join(workDir, STATE_FILE), 'utf8')) as Detached;
    if (!Array.isArray(state.tasks) || typeof state.array !== 'string') throw new Error('not ours');
    return state;
  } catch {
    throw new CliError(`${what}: no ${STATE_FILE} in ${workDir}: not the work dir of a --detach run`);
  }
}

/** Writes DIR/detached.json whole (a reader never sees half of it). */
export function writeDetached(workDir: string, state: Detached): void {
  const file = join(workDir, STATE_FILE);
  writeFileSync(`${file}.new`, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(`${file}.new`, file);
}

/** `sbatch --parsable ARGS`'s job id. */
export const submitJob = (args: readonly string[]) =>
  slurmCommand('sbatch', ['--parsable', ...args])
    .trim()
    .split(';')[0];

export interface DetachOutput {
  engine: 'slurm';
  detached: true;
  arrayJob: string;
  mergeJob: string;
  workDir: string;
  parts: number;
  status: string;
}

/** Submits the array and its merge job; returns at once. */
export function detach(
  file: string,
  values: FlagValues,
  tasks: readonly EngineTask[],
  options: EngineOptions,
  slurm: SlurmOptions,
  parts: number,
): DetachOutput {
  const { workDir } = options;
  const arrayScript = join(workDir, ARRAY_SCRIPT);
  writeFileSync(arrayScript, slurmScript(tasks, options, slurm), { mode: 0o755 });
  const mergeDir = join(workDir, MERGE_DIR);
  mkdirSync(mergeDir, { recursive: true });
  const [node, ...cli] = cliCommand();
  const words = [
    node === process.execPath ? NODE_BINARY : node,
    ...cli,
    'distribute',
    resolve(file),
    ...values.words().filter((w) => !/^--(detach|work-dir)=/.test(w)),
    `--merge=${workDir}`,
  ];
  const mergeScript = join(workDir, MERGE_SCRIPT);
  writeFileSync(
    mergeScript,
    [
      '#!/bin/bash',
      '#SBATCH --job-name=txanon-merge',
      '#SBATCH --ntasks=1',
      '#SBATCH --cpus-per-task=1',
      '#SBATCH --no-requeue',
      `#SBATCH --output=${mergeDir}/slurm-%j.out`,
      ...(slurm.partition ? [`#SBATCH --partition=${slurm.partition}`] : []),
      ...slurm.sbatchArgs.map((a) => `#SBATCH ${a}`),
      '# txanon distribute --detach: the merge, verification and metrics of the array (issue 42).',
      'set -u',
      `out=${shellQuote(mergeDir)}/"$SLURM_JOB_ID"`,
      'mkdir -p "$out" || exit 3',
      ...findNode(slurm.node, '$out'),
      `set -- ${words.map(shellQuote).join(' ')}`,
      'args=(); for a in "$@"; do args+=("${a//\\{node\\}/$node}"); done',
      '"${args[@]}" > "$out/record.json" 2> "$out/stderr"',
      'code=$?',
      'echo "$code" > "$out/exit"',
      'exit "$code"',
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  const array = submitJob([arrayScript]);
  let merge: string;
  try {
    // afterany: the merge job runs when every task has ended, well or not, and retries the others.
    merge = submitJob([`--dependency=afterany:${array}`, mergeScript]);
  } catch (error) {
    spawnCancel(array);
    throw error;
  }
  const out = values.path('out');
  writeDetached(workDir, {
    array,
    merge,
    submitted: new Date().toISOString(),
    workers: options.workers,
    tasks: tasks.map((t, index) => ({ part: t.part, dir: t.dir, index, job: array, tries: 1 })),
    retried: [],
    ...(out && { out: resolve(out) }),
  });
  options.log(
    `slurm: array job ${array} (${tasks.length} tasks, at most ${options.workers} at once) and merge job ${merge} (afterany: it retries a failed task up to ${options.retries} times, then merges) submitted; txanon distribute --status ${workDir}`,
  );
  return {
    engine: 'slurm',
    detached: true,
    arrayJob: array,
    mergeJob: merge,
    workDir,
    parts,
    status: `txanon distribute --status ${workDir}`,
  };
}

const spawnCancel = (job: string) => {
  try {
    slurmCommand('scancel', [job]);
  } catch {
    // already gone
  }
};

/** The attempts of a task's directory, oldest first. */
export const attemptsIn = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => n.startsWith('attempt-'))
        .sort()
    : [];

/** The merge job's entry: every task's `done` attempt in the work directory, or a CliError. */
export function collectDone(tasks: readonly EngineTask[]): TaskOutcome[] {
  return tasks.map((t) => {
    const all = attemptsIn(t.dir);
    const done = all.find((n) => existsSync(join(t.dir, n, 'done')));
    if (!done)
      throw new CliError(
        `--merge: partition ${t.part} has no finished attempt in ${t.dir}${all.length ? ` (the last: ${attemptReason(join(t.dir, all.at(-1)!), 'no result')})` : ''}`,
      );
    const dir = join(t.dir, done);
    return { part: t.part, dir, cpuSeconds: childCpuSeconds(dir), attempts: all.length };
  });
}
